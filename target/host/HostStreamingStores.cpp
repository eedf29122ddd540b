//===- HostStreamingStores.cpp - Non-temporal stores of large outputs -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/host/HostStreamingStores.h"

#include "mgpu/mgpu.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVectorExtras.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsX86.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

#include <cstddef>

#define DEBUG_TYPE "offload-host-streaming-stores"

using namespace llvm;

namespace mlir::offload::host {
namespace {

// MgpuHostBlock's offsets below are this compiler's: an object for x86-64
// has the same, as any LP64 one.
static_assert(sizeof(void *) == 8 && alignof(uint64_t) == 8,
              "MgpuHostBlock's layout here is not x86-64's");

/// The alignment that the copy assumes of each pointer it streams through,
/// and that the run function checks: a cache line, which a 512-bit store
/// fills.
constexpr uint64_t kStreamingAlignment = 64;

/// The run functions that the module's MgpuHostKernel descriptors name.
SetVector<Function *> findRunFunctions(Module &module) {
  SetVector<Function *> runs;
  for (GlobalVariable &global : module.globals()) {
    if (!global.getName().starts_with(MGPU_HOST_KERNEL_PREFIX) ||
        !global.hasInitializer())
      continue;
    for (Use &field : global.getInitializer()->operands())
      if (auto *run = dyn_cast<Function>(field->stripPointerCasts());
          run && !run->isDeclaration())
        runs.insert(run);
  }
  return runs;
}

/// Whether `function` could show its stores to another thread in an order
/// that non-temporal stores, which are ordered only by a fence, would break:
/// an atomic, a fence, a call that may touch memory (an intrinsic's effects
/// are its operands'), a pointer made from an integer.
bool mayOrderStores(Function &function) {
  for (Instruction &inst : instructions(function)) {
    if (isa<AtomicRMWInst, AtomicCmpXchgInst, FenceInst, IntToPtrInst>(inst))
      return true;
    if (auto *load = dyn_cast<LoadInst>(&inst); load && !load->isUnordered())
      return true;
    if (auto *store = dyn_cast<StoreInst>(&inst);
        store && !store->isUnordered())
      return true;
    if (auto *call = dyn_cast<CallBase>(&inst);
        call && !isa<IntrinsicInst>(call) && !call->doesNotAccessMemory())
      return true;
  }
  return false;
}

/// Whether every use of `pointer`, and of each address made from it, is a
/// store to that address (masked or not), a comparison of it (the
/// vectorizer's checks of overlap) or a prefetch: no load, no other call,
/// no escape.
bool isWriteOnly(Value *pointer) {
  SmallVector<Value *> work{pointer};
  SmallPtrSet<Value *, 16> seen{pointer};
  while (!work.empty()) {
    Value *address = work.pop_back_val();
    for (User *user : address->users()) {
      if (isa<GetElementPtrInst, PHINode, SelectInst>(user)) {
        if (seen.insert(user).second)
          work.push_back(user);
        continue;
      }
      if (auto *store = dyn_cast<StoreInst>(user)) {
        if (store->getValueOperand() == address)
          return false;
        continue;
      }
      // mayOrderStores() refused integers made into pointers: an address's
      // integer is only compared or subtracted.
      if (isa<ICmpInst, PtrToIntInst>(user))
        continue;
      // A masked store (the tested last iterations of a grid-stride loop)
      // stays as it is: x86 has no non-temporal one.
      if (auto *intrinsic = dyn_cast<IntrinsicInst>(user);
          intrinsic &&
          (intrinsic->getIntrinsicID() == Intrinsic::prefetch ||
           (intrinsic->getIntrinsicID() == Intrinsic::masked_store &&
            intrinsic->getArgOperand(0) != address)))
        continue;
      LLVM_DEBUG(dbgs() << "  read or escapes: " << *user << "\n");
      return false;
    }
  }
  return true;
}

/// Whether `inst` is a prefetch of memory that only `pointers` reach.
bool prefetchesOnly(const Instruction &inst,
                    const SmallPtrSetImpl<const Value *> &pointers) {
  auto *prefetch = dyn_cast<IntrinsicInst>(&inst);
  if (!prefetch || prefetch->getIntrinsicID() != Intrinsic::prefetch)
    return false;
  SmallVector<const Value *> objects;
  getUnderlyingObjects(prefetch->getArgOperand(0), objects);
  return !objects.empty() && llvm::all_of(objects, [&](const Value *object) {
    return pointers.contains(object);
  });
}

/// The pointers that `run` loads in its entry block, before anything with
/// an effect, and only stores through: each with where it is loaded.
SmallVector<LoadInst *> findStreamedPointers(Function &run) {
  SmallVector<LoadInst *> pointers;
  for (Instruction &inst : run.getEntryBlock()) {
    if (inst.mayHaveSideEffects() || inst.isTerminator())
      break;
    if (auto *load = dyn_cast<LoadInst>(&inst);
        load && load->getType()->isPointerTy() && isWriteOnly(load))
      pointers.push_back(load);
  }
  return pointers;
}

/// The alignment of `address` that the pointer `base` it is made from gives
/// it, where `base` is kStreamingAlignment-aligned: through the trailing
/// zeros of the offset between them as ScalarEvolution sees it, which
/// follows a grid-stride loop's `k * blockDim * gridDim` where the known
/// bits of the address give up.
Align alignmentFromBase(ScalarEvolution &evolution, Value *address,
                        const Value *base) {
  const SCEV *offset = evolution.getMinusSCEV(
      evolution.getSCEV(address), evolution.getSCEV(const_cast<Value *>(base)));
  if (isa<SCEVCouldNotCompute>(offset))
    return Align(1);
  uint32_t zeros = std::min<uint32_t>(evolution.getMinTrailingZeros(offset),
                                      Log2_64(kStreamingAlignment));
  return Align(uint64_t{1} << zeros);
}

/// In `copy`, whose `pointers` are its own, makes the vector stores through
/// them that their alignment makes whole non-temporal, drops the prefetches
/// of those pointers' lines (a prefetch for writing reads the line), and
/// fences each return. The bytes of the widest element stored through each
/// pointer, none if no store could be made non-temporal.
MapVector<Value *, uint64_t> streamStores(Function &copy,
                                          ArrayRef<LoadInst *> pointers) {
  const DataLayout &layout = copy.getDataLayout();
  SmallVector<CallInst *> assumptions;
  SmallPtrSet<const Value *, 8> streamed;
  for (LoadInst *pointer : pointers) {
    IRBuilder<> builder(pointer->getNextNode());
    assumptions.push_back(builder.CreateAlignmentAssumption(
        layout, pointer, kStreamingAlignment));
    streamed.insert(pointer);
  }
  DominatorTree dominators(copy);
  AssumptionCache assumptionCache(copy);
  LoopInfo loops(dominators);
  TargetLibraryInfoImpl libraryImpl(copy.getParent()->getTargetTriple());
  TargetLibraryInfo library(libraryImpl, &copy);
  ScalarEvolution evolution(copy, library, assumptionCache, dominators, loops);
  MapVector<Value *, uint64_t> elementBytes;
  for (Instruction &inst : instructions(copy)) {
    auto *store = dyn_cast<StoreInst>(&inst);
    if (!store || !store->getValueOperand()->getType()->isVectorTy())
      continue;
    SmallVector<const Value *> objects;
    getUnderlyingObjects(store->getPointerOperand(), objects);
    if (objects.size() != 1 || !streamed.contains(objects.front()))
      continue;
    Type *type = store->getValueOperand()->getType();
    uint64_t bytes = layout.getTypeStoreSize(type);
    Align known =
        std::max(getKnownAlignment(store->getPointerOperand(), layout, store,
                                   &assumptionCache, &dominators),
                 alignmentFromBase(evolution, store->getPointerOperand(),
                                   objects.front()));
    LLVM_DEBUG(dbgs() << copy.getName() << ": " << *store << ": aligned to "
                      << known.value() << "\n");
    if (known.value() < bytes || !isPowerOf2_64(bytes) || bytes < 16)
      continue;
    store->setAlignment(known);
    store->setMetadata(
        LLVMContext::MD_nontemporal,
        MDNode::get(copy.getContext(),
                    ConstantAsMetadata::get(ConstantInt::get(
                        Type::getInt32Ty(copy.getContext()), 1))));
    uint64_t &widest = elementBytes[const_cast<Value *>(objects.front())];
    widest = std::max<uint64_t>(widest,
                                layout.getTypeStoreSize(type->getScalarType()));
  }
  for (CallInst *assumption : assumptions)
    assumption->eraseFromParent();
  if (elementBytes.empty())
    return elementBytes;
  SmallPtrSet<const Value *, 8> nonTemporal;
  for (auto &entry : elementBytes)
    nonTemporal.insert(entry.first);
  SmallVector<Instruction *> prefetches;
  for (Instruction &inst : instructions(copy))
    if (prefetchesOnly(inst, nonTemporal))
      prefetches.push_back(&inst);
  for (Instruction *prefetch : prefetches)
    prefetch->eraseFromParent();
  // Non-temporal stores are ordered by a fence only: the blocks' results
  // must be seen before the runtime counts them done. (SSE's: an x86-64
  // host object has SSE2, resolveHostMachine() sees to it.)
  for (BasicBlock &block : copy)
    if (auto *ret = dyn_cast<ReturnInst>(block.getTerminator()))
      IRBuilder<>(ret).CreateIntrinsic(Intrinsic::x86_sse_sfence, {});
  return elementBytes;
}

/// A field of the MgpuHostBlock that `block` points to, zero-extended to
/// i128.
Value *loadBlockField(IRBuilder<> &builder, Value *block, size_t offset,
                      Type *type) {
  Value *address =
      builder.CreateConstInBoundsGEP1_64(builder.getInt8Ty(), block, offset);
  return builder.CreateZExt(builder.CreateLoad(type, address),
                            builder.getInt128Ty());
}

/// Whether the launch that `block` (a run function's MgpuHostBlock
/// parameter) describes stores at least its streamingBytes when each
/// thread stores an element of `bytesPerThread` through the pointers.
Value *storesEnough(IRBuilder<> &builder, Value *block,
                    uint64_t bytesPerThread) {
  Type *i32 = builder.getInt32Ty();
  Value *bytes = builder.getIntN(128, bytesPerThread);
  for (size_t offset :
       {offsetof(MgpuHostBlock, gridDimX), offsetof(MgpuHostBlock, gridDimY),
        offsetof(MgpuHostBlock, gridDimZ), offsetof(MgpuHostBlock, blockDimX),
        offsetof(MgpuHostBlock, blockDimY), offsetof(MgpuHostBlock, blockDimZ)})
    bytes =
        builder.CreateMul(bytes, loadBlockField(builder, block, offset, i32),
                          "", /*HasNUW=*/true);
  Value *threshold =
      loadBlockField(builder, block, offsetof(MgpuHostBlock, streamingBytes),
                     builder.getInt64Ty());
  Value *zero = builder.getIntN(128, 0);
  return builder.CreateAnd(builder.CreateICmpNE(threshold, zero),
                           builder.CreateICmpUGE(bytes, threshold));
}

/// Makes `run` call `copy` with its own arguments, right after loading
/// `pointers` (all that the copy assumes aligned), when each is aligned and
/// the launch stores enough: `bytesPerThread` a thread.
void dispatch(Function &run, Function &copy, ArrayRef<LoadInst *> pointers,
              uint64_t bytesPerThread) {
  // The last of the pointers' loads, in the entry block, where nothing
  // before has an effect: the copy does all of it again.
  Instruction *last = nullptr;
  for (Instruction &inst : run.getEntryBlock())
    if (llvm::is_contained(pointers, &inst))
      last = &inst;
  BasicBlock *rest =
      run.getEntryBlock().splitBasicBlock(last->getNextNode(), "plain");
  BasicBlock *streaming =
      BasicBlock::Create(run.getContext(), "streaming", &run, rest);
  IRBuilder<> builder(run.getEntryBlock().getTerminator());
  Value *aligned = builder.getTrue();
  for (LoadInst *pointer : pointers) {
    Value *low =
        builder.CreateAnd(builder.CreatePtrToInt(pointer, builder.getInt64Ty()),
                          kStreamingAlignment - 1);
    aligned = builder.CreateAnd(aligned,
                                builder.CreateICmpEQ(low, builder.getInt64(0)));
  }
  Value *take = builder.CreateAnd(
      aligned, storesEnough(builder, run.getArg(1), bytesPerThread));
  builder.CreateCondBr(take, streaming, rest);
  run.getEntryBlock().getTerminator()->eraseFromParent();
  // A tail call: the copy's frame replaces the run function's, whose
  // allocas (a block's workgroup memory, up to 16 MiB) would else be live
  // beside the copy's on the worker's stack.
  IRBuilder<> call(streaming);
  if (DISubprogram *subprogram = run.getSubprogram())
    call.SetCurrentDebugLocation(
        DILocation::get(run.getContext(), 0, 0, subprogram));
  SmallVector<Value *> arguments(llvm::make_pointer_range(run.args()));
  call.CreateCall(&copy, arguments)->setTailCallKind(CallInst::TCK_MustTail);
  call.CreateRetVoid();
}

} // namespace

void addStreamingStores(Module &module) {
  for (Function *run : findRunFunctions(module)) {
    // run(void **params, MgpuHostBlock *block, uint64_t begin, uint64_t end)
    if (run->arg_size() != 4 || !run->getReturnType()->isVoidTy() ||
        mayOrderStores(*run))
      continue;
    SmallVector<LoadInst *> pointers = findStreamedPointers(*run);
    LLVM_DEBUG(dbgs() << run->getName() << ": " << pointers.size()
                      << " pointers only stored through\n");
    if (pointers.empty())
      continue;
    ValueToValueMapTy map;
    Function *copy = CloneFunction(run, map);
    copy->setName(run->getName() + ".streaming");
    copy->setLinkage(GlobalValue::InternalLinkage);
    SmallVector<LoadInst *> copied =
        llvm::map_to_vector(pointers, [&](LoadInst *pointer) {
          return cast<LoadInst>(map[pointer]);
        });
    MapVector<Value *, uint64_t> streamed = streamStores(*copy, copied);
    if (streamed.empty()) {
      copy->eraseFromParent();
      continue;
    }
    // Each thread stores an element through each pointer that it streams
    // through.
    uint64_t bytesPerThread = 0;
    for (auto &entry : streamed)
      bytesPerThread += entry.second;
    LLVM_DEBUG(dbgs() << "streaming copy of " << run->getName() << " through "
                      << streamed.size() << " pointers\n");
    dispatch(*run, *copy, pointers, bytesPerThread);
  }
}

} // namespace mlir::offload::host
