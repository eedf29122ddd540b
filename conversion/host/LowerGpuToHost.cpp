//===- LowerGpuToHost.cpp - A gpu.module for the host CPU -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The phases, on one gpu.module:
//   1. raw buffer accesses are lowered (HostRawBuffers.h), and ops with no
//      host meaning are reported;
//   2. device functions are inlined into the kernels (InlineDeviceFunctions.h),
//      gpu.global_id, vector transfers (HostVectorLowering.h) and
//      gpu.all_reduce lowered;
//   3. each kernel's warp matrix operations become vector ops
//      (HostSubgroupMma.h), and the kernel `func.func @k(%block: !llvm.ptr,
//      args...)`, which reads its place in the launch from the MgpuHostBlock
//      and runs every thread of the block as loops (ThreadLoops.h);
//   4. everything goes to the LLVM dialect (HostToLLVM.h);
//   5. each kernel gets the entry point and descriptor that the runtime looks
//      up (HostKernelAbi.h).
//
//===----------------------------------------------------------------------===//

#include "conversion/host/Passes.h"

#include "abi/RuntimeAbi.h"
#include "conversion/common/InlineDeviceFunctions.h"
#include "conversion/common/WorkgroupAllocs.h"
#include "conversion/host/BlockAtomics.h"
#include "conversion/host/BlockRows.h"
#include "conversion/host/HostCollectives.h"
#include "conversion/host/HostKernelAbi.h"
#include "conversion/host/HostKernelChecks.h"
#include "conversion/host/HostRawBuffers.h"
#include "conversion/host/HostSubgroupMma.h"
#include "conversion/host/HostToLLVM.h"
#include "conversion/host/HostVectorLowering.h"
#include "conversion/host/memory/BlockMemory.h"
#include "conversion/host/memory/BlockMemoryPlacement.h"
#include "conversion/host/threads/ThreadLoops.h"
#include "dialects/host/HostTargetAttr.h"
#include "mgpu/mgpu.h"
#include "transforms/PrintfFormat.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "offload-lower-gpu-to-host"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERGPUTOHOST
#include "conversion/host/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

/// The dialects whose operations the host lowering takes: those that its
/// conversion to LLVM converts (HostToLLVM.cpp), and the builtin and gpu
/// dialects. An operation of any other dialect, another target's or one
/// that must be lowered first, is reported.
static constexpr StringLiteral kHostDialects[] = {
    arith::ArithDialect::getDialectNamespace(),
    cf::ControlFlowDialect::getDialectNamespace(),
    func::FuncDialect::getDialectNamespace(),
    gpu::GPUDialect::getDialectNamespace(),
    index::IndexDialect::getDialectNamespace(),
    LLVM::LLVMDialect::getDialectNamespace(),
    math::MathDialect::getDialectNamespace(),
    memref::MemRefDialect::getDialectNamespace(),
    scf::SCFDialect::getDialectNamespace(),
    ub::UBDialect::getDialectNamespace(),
    vector::VectorDialect::getDialectNamespace(),
};

/// Reports the first op that has no meaning on the host.
static LogicalResult rejectOpsWithoutHostMeaning(gpu::GPUModuleOp module) {
  WalkResult walked = module.walk([&](Operation *op) {
    StringRef dialect = op->getName().getDialectNamespace();
    if (dialect != BuiltinDialect::getDialectNamespace() &&
        !llvm::is_contained(kHostDialects, dialect)) {
      InFlightDiagnostic diag =
          op->emitError()
          << "'" << op->getName()
          << "' has no meaning on the host target (#offload.host): it is an "
             "operation of the '"
          << dialect << "' dialect, which the host lowering does not take (it "
          << "takes ";
      llvm::interleave(kHostDialects, diag, ", ");
      diag << "); lower it to those first, or compile this gpu.module for "
              "another target only";
      return WalkResult::interrupt();
    }
    if (isa<gpu::WarpExecuteOnLane0Op>(op)) {
      // No target lowers it; the vector dialect's warp distribution does.
      op->emitError() << "'" << op->getName()
                      << "' has no meaning on the host target (#offload.host) "
                         "before it is distributed: rewrite it first with "
                         "the vector dialect's warp distribution patterns "
                         "(down to an scf.if on lane 0)";
      return WalkResult::interrupt();
    }
    const char *what = nullptr;
    if (isa<gpu::SubgroupMmaExtractThreadLocalOp,
            gpu::SubgroupMmaInsertThreadLocalOp>(op))
      // Which elements of a warp matrix each lane holds is a GPU's layout;
      // on the host every lane holds all of them (HostSubgroupMma.h).
      what = "an access to the elements of a warp matrix that one lane "
             "holds, which the host target does not lay out as a GPU does";
    else if (isa<LLVM::LLVMFuncOp>(op) &&
             op->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()))
      // The host's kernels take the block they run first, which only the
      // lowering of a gpu.func adds.
      what = "a kernel already lowered to the LLVM dialect, for another "
             "target; write it as a gpu.func";
    if (!what)
      return WalkResult::advance();
    op->emitError() << "'" << op->getName()
                    << "' has no meaning on the host target (#offload.host): "
                       "it is "
                    << what
                    << "; compile this gpu.module for a GPU target only";
    return WalkResult::interrupt();
  });
  return failure(walked.wasInterrupted());
}

namespace {

/// Makes the uniform values of a block function at its entry.
class BlockValueBuilder {
public:
  BlockValueBuilder(OpBuilder &b, Location loc, Value block)
      : b(b), loc(loc), block(block),
        blockType(abi::getStructType(b.getContext(), abi::Struct::MgpuHostBlock,
                                     64)) {}

  /// A field of the MgpuHostBlock.
  Value load(unsigned field, Type type) {
    Type ptr = LLVM::LLVMPointerType::get(b.getContext());
    Value slot = LLVM::GEPOp::create(b, loc, ptr, blockType, block,
                                     ArrayRef<LLVM::GEPArg>{0, int32_t(field)});
    return LLVM::LoadOp::create(b, loc, type, slot);
  }

  /// A 32-bit field as an index.
  Value index(unsigned field) {
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(),
                                        load(field, b.getI32Type()));
  }

  /// The dynamic shared memory, as memref<?xi8, workgroup>.
  Value sharedMemory() {
    Type ptr = LLVM::LLVMPointerType::get(b.getContext());
    Value bytes = LLVM::ZExtOp::create(
        b, loc, b.getI64Type(),
        load(abi::MgpuHostBlockField::sharedMemoryBytes, b.getI32Type()));
    return wrapBlockMemory(
        b, loc, load(abi::MgpuHostBlockField::sharedMemory, ptr), bytes,
        gpu::AddressSpaceAttr::get(b.getContext(),
                                   gpu::AddressSpace::Workgroup));
  }

private:
  OpBuilder &b;
  Location loc;
  Value block;
  LLVM::LLVMStructType blockType;
};

} // namespace

/// The value that a block-level gpu op has everywhere in the block.
static Value uniformGpuValue(Operation *op, OpBuilder &b,
                             const BlockValues &values, Value threads) {
  Location loc = op->getLoc();
  auto dim = [](Operation *op) {
    return static_cast<unsigned>(
        cast<gpu::DimensionAttr>(op->getAttr("dimension")).getValue());
  };
  if (isa<gpu::BlockIdOp>(op))
    return values.blockId[dim(op)];
  if (isa<gpu::GridDimOp>(op))
    return values.gridDim[dim(op)];
  if (isa<gpu::BlockDimOp>(op))
    return values.blockDim[dim(op)];
  if (isa<gpu::ClusterDimBlocksOp>(op))
    return values.clusterDim[dim(op)];
  if (isa<gpu::ClusterDimOp>(op))
    return arith::DivUIOp::create(b, loc, values.gridDim[dim(op)],
                                  values.clusterDim[dim(op)]);
  if (isa<gpu::ClusterIdOp>(op))
    return arith::DivUIOp::create(b, loc, values.blockId[dim(op)],
                                  values.clusterDim[dim(op)]);
  if (isa<gpu::ClusterBlockIdOp>(op))
    return arith::RemUIOp::create(b, loc, values.blockId[dim(op)],
                                  values.clusterDim[dim(op)]);
  if (isa<gpu::SubgroupSizeOp>(op))
    return arith::ConstantIndexOp::create(b, loc, MGPU_WARP_SIZE);
  if (isa<gpu::NumSubgroupsOp>(op))
    return arith::CeilDivUIOp::create(
        b, loc, threads,
        arith::ConstantIndexOp::create(b, loc, MGPU_WARP_SIZE));
  if (isa<gpu::DynamicSharedMemoryOp>(op))
    return values.sharedMemory;
  return nullptr;
}

/// Marks each `blockIdx * blockDim + threadIdx` in one dimension (a
/// gpu.global_id rewritten, or written so) as arithmetic that does not wrap,
/// nsw and nuw: with 64-bit indices it is below 2^31 * 1024 + 1024. A thread
/// loop whose work is all in `if (id < n)` then runs the threads that pass
/// alone, without the test (ControlFlowSplit.h).
static void markGlobalIdsNoWrap(gpu::GPUModuleOp module) {
  if (DataLayout::closest(module).getTypeSizeInBits(
          IndexType::get(module.getContext())) < 64)
    return;
  auto flags =
      arith::IntegerOverflowFlags::nsw | arith::IntegerOverflowFlags::nuw;
  module.walk([&](arith::AddIOp add) {
    std::optional<GlobalId> id = matchGlobalId(add);
    if (!id || !isa<IndexType>(add.getType()))
      return;
    id->blockStart.setOverflowFlags(flags);
    add.setOverflowFlags(flags);
  });
}

/// A function beside `kernel` that will run one block of it,
/// `(%block: !llvm.ptr, args...)`, or with `severalBlocks` several of a
/// row, `(%block: !llvm.ptr, %blocks: index, args...)` (BlockRows.h): empty
/// but for its return.
static func::FuncOp createBlockFunction(gpu::GPUFuncOp kernel,
                                        bool severalBlocks) {
  MLIRContext *context = kernel.getContext();
  Location loc = kernel.getLoc();
  SmallVector<Type> inputs = {LLVM::LLVMPointerType::get(context)};
  if (severalBlocks)
    inputs.push_back(IndexType::get(context));
  llvm::append_range(inputs, kernel.getArgumentTypes());
  OpBuilder mb(kernel);
  auto function = func::FuncOp::create(mb, loc, "__offload_host_block",
                                       FunctionType::get(context, inputs, {}));
  function->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                    UnitAttr::get(context));
  // The sizes that the thread loops take as constants (readBlockValues),
  // which the runtime holds each launch to.
  if (DenseI32ArrayAttr known = kernel.getKnownBlockSizeAttr())
    function->setAttr(kKnownBlockSizeAttrName, known);
  if (DenseI32ArrayAttr known = kernel.getKnownGridSizeAttr())
    function->setAttr(kKnownGridSizeAttrName, known);
  Block *entry = function.addEntryBlock();
  OpBuilder b = OpBuilder::atBlockBegin(entry);
  func::ReturnOp::create(b, loc);
  return function;
}

/// The block's place in the launch and its memory, read at `b` from
/// `block`, its MgpuHostBlock.
static BlockValues readBlockValues(gpu::GPUFuncOp kernel, OpBuilder &b,
                                   Value block) {
  Location loc = kernel.getLoc();
  BlockValues values;
  values.block = block;
  BlockValueBuilder fields(b, loc, values.block);
  namespace F = abi::MgpuHostBlockField;
  const unsigned blockIds[3] = {F::blockIdX, F::blockIdY, F::blockIdZ};
  const unsigned gridDims[3] = {F::gridDimX, F::gridDimY, F::gridDimZ};
  const unsigned blockDims[3] = {F::blockDimX, F::blockDimY, F::blockDimZ};
  const unsigned clusterDims[3] = {F::clusterDimX, F::clusterDimY,
                                   F::clusterDimZ};
  // Sizes known at compile time make the thread loops' trip counts constant.
  std::optional<ArrayRef<int32_t>> knownBlock = kernel.getKnownBlockSize();
  std::optional<ArrayRef<int32_t>> knownGrid = kernel.getKnownGridSize();
  for (int d = 0; d < 3; ++d) {
    values.blockId[d] = fields.index(blockIds[d]);
    values.gridDim[d] =
        knownGrid ? arith::ConstantIndexOp::create(b, loc, (*knownGrid)[d])
                  : fields.index(gridDims[d]);
    values.blockDim[d] =
        knownBlock ? arith::ConstantIndexOp::create(b, loc, (*knownBlock)[d])
                   : fields.index(blockDims[d]);
    values.clusterDim[d] = fields.index(clusterDims[d]);
  }
  values.sharedMemory = fields.sharedMemory();
  values.privateMemory =
      fields.load(abi::MgpuHostBlockField::privateMemory,
                  LLVM::LLVMPointerType::get(b.getContext()));
  return values;
}

/// How a block function keeps a workgroup buffer: one per block, or, with
/// blocks stacked in y (BlockRows.h), one per stacked block, each the view
/// that `stacked` (the block's place among them, in the kernel) picks.
struct WorkgroupBuffers {
  int64_t copies = 1;
  Value stacked;
  /// The allocas made so far, for placeBlockBuffers().
  SmallVector<memref::AllocaOp> allocas;
};

/// A workgroup buffer of `type` aligned to `alignment` (at least a cache
/// line): an alloca at `b`, which `uniform` maps to itself, or, stacked,
/// one alloca for all the blocks and the view of it that the kernel's
/// block takes, at the top of the kernel's body. The result replaces the
/// kernel's buffer.
static Value makeWorkgroupBuffer(gpu::GPUFuncOp kernel, OpBuilder &b,
                                 MemRefType type, int64_t alignment,
                                 WorkgroupBuffers &buffers,
                                 IRMapping &uniform) {
  Location loc = kernel.getLoc();
  alignment = std::max(alignment, kBlockBufferAlignment);
  if (buffers.copies == 1) {
    auto buffer =
        memref::AllocaOp::create(b, loc, type, b.getI64IntegerAttr(alignment));
    uniform.map(buffer.getResult(), buffer.getResult());
    if (type.getLayout().isIdentity())
      buffers.allocas.push_back(buffer);
    return buffer;
  }
  int64_t bytes =
      getStackedBufferBytes(type, alignment, DataLayout::closest(kernel));
  auto rawType =
      MemRefType::get({bytes * buffers.copies}, b.getI8Type(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  auto raw =
      memref::AllocaOp::create(b, loc, rawType, b.getI64IntegerAttr(alignment));
  uniform.map(raw.getResult(), raw.getResult());
  buffers.allocas.push_back(raw);
  OpBuilder kb(buffers.stacked.getContext());
  kb.setInsertionPointAfterValue(buffers.stacked);
  Value shift = arith::MulIOp::create(
      kb, loc, buffers.stacked, arith::ConstantIndexOp::create(kb, loc, bytes));
  return memref::ViewOp::create(kb, loc, type, raw, shift, ValueRange{});
}

/// Maps the kernel's arguments to the block function's `parameters`, and its
/// workgroup attributions to buffers of the block (makeWorkgroupBuffer), in
/// `uniform`, or, stacked, replaces them by their block's view; reports the
/// attributions that the host target cannot give a block or a thread.
static LogicalResult mapArguments(gpu::GPUFuncOp kernel, ValueRange parameters,
                                  OpBuilder &b, WorkgroupBuffers &buffers,
                                  IRMapping &uniform) {
  for (auto [arg, param] : llvm::zip_equal(
           kernel.getArguments().take_front(kernel.getNumArguments()),
           parameters))
    uniform.map(arg, param);
  // Workgroup attributions: one buffer per block, on its worker's stack.
  for (BlockArgument attribution : kernel.getWorkgroupAttributions()) {
    auto type = cast<MemRefType>(attribution.getType());
    if (!type.hasStaticShape())
      return kernel.emitError()
             << "kernel @" << kernel.getName()
             << " has a workgroup attribution of type " << type
             << ", which the host target cannot allocate for a block: "
                "workgroup attributions need a static shape";
    Value buffer = makeWorkgroupBuffer(kernel, b, type, kBlockBufferAlignment,
                                       buffers, uniform);
    if (buffers.copies == 1)
      uniform.map(attribution, buffer);
    else
      attribution.replaceAllUsesWith(buffer);
  }
  // Private attributions: slices of the block's private memory, one per
  // thread, whose size the launch must know.
  for (BlockArgument attribution : kernel.getPrivateAttributions()) {
    auto type = cast<MemRefType>(attribution.getType());
    if (!type.hasStaticShape() || !type.getLayout().isIdentity())
      return kernel.emitError()
             << "kernel @" << kernel.getName() << " has a private attribution "
             << "of type " << type
             << ", which the host target cannot give each thread: private "
                "attributions need a static shape and the identity layout";
  }
  return success();
}

/// Makes each `memref.alloc` of workgroup memory in `kernel` one buffer per
/// block, as a workgroup attribution is, wherever in the kernel it is (a
/// GPU's shared variable is one per block, however often the code that
/// declares it runs): makeWorkgroupBuffer's buffer or, stacked, view. Its
/// deallocations go, as the buffer lives as long as the block. Reports what
/// no lowering makes one buffer per block (takeWorkgroupAllocs).
static LogicalResult makeWorkgroupAllocsBlockMemory(gpu::GPUFuncOp kernel,
                                                    OpBuilder &b,
                                                    WorkgroupBuffers &buffers,
                                                    IRMapping &uniform) {
  FailureOr<SmallVector<memref::AllocOp>> allocs = takeWorkgroupAllocs(kernel);
  if (failed(allocs))
    return failure();
  for (memref::AllocOp alloc : *allocs) {
    Value buffer =
        makeWorkgroupBuffer(kernel, b, alloc.getType(),
                            alloc.getAlignment().value_or(0), buffers, uniform);
    alloc.getResult().replaceAllUsesWith(buffer);
    alloc.erase();
  }
  LLVM_DEBUG(llvm::dbgs() << "@" << kernel.getName() << ": " << allocs->size()
                          << " workgroup allocations made block memory\n");
  return success();
}

/// Fails, with an error at the kernel, where the static workgroup memory
/// that each of its blocks keeps on its worker's stack (its workgroup
/// attributions and workgroup `memref.alloc`s) is more than the host ABI
/// allows: the launch would overflow the stack.
static LogicalResult checkStaticWorkgroupMemory(gpu::GPUFuncOp kernel) {
  DataLayout layout = DataLayout::closest(kernel);
  uint64_t bytes = 0;
  bool overflow = false;
  auto add = [&](Type type) {
    auto memref = dyn_cast<MemRefType>(type);
    // Dynamic shapes are errors of their own (mapArguments and
    // makeWorkgroupAllocsBlockMemory).
    if (!memref || !memref.hasStaticShape() ||
        !gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(memref))
      return;
    // Dimension by dimension: getNumElements() wraps past 2^63.
    uint64_t size = layout.getTypeSize(memref.getElementType());
    // (Each saturating operation sets its flag, cleared or not.)
    bool wrapped = false;
    for (int64_t dim : memref.getShape()) {
      size = llvm::SaturatingMultiply(size, uint64_t(dim), &wrapped);
      overflow |= wrapped;
    }
    bytes = llvm::SaturatingAdd(bytes, size, &wrapped);
    overflow |= wrapped;
  };
  for (BlockArgument attribution : kernel.getWorkgroupAttributions())
    add(attribution.getType());
  kernel.walk([&](memref::AllocOp alloc) { add(alloc.getType()); });
  if (!overflow && bytes <= uint64_t(MGPU_HOST_MAX_STATIC_SHARED_MEMORY))
    return success();
  InFlightDiagnostic diag = kernel.emitError()
                            << "kernel @" << kernel.getName() << " has ";
  if (overflow)
    diag << "more than 2^64 bytes";
  else
    diag << bytes << " bytes";
  return diag << " of static workgroup memory, and the host target keeps at "
                 "most "
              << int64_t(MGPU_HOST_MAX_STATIC_SHARED_MEMORY)
              << " on the stack of the thread that runs a block: use "
                 "gpu.dynamic_shared_memory, which the runtime allocates";
}

/// Replaces the kernel's gpu ops whose value is the same in the whole block
/// (ids and sizes of the block, grid and cluster, the subgroup size and
/// count, the dynamic shared memory) by that value, which `uniform` maps to
/// itself.
static void replaceBlockLevelOps(gpu::GPUFuncOp kernel, OpBuilder &b,
                                 const BlockValues &values, Value threads,
                                 IRMapping &uniform) {
  SmallVector<Operation *> blockLevel;
  kernel.walk([&](Operation *op) {
    if (isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp,
            gpu::ClusterDimBlocksOp, gpu::ClusterDimOp, gpu::ClusterIdOp,
            gpu::ClusterBlockIdOp, gpu::SubgroupSizeOp, gpu::NumSubgroupsOp,
            gpu::DynamicSharedMemoryOp>(op))
      blockLevel.push_back(op);
  });
  for (Operation *op : blockLevel) {
    Value value = uniformGpuValue(op, b, values, threads);
    uniform.map(value, value);
    op->getResult(0).replaceAllUsesWith(value);
    op->erase();
  }
}

/// Replaces `kernel` by a function that runs one block of it, or several of
/// a row where BlockRows.h allows (together in x, or stacked in y); with
/// `checked`, one block whose checks (addKernelChecks) call the block's
/// hooks.
static LogicalResult lowerKernel(gpu::GPUFuncOp kernel, bool checked) {
  SmallVector<Operation *> warpSynchronous;
  if (failed(checkStaticWorkgroupMemory(kernel)) ||
      failed(lowerSubgroupMma(kernel, warpSynchronous)))
    return failure();
  Location loc = kernel.getLoc();
  bool blocksInX = !checked && canRunBlocksOfARowTogether(kernel);
  // (Warp matrix operations meet in warps, which stacked blocks of a width
  // that is no multiple of 32 would share.)
  int64_t stackedBlocks = (checked || blocksInX || !warpSynchronous.empty())
                              ? 0
                              : countStackedBlocks(kernel);
  bool severalBlocks = blocksInX || stackedBlocks;
  func::FuncOp function = createBlockFunction(kernel, severalBlocks);
  Block &entry = function.getBody().front();
  OpBuilder b(entry.getTerminator());
  BlockValues values = readBlockValues(kernel, b, entry.getArgument(0));
  WorkgroupBuffers buffers;
  if (stackedBlocks)
    buffers = {stackedBlocks, stackBlocksInY(kernel)};
  // The threads in x that a call runs: those of its blocks of a row.
  values.threadsX = values.blockDim[0];
  if (blocksInX)
    values.threadsX =
        arith::MulIOp::create(b, loc, values.blockDim[0], entry.getArgument(1));
  IRMapping uniform;
  ValueRange parameters =
      entry.getArguments().drop_front(severalBlocks ? 2 : 1);
  if (failed(mapArguments(kernel, parameters, b, buffers, uniform)) ||
      failed(makeWorkgroupAllocsBlockMemory(kernel, b, buffers, uniform)))
    return failure();
  // (The checks tell buffers apart by their allocations: a checked kernel
  // keeps one alloca each.)
  if (!checked)
    placeBlockBuffers(b, loc, buffers.allocas, buffers.copies, parameters,
                      uniform);
  // Stacked, the kernel's ids and sizes in y are constants now, and the
  // thread loops' y runs over the call's blocks.
  if (stackedBlocks)
    values.blockDim[1] = entry.getArgument(1);
  Value threads = arith::MulIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, values.blockDim[0], values.blockDim[1]),
      values.blockDim[2]);
  replaceBlockLevelOps(kernel, b, values, threads, uniform);

  auto module = kernel->getParentOfType<gpu::GPUModuleOp>();
  Type ptr = LLVM::LLVMPointerType::get(kernel.getContext());
  std::string kernelName = kernel.getName().str();
  auto trapMessage = [&](OpBuilder &tb, Location l, StringRef message) {
    LLVM::GlobalOp global =
        createStringGlobal(tb, module, l, "assertMessage",
                           "kernel @" + kernelName + ": " + message.str());
    return LLVM::AddressOfOp::create(tb, l, ptr, global.getSymName())
        .getResult();
  };
  FailureOr<int64_t> privateBytes =
      emitThreadLoops(kernel, b, values, uniform, trapMessage,
                      llvm::DenseSet<Operation *>(warpSynchronous.begin(),
                                                  warpSynchronous.end()));
  if (failed(privateBytes))
    return failure();
  if (severalBlocks) {
    int64_t mostThreads = mostThreadsPerCall(function);
    if (stackedBlocks)
      mostThreads = std::min(mostThreads,
                             stackedBlocks * (*kernel.getKnownBlockSize())[0]);
    function->setAttr(kBlocksInXAttrName, b.getI64IntegerAttr(mostThreads));
  }
  if (*privateBytes)
    function->setAttr(kPrivateBytesAttrName,
                      b.getI32IntegerAttr(static_cast<int32_t>(*privateBytes)));
  if (checked)
    bindKernelChecks(function, values.block);

  StringAttr name = kernel.getNameAttr();
  kernel.erase();
  function.setSymName(name);
  return success();
}

/// A device function that survived inlining (recursion) becomes a func.func;
/// one that uses thread or block ids cannot: it has no thread outside a
/// kernel.
static LogicalResult lowerDeviceFunction(gpu::GPUFuncOp function) {
  WalkResult walked = function.walk([&](Operation *op) {
    auto alloc = dyn_cast<memref::AllocOp>(op);
    if ((op->getDialect() && isa<gpu::GPUDialect>(op->getDialect()) &&
         !isa<gpu::ReturnOp, gpu::PrintfOp>(op)) ||
        (alloc &&
         gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType()))) {
      op->emitError() << "'" << op->getName()
                      << "' in a device function that cannot be inlined into "
                         "its kernels (is it recursive?) has no meaning on "
                         "the host target";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (walked.wasInterrupted())
    return failure();
  OpBuilder b(function);
  auto lowered = func::FuncOp::create(b, function.getLoc(), function.getName(),
                                      function.getFunctionType());
  lowered.getBody().takeBody(function.getBody());
  lowered.walk([](gpu::ReturnOp ret) {
    OpBuilder rb(ret);
    func::ReturnOp::create(rb, ret.getLoc(), ret.getOperands());
    ret.erase();
  });
  function.erase();
  return success();
}

/// With bare pointers, a kernel takes each memref as the pointer to its
/// first element, which says nothing of sizes, strides or offset: reports a
/// kernel argument whose type needs them.
static LogicalResult checkBarePointerArguments(gpu::GPUModuleOp module) {
  for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
    if (!kernel.isKernel())
      continue;
    for (auto [i, type] : llvm::enumerate(kernel.getArgumentTypes())) {
      auto memref = dyn_cast<BaseMemRefType>(type);
      auto ranked = dyn_cast_or_null<MemRefType>(memref);
      if (!memref || (ranked && ranked.hasStaticShape() &&
                      ranked.getLayout().isIdentity()))
        continue;
      return kernel.emitError()
             << "kernel @" << kernel.getName() << " takes " << type
             << " (argument " << i
             << "), which kernel-bare-ptr cannot pass as a bare pointer: it "
                "passes memrefs of static shape and the identity layout only";
    }
  }
  return success();
}

namespace {
struct LowerGpuToHostPass
    : public offload::impl::OffloadLowerGpuToHostBase<LowerGpuToHostPass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    if (failed(lowerRawBuffersForHost(module)) ||
        failed(rejectOpsWithoutHostMeaning(module)) ||
        (kernelBarePtr && failed(checkBarePointerArguments(module))) ||
        // Before canonicalization can erase a loop that nothing uses, as
        // the other lowerings check it.
        failed(checkWorkgroupAllocsNotCarried(module)))
      return signalPassFailure();
    // The C library's printf would read what was never passed. An argument
    // left over is harmless, and offload-check-input warned of it already.
    if (failed(verifyPrintfFormats(module, /*warn=*/false)))
      return signalPassFailure();
    promotePrintfArguments(module);

    // Device functions into their kernels: barriers in them are the
    // kernels' barriers, and their thread ids the kernels' threads'.
    if (failed(inlineDeviceFunctions(module)))
      return signalPassFailure();
    // Constants fold across what were calls, and what is uniform shows,
    // before the kernels are split (upstream's inliner, which the host target
    // ran before, canonicalized every function so).
    OpPassManager canonicalize(gpu::GPUModuleOp::getOperationName());
    canonicalize.addPass(createCanonicalizerPass());
    if (failed(runPipeline(canonicalize, module)))
      return signalPassFailure();

    RewritePatternSet patterns(&getContext());
    populateGpuGlobalIdPatterns(patterns);
    if (failed(applyPatternsGreedily(module, std::move(patterns))))
      return signalPassFailure();
    markGlobalIdsNoWrap(module);
    lowerVectorOpsForHost(module);

    // Checked where the pass or one of the module's host targets says so.
    bool checked = check;
    if (ArrayAttr targets = module.getTargetsAttr())
      for (Attribute target : targets)
        if (auto host = dyn_cast<HostTargetAttr>(target))
          checked |= host.getCheck();

    SmallVector<gpu::GPUFuncOp> kernels, deviceFunctions;
    for (auto function : module.getOps<gpu::GPUFuncOp>())
      (function.isKernel() ? kernels : deviceFunctions).push_back(function);
    for (gpu::GPUFuncOp kernel : kernels) {
      LLVM_DEBUG(llvm::dbgs() << "lowering kernel @" << kernel.getName()
                              << " to thread loops\n");
      // The kernel's own accesses: those of its collectives are the
      // lowering's, and a block's atomics are plain updates afterwards.
      if (checked)
        addKernelChecks(kernel);
      if (failed(lowerAllReduces(kernel)))
        return signalPassFailure();
      makeBlockAtomicsPlain(kernel);
      if (failed(lowerKernel(kernel, checked)))
        return signalPassFailure();
    }
    if (checked)
      eraseKernelCheckDeclarations(module);
    for (gpu::GPUFuncOp function : deviceFunctions) {
      if (SymbolTable::symbolKnownUseEmpty(function, module)) {
        function.erase();
        continue;
      }
      if (failed(lowerDeviceFunction(function)))
        return signalPassFailure();
    }

    if (failed(convertHostModuleToLLVM(module, kernelBarePtr)) ||
        failed(addHostKernelEntries(module)))
      return signalPassFailure();
  }
};
} // namespace
