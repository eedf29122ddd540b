//===- HostKernelChecks.cpp - Kernels that check themselves ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostKernelChecks.h"

#include "abi/RuntimeAbi.h"
#include "conversion/host/HostCheckLoops.h"
#include "conversion/host/HostKernelAbi.h"
#include "conversion/host/HostToLLVM.h"
#include "mgpu/mgpu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-host-kernel-checks"

using namespace mlir;
using namespace mlir::offload;

namespace {

/// A hook of MgpuHostCheckHooks, and the function that stands for it until
/// the kernel is its block function.
struct Hook {
  StringLiteral function;
  unsigned field;
};
namespace H = abi::MgpuHostCheckHooksField;
constexpr Hook kRegion = {"__offload_check_region", H::region};
constexpr Hook kAccess = {"__offload_check_access", H::access};
constexpr Hook kAccesses = {"__offload_check_accesses", H::accesses};
constexpr Hook kOutOfBounds = {"__offload_check_out_of_bounds", H::outOfBounds};
constexpr Hook kUniform = {"__offload_check_uniform", H::uniform};
constexpr Hook kBarrier = {"__offload_check_barrier", H::barrier};
constexpr Hook kHooks[] = {kRegion,  kAccess,  kOutOfBounds,
                           kUniform, kBarrier, kAccesses};

/// Emits the checks of one kernel.
class KernelChecker {
public:
  explicit KernelChecker(gpu::GPUFuncOp kernel)
      : kernel(kernel), module(kernel->getParentOfType<gpu::GPUModuleOp>()),
        layout(DataLayout::closest(kernel)),
        ptr(LLVM::LLVMPointerType::get(kernel.getContext())) {}

  void run();

private:
  /// The text that names `op` in a finding: its place in the source, what
  /// it does, to what.
  Value site(OpBuilder &b, Operation *op, const Twine &what);
  /// Calls `hook` with `args` after the thread's ids (x, y, z as i32).
  void call(OpBuilder &b, Location loc, const Hook &hook, ArrayRef<Value> args);
  /// What a finding calls `memref`.
  std::string describe(Value memref);

  /// Checks `op`, which accesses `memref` at `indices`, as many elements
  /// along each trailing dimension as `extents` says, the dimensions of
  /// `unchecked` (a mask's) not at all; `flags` (MGPU_HOST_CHECK_*) say how
  /// it touches workgroup memory.
  void checkAccess(Operation *op, Value memref, ValueRange indices,
                   ArrayRef<int64_t> extents, unsigned unchecked, Type accessed,
                   uint32_t flags);
  /// Tells the runtime each value that decides whether a thread reaches
  /// the barriers that `op` holds, but those that cannot differ.
  void checkUniform(Operation *op);
  /// Finds the loads and stores that their loops can tell the runtime of.
  void findLoopAccesses(ArrayRef<Operation *> accesses);

  /// An access being checked.
  struct Access {
    Operation *op;
    Value memref;
    ValueRange indices;
    /// The elements along each trailing dimension (a vector's shape).
    ArrayRef<int64_t> extents;
    /// The leading dimensions whose bounds are checked (not a mask's).
    unsigned checked;
    Type accessed;
    uint32_t flags;
    /// Whether the access's loop told the runtime of it before it ran (i1),
    /// if it may have.
    Value toldByLoop = {};

    int64_t extent(unsigned d) const {
      unsigned leading = indices.size() - extents.size();
      return d < leading ? 1 : extents[d - leading];
    }
  };
  /// Whether `buffer`, of `type`, is a thread's own memory: private, an
  /// alloca, a private attribution.
  bool isPrivate(Value buffer, MemRefType type);
  /// The flags with which the runtime is told of `access`, if it is: to
  /// workgroup or global memory, of one element or one row of elements (a
  /// vector's of more dimensions, or a masked one's, it does not see).
  std::optional<uint32_t> followedAccess(const Access &access);
  /// The address of `memref`'s element at `indices`, as an LLVM pointer.
  Value elementAddress(OpBuilder &b, Location loc, Value memref,
                       ValueRange indices);
  /// Tells the runtime of `access`, at `b`, if it follows it, unless its
  /// loop did.
  void tellAccess(OpBuilder &b, const Access &access);
  /// Tells the runtime of the elements that `access` touches in each
  /// iteration of its loop, before the loop, where they are all in bounds;
  /// sets `access.toldByLoop`.
  void tellLoopAccess(Access &access, const LoopAccess &loop, uint32_t flags);
  /// Reports `access` out of bounds, at `b`, the else branch of its check,
  /// and yields what a skipped load gives; `fits` and `sizes` are those of
  /// its checked dimensions.
  void reportOutOfBounds(OpBuilder &b, const Access &access,
                         ArrayRef<Value> fits, ArrayRef<Value> sizes);

  gpu::GPUFuncOp kernel;
  gpu::GPUModuleOp module;
  DataLayout layout;
  Type ptr;
  /// The workgroup buffers that warp matrix ops touch: each lane of the
  /// host's warps holds whole matrices (HostSubgroupMma.h), so which thread
  /// wrote an element is not a GPU's, and the runtime does not follow them.
  llvm::DenseSet<Value> warpMatrixBuffers;
  /// The globals of the texts of sites, made once each.
  llvm::StringMap<StringAttr> sites;
  /// The accesses that their loops tell the runtime of, found before the
  /// kernel changes.
  llvm::DenseMap<Operation *, LoopAccess> loopAccesses;
  /// The runs of MgpuHostBlock::checkRuns of the first access ops to global
  /// memory, which extend them themselves.
  llvm::DenseMap<Operation *, uint32_t> runs;
};

/// The memref that `memref` is a view of, through view-like ops.
static Value getViewedBuffer(Value memref) {
  while (auto view = memref.getDefiningOp<ViewLikeOpInterface>())
    memref = view.getViewSource();
  return memref;
}

} // namespace

/// `loc` as `file:line:col`, from the innermost callee of call sites.
static std::string formatLocation(Location loc) {
  while (auto callSite = dyn_cast<CallSiteLoc>(loc))
    loc = callSite.getCallee();
  std::string text;
  loc->walk([&](Location nested) {
    if (auto fileLine = dyn_cast<FileLineColLoc>(nested)) {
      text = (fileLine.getFilename().strref() + ":" +
              Twine(fileLine.getLine()) + ":" + Twine(fileLine.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return text.empty() ? std::string("(unknown location)") : text;
}

Value KernelChecker::site(OpBuilder &b, Operation *op, const Twine &what) {
  std::string text = formatLocation(op->getLoc()) + ": " + what.str();
  StringAttr &name = sites[text];
  if (!name) {
    // A prefix of its own, which is free at once: looking for a free
    // `checkSite_<n>` would cost as much as the sites so far, each time.
    std::string prefix =
        ("checkSite." + kernel.getName() + "." + Twine(sites.size())).str();
    name = createStringGlobal(b, module, op->getLoc(), prefix, text)
               .getSymNameAttr();
  }
  return LLVM::AddressOfOp::create(b, op->getLoc(), ptr, name.getValue());
}

void KernelChecker::call(OpBuilder &b, Location loc, const Hook &hook,
                         ArrayRef<Value> args) {
  SmallVector<Value> operands(args);
  for (gpu::Dimension d :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    operands.push_back(arith::IndexCastUIOp::create(
        b, loc, b.getI32Type(), gpu::ThreadIdOp::create(b, loc, d)));
  func::CallOp::create(b, loc, hook.function, TypeRange(), operands);
}

std::string KernelChecker::describe(Value memref) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto arg = dyn_cast<BlockArgument>(memref);
  if (arg && arg.getOwner() == &kernel.getBody().front()) {
    unsigned number = arg.getArgNumber();
    unsigned arguments = kernel.getNumArguments();
    unsigned workgroup = kernel.getNumWorkgroupAttributions();
    if (number < arguments)
      os << "kernel argument " << number;
    else if (number < arguments + workgroup)
      os << "workgroup attribution " << number - arguments;
    else
      os << "private attribution " << number - arguments - workgroup;
  } else if (Operation *def = memref.getDefiningOp()) {
    os << "the " << def->getName() << " at " << formatLocation(def->getLoc());
  } else {
    os << "a block argument";
  }
  os << " (" << memref.getType() << ")";
  return text;
}

void KernelChecker::checkAccess(Operation *op, Value memref, ValueRange indices,
                                ArrayRef<int64_t> extents, unsigned unchecked,
                                Type accessed, uint32_t flags) {
  auto type = cast<MemRefType>(memref.getType());
  // A vector of as many dimensions as the memref, or more, is one element
  // of a memref of vectors.
  if (isa<VectorType>(type.getElementType()))
    extents = {};
  if (extents.size() > size_t(type.getRank()))
    return;
  Access access{op,       memref, indices, extents, type.getRank() - unchecked,
                accessed, flags};
  if (auto loop = loopAccesses.find(op); loop != loopAccesses.end()) {
    // findLoopAccesses kept only accesses that the runtime follows.
    std::optional<uint32_t> followed = followedAccess(access);
    assert(followed && "a loop's access that the runtime does not follow");
    tellLoopAccess(access, loop->second, *followed);
  }
  Location loc = op->getLoc();
  OpBuilder b(op);
  // Whether each checked dimension holds the access: `index < size` and,
  // for a vector's, `size - index >= extent`, which cannot overflow.
  SmallVector<Value> fits, sizes;
  Value inBounds = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (unsigned d = 0; d < access.checked; ++d) {
    Value size = memref::DimOp::create(b, loc, memref, d);
    Value fit = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                      indices[d], size);
    if (int64_t extent = access.extent(d); extent > 1) {
      Value room = arith::SubIOp::create(b, loc, size, indices[d]);
      fit = arith::AndIOp::create(
          b, loc, fit,
          arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::uge, room,
              arith::ConstantIndexOp::create(b, loc, extent)));
    }
    sizes.push_back(size);
    fits.push_back(fit);
    inBounds = arith::AndIOp::create(b, loc, inBounds, fit);
  }
  if (!access.checked)
    return tellAccess(b, access);
  // What the loop told the runtime of was all in bounds: a condition that
  // the loop does not change, on which LLVM unswitches it.
  if (access.toldByLoop)
    inBounds = arith::OrIOp::create(b, loc, access.toldByLoop, inBounds);

  auto ifOp = scf::IfOp::create(b, loc, op->getResultTypes(), inBounds,
                                /*withElseRegion=*/true);
  // Without results, the builder gave each branch its yield; the yields
  // below are the branches' own.
  for (Block *branch : {ifOp.thenBlock(), ifOp.elseBlock()})
    if (!branch->empty())
      branch->back().erase();
  // In bounds: the access, after the runtime has seen it.
  Block *then = ifOp.thenBlock();
  OpBuilder tb = OpBuilder::atBlockBegin(then);
  tellAccess(tb, access);
  op->moveBefore(then, then->end());
  tb.setInsertionPointToEnd(then);
  scf::YieldOp::create(tb, loc, op->getResults());
  OpBuilder eb = OpBuilder::atBlockBegin(ifOp.elseBlock());
  reportOutOfBounds(eb, access, fits, sizes);
  for (auto [result, checkedResult] :
       llvm::zip_equal(op->getResults(), ifOp.getResults()))
    result.replaceUsesWithIf(checkedResult, [&](OpOperand &use) {
      return use.getOwner()->getBlock() != then;
    });
}

bool KernelChecker::isPrivate(Value buffer, MemRefType type) {
  if (auto space =
          dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
      space && space.getValue() == gpu::AddressSpace::Private)
    return true;
  if (buffer.getDefiningOp<memref::AllocaOp>())
    return true;
  auto arg = dyn_cast<BlockArgument>(buffer);
  return arg && arg.getOwner() == &kernel.getBody().front() &&
         arg.getArgNumber() >=
             kernel.getNumArguments() + kernel.getNumWorkgroupAttributions();
}

std::optional<uint32_t> KernelChecker::followedAccess(const Access &access) {
  auto type = cast<MemRefType>(access.memref.getType());
  if (access.extents.size() > 1 || access.checked != type.getRank())
    return std::nullopt;
  // Workgroup memory (but a warp matrix's), or global memory; a thread's
  // own memory is no other thread's.
  Value buffer = getViewedBuffer(access.memref);
  if (gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type)) {
    if (warpMatrixBuffers.contains(buffer))
      return std::nullopt;
    return access.flags;
  }
  if (isPrivate(buffer, type))
    return std::nullopt;
  return access.flags | MGPU_HOST_CHECK_GLOBAL;
}

Value KernelChecker::elementAddress(OpBuilder &b, Location loc, Value memref,
                                    ValueRange indices) {
  // The byte address of the element: the aligned pointer, plus the offset
  // and each index times its stride, in elements.
  auto type = cast<MemRefType>(memref.getType());
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value element = metadata.getOffset();
  for (auto [index, stride] : llvm::zip_equal(indices, metadata.getStrides()))
    element = arith::AddIOp::create(
        b, loc, element, arith::MulIOp::create(b, loc, index, stride));
  uint64_t elementBytes = layout.getTypeSize(type.getElementType());
  Value aligned =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, memref);
  Value address = arith::AddIOp::create(
      b, loc, aligned,
      arith::MulIOp::create(
          b, loc, element,
          arith::ConstantIndexOp::create(b, loc, elementBytes)));
  return LLVM::IntToPtrOp::create(
      b, loc, ptr,
      arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address)
          .getResult());
}

void KernelChecker::tellAccess(OpBuilder &b, const Access &access) {
  std::optional<uint32_t> flags = followedAccess(access);
  if (!flags)
    return;
  Location loc = access.op->getLoc();
  OpBuilder::InsertionGuard guard(b);
  if (access.toldByLoop) {
    Value untold = arith::XOrIOp::create(
        b, loc, access.toldByLoop, arith::ConstantIntOp::create(b, loc, 1, 1));
    auto ifOp = scf::IfOp::create(b, loc, untold, /*withElseRegion=*/false);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  }
  uint32_t run = MGPU_HOST_CHECK_NO_RUN;
  if (*flags & MGPU_HOST_CHECK_GLOBAL) {
    uint32_t ordinal = runs.try_emplace(access.op, runs.size()).first->second;
    if (ordinal < MGPU_HOST_CHECK_RUNS)
      run = ordinal;
  }
  Type i64 = b.getI64Type(), i32 = b.getI32Type();
  call(b, loc, kAccess,
       {site(b, access.op,
             access.op->getName().getStringRef() + " of " +
                 describe(access.memref)),
        elementAddress(b, loc, access.memref, access.indices),
        arith::ConstantIntOp::create(b, loc, i64,
                                     layout.getTypeSize(access.accessed)),
        arith::ConstantIntOp::create(b, loc, i32, *flags),
        arith::ConstantIntOp::create(b, loc, i32, run)});
}

void KernelChecker::tellLoopAccess(Access &access, const LoopAccess &loop,
                                   uint32_t flags) {
  Location loc = access.op->getLoc();
  scf::ForOp forOp = loop.loop;
  OpBuilder b(forOp);
  SmallVector<Value> sizes, firstIndices;
  for (unsigned d = 0; d < access.indices.size(); ++d)
    sizes.push_back(memref::DimOp::create(b, loc, access.memref, d));
  Value tripCount;
  Value inBounds =
      loopAccessInBounds(b, loc, loop, sizes, firstIndices, tripCount);
  auto ifOp = scf::IfOp::create(b, loc, inBounds, /*withElseRegion=*/false);
  OpBuilder tb(ifOp.thenBlock()->getTerminator());
  // From one iteration to the next, the element moves by the step times
  // the strides of the indices that move.
  auto metadata =
      memref::ExtractStridedMetadataOp::create(tb, loc, access.memref);
  Value stride = arith::ConstantIndexOp::create(tb, loc, 0);
  for (auto [moves, dimStride] :
       llvm::zip_equal(loop.moves, metadata.getStrides()))
    if (moves)
      stride = arith::AddIOp::create(tb, loc, stride, dimStride);
  auto type = cast<MemRefType>(access.memref.getType());
  Value strideBytes = arith::MulIOp::create(
      tb, loc, arith::MulIOp::create(tb, loc, stride, forOp.getStep()),
      arith::ConstantIndexOp::create(
          tb, loc, layout.getTypeSize(type.getElementType())));
  Type i64 = tb.getI64Type();
  call(tb, loc, kAccesses,
       {site(tb, access.op,
             access.op->getName().getStringRef() + " of " +
                 describe(access.memref)),
        elementAddress(tb, loc, access.memref, firstIndices),
        arith::ConstantIntOp::create(tb, loc, i64,
                                     layout.getTypeSize(access.accessed)),
        arith::ConstantIntOp::create(tb, loc, tb.getI32Type(), flags),
        arith::IndexCastOp::create(tb, loc, i64, strideBytes),
        arith::IndexCastUIOp::create(tb, loc, i64, tripCount)});
  access.toldByLoop = inBounds;
}

void KernelChecker::reportOutOfBounds(OpBuilder &b, const Access &access,
                                      ArrayRef<Value> fits,
                                      ArrayRef<Value> sizes) {
  Operation *op = access.op;
  Location loc = op->getLoc();
  Type i64 = b.getI64Type();
  // The report names the first dimension that does not hold the access.
  Value dimension, index, extent, size;
  for (int d = access.checked - 1; d >= 0; --d) {
    Value dValue = arith::ConstantIntOp::create(b, loc, b.getI32Type(), d);
    Value eValue = arith::ConstantIntOp::create(b, loc, i64, access.extent(d));
    Value iValue = arith::IndexCastOp::create(b, loc, i64, access.indices[d]);
    Value sValue = arith::IndexCastOp::create(b, loc, i64, sizes[d]);
    if (!dimension) {
      dimension = dValue, extent = eValue, index = iValue, size = sValue;
      continue;
    }
    Value bad = arith::XOrIOp::create(
        b, loc, fits[d], arith::ConstantIntOp::create(b, loc, 1, 1));
    dimension = arith::SelectOp::create(b, loc, bad, dValue, dimension);
    extent = arith::SelectOp::create(b, loc, bad, eValue, extent);
    index = arith::SelectOp::create(b, loc, bad, iValue, index);
    size = arith::SelectOp::create(b, loc, bad, sValue, size);
  }
  call(b, loc, kOutOfBounds,
       {site(b, op,
             op->getName().getStringRef() + " of " + describe(access.memref)),
        dimension, index, extent, size});
  // The thread skips the access: a load gives 0.
  SmallVector<Value> zeros;
  for (Type result : op->getResultTypes()) {
    TypedAttr zero;
    if (isa<IntegerType, IndexType, FloatType, VectorType>(result))
      zero = cast<TypedAttr>(b.getZeroAttr(result));
    zeros.push_back(zero ? arith::ConstantOp::create(b, loc, zero).getResult()
                         : ub::PoisonOp::create(b, loc, result).getResult());
  }
  scf::YieldOp::create(b, loc, zeros);
}

/// Whether `op` holds a gpu.barrier, which its threads must all reach.
static bool holdsBarrier(Operation *op) {
  return op->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Whether `value` is the same in every thread of a block by the way it is
/// made: from constants, the kernel's arguments and the block's and grid's
/// ids and sizes, by ops without effects.
static bool isBlockUniform(Value value, gpu::GPUFuncOp kernel,
                           unsigned depth = 8) {
  if (matchPattern(value, m_Constant()))
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value))
    return arg.getOwner() == &kernel.getBody().front() &&
           arg.getArgNumber() < kernel.getNumArguments();
  Operation *def = value.getDefiningOp();
  if (!def || !depth)
    return false;
  if (isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp>(def))
    return true;
  // The GPU dialect's others (thread and lane ids, shuffles) are a
  // thread's own.
  if (isa_and_nonnull<gpu::GPUDialect>(def->getDialect()) ||
      def->getNumRegions() || def->getNumOperands() == 0 ||
      !isMemoryEffectFree(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isBlockUniform(operand, kernel, depth - 1);
  });
}

void KernelChecker::findLoopAccesses(ArrayRef<Operation *> accesses) {
  for (Operation *op : accesses) {
    Value memref;
    ValueRange indices;
    Type accessed;
    uint32_t flags = 0;
    if (auto load = dyn_cast<memref::LoadOp>(op)) {
      memref = load.getMemRef();
      indices = load.getIndices();
      accessed = load.getType();
    } else if (auto store = dyn_cast<memref::StoreOp>(op)) {
      memref = store.getMemRef();
      indices = store.getIndices();
      accessed = store.getValueToStore().getType();
      flags = MGPU_HOST_CHECK_WRITE;
    } else {
      continue;
    }
    auto type = cast<MemRefType>(memref.getType());
    Access access{op,       memref, indices, {}, unsigned(type.getRank()),
                  accessed, flags};
    std::optional<uint32_t> followed = followedAccess(access);
    if (!followed)
      continue;
    if (std::optional<LoopAccess> loop =
            findLoopAccess(op, memref, indices,
                           /*workgroup=*/!(*followed & MGPU_HOST_CHECK_GLOBAL),
                           /*writes=*/flags & MGPU_HOST_CHECK_WRITE))
      loopAccesses.try_emplace(op, std::move(*loop));
  }
}

void KernelChecker::checkUniform(Operation *op) {
  Location loc = op->getLoc();
  Type i64 = IntegerType::get(op->getContext(), 64);
  auto tell = [&](OpBuilder &b, Value value, const Twine &what) {
    if (isBlockUniform(value, kernel))
      return;
    Value wide =
        value.getType().isIndex()
            ? arith::IndexCastOp::create(b, loc, i64, value).getResult()
            : arith::ExtUIOp::create(b, loc, i64, value).getResult();
    call(b, loc, kUniform,
         {site(b, op,
               what + " of the " + op->getName().getStringRef() +
                   " that holds a gpu.barrier"),
          wide});
  };
  OpBuilder b(op);
  if (auto ifOp = dyn_cast<scf::IfOp>(op))
    return tell(b, ifOp.getCondition(), "the condition");
  if (auto forOp = dyn_cast<scf::ForOp>(op)) {
    tell(b, forOp.getLowerBound(), "the lower bound");
    tell(b, forOp.getUpperBound(), "the upper bound");
    return tell(b, forOp.getStep(), "the step");
  }
  if (auto switchOp = dyn_cast<scf::IndexSwitchOp>(op))
    return tell(b, switchOp.getArg(), "the value");
  if (auto whileOp = dyn_cast<scf::WhileOp>(op)) {
    scf::ConditionOp condition = whileOp.getConditionOp();
    OpBuilder cb(condition);
    return tell(cb, condition.getCondition(), "the condition");
  }
}

void KernelChecker::run() {
  SmallVector<Operation *> accesses, barriers, controls;
  kernel.walk([&](Operation *op) {
    if (auto load = dyn_cast<gpu::SubgroupMmaLoadMatrixOp>(op))
      warpMatrixBuffers.insert(getViewedBuffer(load.getSrcMemref()));
    else if (auto store = dyn_cast<gpu::SubgroupMmaStoreMatrixOp>(op))
      warpMatrixBuffers.insert(getViewedBuffer(store.getDstMemref()));
    if (isa<memref::LoadOp, memref::StoreOp, memref::AtomicRMWOp,
            memref::GenericAtomicRMWOp, vector::LoadOp, vector::StoreOp,
            vector::MaskedLoadOp, vector::MaskedStoreOp>(op))
      accesses.push_back(op);
    else if (isa<gpu::BarrierOp>(op))
      barriers.push_back(op);
    else if (isa<scf::IfOp, scf::ForOp, scf::WhileOp, scf::IndexSwitchOp>(op) &&
             holdsBarrier(op))
      controls.push_back(op);
  });
  LLVM_DEBUG(llvm::dbgs() << "@" << kernel.getName() << ": checking "
                          << accesses.size() << " accesses, " << barriers.size()
                          << " barriers, " << controls.size()
                          << " control ops\n");
  findLoopAccesses(accesses);
  LLVM_DEBUG(llvm::dbgs() << "  " << loopAccesses.size()
                          << " accesses told once a loop\n");
  for (Operation *op : accesses) {
    if (auto load = dyn_cast<memref::LoadOp>(op))
      checkAccess(op, load.getMemRef(), load.getIndices(), {}, 0,
                  load.getType(), 0);
    else if (auto store = dyn_cast<memref::StoreOp>(op))
      checkAccess(op, store.getMemRef(), store.getIndices(), {}, 0,
                  store.getValueToStore().getType(), MGPU_HOST_CHECK_WRITE);
    else if (auto atomic = dyn_cast<memref::AtomicRMWOp>(op))
      checkAccess(op, atomic.getMemref(), atomic.getIndices(), {}, 0,
                  atomic.getType(), MGPU_HOST_CHECK_ATOMIC);
    else if (auto generic = dyn_cast<memref::GenericAtomicRMWOp>(op))
      checkAccess(op, generic.getMemref(), generic.getIndices(), {}, 0,
                  generic.getResult().getType(), MGPU_HOST_CHECK_ATOMIC);
    else if (auto load = dyn_cast<vector::LoadOp>(op))
      checkAccess(op, load.getBase(), load.getIndices(),
                  load.getVectorType().getShape(), 0, load.getVectorType(), 0);
    else if (auto store = dyn_cast<vector::StoreOp>(op))
      checkAccess(op, store.getBase(), store.getIndices(),
                  store.getVectorType().getShape(), 0, store.getVectorType(),
                  MGPU_HOST_CHECK_WRITE);
    else if (auto load = dyn_cast<vector::MaskedLoadOp>(op))
      checkAccess(op, load.getBase(), load.getIndices(),
                  load.getVectorType().getShape(),
                  load.getVectorType().getRank(), load.getVectorType(), 0);
    else if (auto store = dyn_cast<vector::MaskedStoreOp>(op))
      checkAccess(op, store.getBase(), store.getIndices(),
                  store.getVectorType().getShape(),
                  store.getVectorType().getRank(), store.getVectorType(),
                  MGPU_HOST_CHECK_WRITE);
  }
  for (Operation *barrier : barriers) {
    // The block's first thread runs first after a barrier: the runtime
    // needs to hear of the barrier from it alone.
    OpBuilder b(barrier->getContext());
    b.setInsertionPointAfter(barrier);
    Location loc = barrier->getLoc();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value first = arith::ConstantIntOp::create(b, loc, 1, 1);
    for (gpu::Dimension d :
         {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
      first = arith::AndIOp::create(
          b, loc, first,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                gpu::ThreadIdOp::create(b, loc, d), zero));
    auto ifOp = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    call(b, loc, kBarrier, {});
  }
  for (Operation *control : controls)
    checkUniform(control);
}

/// Declares the check functions in `module`, once.
static void declareHooks(gpu::GPUModuleOp module) {
  MLIRContext *context = module.getContext();
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = IntegerType::get(context, 32), i64 = IntegerType::get(context, 64);
  auto withThread = [&](SmallVector<Type> types) {
    types.append({i32, i32, i32});
    return types;
  };
  const std::pair<Hook, SmallVector<Type>> signatures[] = {
      {kRegion, {ptr, i64}},
      {kAccess, withThread({ptr, ptr, i64, i32, i32})},
      {kAccesses, withThread({ptr, ptr, i64, i32, i64, i64})},
      {kOutOfBounds, withThread({ptr, i32, i64, i64, i64})},
      {kUniform, withThread({ptr, i64})},
      {kBarrier, withThread({})},
  };
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  for (const auto &[hook, inputs] : signatures) {
    if (module.lookupSymbol(hook.function))
      continue;
    auto function =
        func::FuncOp::create(b, module.getLoc(), hook.function,
                             FunctionType::get(context, inputs, {}));
    function.setPrivate();
  }
}

void mlir::offload::addKernelChecks(gpu::GPUFuncOp kernel) {
  declareHooks(kernel->getParentOfType<gpu::GPUModuleOp>());
  KernelChecker(kernel).run();
}

namespace {

/// Makes a kernel's calls of the hooks' stand-ins calls through its
/// block's MgpuHostBlock::check.
class HookBinder {
public:
  HookBinder(func::FuncOp function, Value block)
      : function(function), block(block), context(function.getContext()),
        ptr(LLVM::LLVMPointerType::get(context)),
        blockType(abi::getStructType(context, abi::Struct::MgpuHostBlock, 64)) {
  }

  void run();

private:
  /// Calls `hook` with the block and `args`.
  void callHook(OpBuilder &b, Location loc, const Hook &hook, ValueRange args);
  /// For `call` of the access hook whose run of MgpuHostBlock::checkRuns is
  /// `run`: extends the run where the access follows on from its end, and
  /// calls the hook otherwise.
  void extendRun(OpBuilder &b, func::CallOp call, uint32_t run);
  /// Tells the runtime of the block's static workgroup buffers, on its
  /// worker's stack (it knows the block's dynamic shared memory).
  void registerBuffers();
  /// The address of field `field` of the block.
  Value blockField(OpBuilder &b, Location loc, unsigned field) {
    return LLVM::GEPOp::create(b, loc, ptr, blockType, block,
                               ArrayRef<LLVM::GEPArg>{0, int32_t(field)});
  }

  func::FuncOp function;
  Value block;
  MLIRContext *context;
  Type ptr;
  LLVM::LLVMStructType blockType;
};

} // namespace

void HookBinder::callHook(OpBuilder &b, Location loc, const Hook &hook,
                          ValueRange args) {
  auto hooksType =
      abi::getStructType(context, abi::Struct::MgpuHostCheckHooks, 64);
  Value hooks = LLVM::LoadOp::create(
      b, loc, ptr, blockField(b, loc, abi::MgpuHostBlockField::check));
  Value entry =
      LLVM::GEPOp::create(b, loc, ptr, hooksType, hooks,
                          ArrayRef<LLVM::GEPArg>{0, int32_t(hook.field)});
  SmallVector<Value> operands = {LLVM::LoadOp::create(b, loc, ptr, entry),
                                 block};
  llvm::append_range(operands, args);
  SmallVector<Type> inputs = llvm::map_to_vector(
      ValueRange(operands).drop_front(), [](Value v) { return v.getType(); });
  auto type =
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), inputs);
  LLVM::CallOp::create(b, loc, type, operands);
}

void HookBinder::extendRun(OpBuilder &b, func::CallOp call, uint32_t run) {
  Location loc = call.getLoc();
  auto runType = abi::getStructType(context, abi::Struct::MgpuHostCheckRun, 64);
  Value runs = LLVM::LoadOp::create(
      b, loc, ptr, blockField(b, loc, abi::MgpuHostBlockField::checkRuns));
  Value end = LLVM::GEPOp::create(
      b, loc, ptr, runType, runs,
      ArrayRef<LLVM::GEPArg>{int32_t(run),
                             int32_t(abi::MgpuHostCheckRunField::end)});
  Type i64 = b.getI64Type();
  // The access hook's operands: the site, the address, the bytes, ...
  Value address = LLVM::PtrToIntOp::create(b, loc, i64, call.getOperand(1));
  Value follows =
      LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                           LLVM::LoadOp::create(b, loc, i64, end), address);
  auto ifOp = scf::IfOp::create(b, loc, follows, /*withElseRegion=*/true);
  OpBuilder tb(ifOp.thenBlock()->getTerminator());
  LLVM::StoreOp::create(
      tb, loc, LLVM::AddOp::create(tb, loc, address, call.getOperand(2)), end);
  OpBuilder eb(ifOp.elseBlock()->getTerminator());
  callHook(eb, loc, kAccess, call.getOperands());
}

void HookBinder::registerBuffers() {
  Location loc = function.getLoc();
  DataLayout layout = DataLayout::closest(function);
  SmallVector<memref::AllocaOp> buffers;
  for (auto alloca : function.getBody().front().getOps<memref::AllocaOp>())
    if (gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloca.getType()) &&
        alloca.getType().hasStaticShape())
      buffers.push_back(alloca);
  for (memref::AllocaOp alloca : buffers) {
    OpBuilder b(context);
    b.setInsertionPointAfter(alloca);
    MemRefType type = alloca.getType();
    uint64_t bytes = layout.getTypeSize(type.getElementType()) *
                     uint64_t(type.getNumElements());
    Value address =
        memref::ExtractAlignedPointerAsIndexOp::create(b, loc, alloca);
    Value pointer = LLVM::IntToPtrOp::create(
        b, loc, ptr,
        arith::IndexCastUIOp::create(b, loc, b.getI64Type(), address)
            .getResult());
    callHook(b, loc, kRegion,
             {pointer, arith::ConstantIntOp::create(b, loc, b.getI64Type(),
                                                    int64_t(bytes))});
  }
}

void HookBinder::run() {
  SmallVector<func::CallOp> calls;
  function.walk([&](func::CallOp call) {
    if (call.getCallee().starts_with("__offload_check_"))
      calls.push_back(call);
  });
  for (func::CallOp call : calls) {
    const Hook *hook = llvm::find_if(
        kHooks, [&](const Hook &h) { return h.function == call.getCallee(); });
    OpBuilder b(call);
    // The access hook's operand 4 is its run, if any.
    APInt run;
    if (hook->field == kAccess.field &&
        matchPattern(call.getOperand(4), m_ConstantInt(&run)) &&
        run.getZExtValue() < MGPU_HOST_CHECK_RUNS)
      extendRun(b, call, uint32_t(run.getZExtValue()));
    else
      callHook(b, call.getLoc(), *hook, call.getOperands());
    call.erase();
  }
  registerBuffers();
  function->setAttr(kCheckedAttrName, UnitAttr::get(context));
}

void mlir::offload::bindKernelChecks(func::FuncOp function, Value block) {
  HookBinder(function, block).run();
}

void mlir::offload::eraseKernelCheckDeclarations(gpu::GPUModuleOp module) {
  for (const Hook &hook : kHooks)
    if (Operation *declaration = module.lookupSymbol(hook.function))
      declaration->erase();
}
