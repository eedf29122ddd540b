//===- ThreadLoops.cpp - A kernel as loops over its threads ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/ThreadLoops.h"

#include "conversion/BlockMemory.h"

#include "dialects/RuntimeAbi.h"
#include "mgpu/mgpu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-host"

using namespace mlir;
using namespace mlir::offload;

namespace {

constexpr int64_t kWarpSize = 32;

/// Where threads must meet inside an operation.
enum class Sync { None = 0, Warp = 1, Block = 2 };

/// Operations through which the lanes of a warp exchange values.
bool isExchange(Operation *op) {
  return isa<gpu::ShuffleOp, gpu::RotateOp, gpu::SubgroupBroadcastOp,
             gpu::SubgroupReduceOp>(op);
}

/// Operations whose value is the executing thread's id.
bool isThreadIdOp(Operation *op) {
  return isa<gpu::ThreadIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp>(op);
}

/// The thread that a loop body runs, as values in that body (index).
struct Thread {
  Value x, y, z;
  /// (z * blockDim.y + y) * blockDim.x + x: the index into per-thread arrays.
  Value linear;
  Value lane, warp;
};

/// Where ops are emitted: at block level, uniform across the block, or in a
/// warp loop for the warp whose index is `warp`, for the lanes whose entry in
/// `active` (memref<32xi1>) is set, or all of them without one. Inside a warp,
/// control flow may diverge as on the GPU: the lanes that take a branch are
/// the active ones in it, and exchanges see only those.
struct Scope {
  Value warp;
  Value active;
  bool isWarp() const { return static_cast<bool>(warp); }
};

/// MgpuHostKernel::privateBytes, the bytes of each thread, is 32 bits.
static constexpr int64_t kMaxPrivateBytes = std::numeric_limits<int32_t>::max();

using BodyFn = function_ref<LogicalResult(OpBuilder &, const Thread &)>;

class ThreadLoopEmitter {
public:
  ThreadLoopEmitter(
      gpu::GPUFuncOp kernel, const BlockValues &values, IRMapping &uniform,
      function_ref<Value(OpBuilder &, Location, StringRef)> trapMessage)
      : kernel(kernel), values(values), uniform(uniform),
        trapMessage(trapMessage), layout(DataLayout::closest(kernel)) {}

  LogicalResult emit(OpBuilder &b);
  int64_t getPrivateBytes() const { return privateBytes; }

private:
  //===--- Analysis -------------------------------------------------------===//

  Sync getSync(Operation *op) {
    auto it = syncs.find(op);
    if (it != syncs.end())
      return it->second;
    Sync sync = Sync::None;
    if (isa<gpu::BarrierOp>(op))
      sync = Sync::Block;
    else if (isExchange(op))
      sync = Sync::Warp;
    else
      op->walk([&](Operation *nested) {
        if (nested == op)
          return;
        if (isa<gpu::BarrierOp>(nested))
          sync = Sync::Block;
        else if (isExchange(nested) && sync == Sync::None)
          sync = Sync::Warp;
      });
    return syncs[op] = sync;
  }

  /// Whether `v` can be computed afresh in any thread loop from uniform
  /// values and the thread's ids, instead of being kept per thread.
  bool canRecompute(Value v, int depth = 0) {
    if (uniform.contains(v) || privateBuffers.count(v))
      return true;
    Operation *op = v.getDefiningOp();
    if (!op || depth > 16)
      return false;
    if (isThreadIdOp(op))
      return true;
    if (op->getNumRegions() || isExchange(op) || !isMemoryEffectFree(op))
      return false;
    return llvm::all_of(op->getOperands(), [&](Value operand) {
      return canRecompute(operand, depth + 1);
    });
  }

  /// Whether `v` is the same in every thread: a uniform value, or a pure
  /// function of uniform values that no thread id enters.
  bool isUniform(Value v, int depth = 0) {
    if (uniform.contains(v))
      return true;
    Operation *op = v.getDefiningOp();
    if (!op || depth > 16 || isThreadIdOp(op) || op->getNumRegions() ||
        isExchange(op) || !isMemoryEffectFree(op) ||
        (isa<memref::AllocaOp>(op) && privateBuffers.count(v)))
      return false;
    return llvm::all_of(op->getOperands(), [&](Value operand) {
      return isUniform(operand, depth + 1);
    });
  }

  //===--- Values ---------------------------------------------------------===//

  Value index(OpBuilder &b, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }

  /// The per-thread array that keeps `v` between loops.
  FailureOr<Value> getOrCreateHome(Value v) {
    if (Value home = homes.lookup(v))
      return home;
    Type type = v.getType();
    if (!MemRefType::isValidElementType(type))
      return emitError(v.getLoc())
             << "the host target cannot keep a value of type " << type
             << " per thread across a barrier or subgroup operation; compute "
                "it after the barrier instead";
    Value home = memref::AllocaOp::create(
        entry, loc, MemRefType::get({ShapedType::kDynamic}, type), threads);
    homes[v] = home;
    return home;
  }

  /// A buffer in which the 32 lanes of a warp publish values of `type`.
  Value getExchangeBuffer(Type type) {
    Value &buffer = exchangeBuffers[type];
    if (!buffer)
      buffer = memref::AllocaOp::create(entry, loc,
                                        MemRefType::get({kWarpSize}, type));
    return buffer;
  }

  Value threadIdValue(Operation *op, const Thread &t) {
    if (auto id = dyn_cast<gpu::ThreadIdOp>(op))
      return id.getDimension() == gpu::Dimension::x   ? t.x
             : id.getDimension() == gpu::Dimension::y ? t.y
                                                      : t.z;
    if (isa<gpu::LaneIdOp>(op))
      return t.lane;
    return t.warp; // gpu.subgroup_id
  }

  /// The value of `v` in thread `t`, in a loop body at `b`: uniform, computed
  /// afresh, or loaded from its per-thread array.
  FailureOr<Value> materialize(Value v, const Thread &t, OpBuilder &b,
                               IRMapping &mapping) {
    if (Value mapped = mapping.lookupOrNull(v))
      return mapped;
    if (Value u = uniform.lookupOrNull(v)) {
      mapping.map(v, u);
      return u;
    }
    if (auto buffer = privateBuffers.find(v); buffer != privateBuffers.end()) {
      Value view = privateView(buffer->second, v.getType(), t, b);
      mapping.map(v, view);
      return view;
    }
    if (canRecompute(v)) {
      Operation *op = v.getDefiningOp();
      if (isThreadIdOp(op)) {
        Value id = threadIdValue(op, t);
        mapping.map(v, id);
        return id;
      }
      for (Value operand : op->getOperands())
        if (failed(materialize(operand, t, b, mapping)))
          return failure();
      Operation *clone = b.clone(*op, mapping);
      return clone->getResult(cast<OpResult>(v).getResultNumber());
    }
    Value home = homes.lookup(v);
    if (!home)
      return emitError(v.getLoc())
             << "the host target lost track of a value used across a "
                "barrier or subgroup operation";
    Value loaded = memref::LoadOp::create(b, loc, home, t.linear);
    mapping.map(v, loaded);
    return loaded;
  }

  /// The value of `v` in the first (active) thread of `scope`, which CUDA
  /// requires to be the value of every thread there (a loop bound; a
  /// condition at block level).
  FailureOr<Value> uniformValue(Value v, Scope scope, OpBuilder &b) {
    if (Value u = uniform.lookupOrNull(v))
      return u;
    Thread first = firstThread(scope, b);
    IRMapping mapping;
    return materialize(v, first, b, mapping);
  }

  //===--- Threads and their loops ----------------------------------------===//

  Thread threadFromLinear(OpBuilder &b, Value linear, Value lane, Value warp) {
    Thread t;
    t.linear = linear;
    t.lane = lane;
    t.warp = warp;
    Value bx = values.blockDim[0], by = values.blockDim[1];
    t.x = arith::RemUIOp::create(b, loc, linear, bx);
    Value rest = arith::DivUIOp::create(b, loc, linear, bx);
    t.y = arith::RemUIOp::create(b, loc, rest, by);
    t.z = arith::DivUIOp::create(b, loc, rest, by);
    return t;
  }

  Thread firstThread(Scope scope, OpBuilder &b) {
    if (!scope.isWarp()) {
      Value zero = index(b, 0);
      return Thread{zero, zero, zero, zero, zero, zero};
    }
    Value lane = firstActiveLane(scope, b);
    Value linear = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, scope.warp, index(b, kWarpSize)),
        lane);
    return threadFromLinear(b, linear, lane, scope.warp);
  }

  /// `for i in [0, bound)`, with `body` built inside.
  LogicalResult emitFor(OpBuilder &b, Value bound,
                        function_ref<LogicalResult(OpBuilder &, Value)> body) {
    auto loop = scf::ForOp::create(b, loc, index(b, 0), bound, index(b, 1));
    OpBuilder inner = OpBuilder::atBlockTerminator(loop.getBody());
    return body(inner, loop.getInductionVar());
  }

  /// The number of lanes that warp `warp` has (the last may be partial).
  Value laneCount(Value warp, OpBuilder &b) {
    Value first = arith::MulIOp::create(b, loc, warp, index(b, kWarpSize));
    Value left = arith::SubIOp::create(b, loc, threads, first);
    return arith::MinUIOp::create(b, loc, left, index(b, kWarpSize));
  }

  /// The active lanes of `scope`'s warp: `body` once per lane.
  LogicalResult emitLaneLoop(Scope scope, OpBuilder &b, BodyFn body) {
    Value first =
        arith::MulIOp::create(b, loc, scope.warp, index(b, kWarpSize));
    return emitFor(
        b, laneCount(scope.warp, b), [&](OpBuilder &inner, Value lane) {
          if (!scope.active) {
            Value linear = arith::AddIOp::create(inner, loc, first, lane);
            return body(inner,
                        threadFromLinear(inner, linear, lane, scope.warp));
          }
          Value isActive =
              memref::LoadOp::create(inner, loc, scope.active, lane);
          auto ifActive = scf::IfOp::create(inner, loc, isActive);
          OpBuilder then = OpBuilder::atBlockTerminator(ifActive.thenBlock());
          Value linear = arith::AddIOp::create(then, loc, first, lane);
          return body(then, threadFromLinear(then, linear, lane, scope.warp));
        });
  }

  /// The lowest active lane of `scope`'s warp (index), or the lane count if
  /// none is.
  Value firstActiveLane(Scope scope, OpBuilder &b) {
    if (!scope.active)
      return index(b, 0);
    Value lanes = laneCount(scope.warp, b);
    auto scan = scf::ForOp::create(
        b, loc, index(b, 0), lanes, index(b, 1), ValueRange{lanes},
        [&](OpBuilder &fb, Location l, Value lane, ValueRange found) {
          Value isActive = memref::LoadOp::create(fb, l, scope.active, lane);
          Value none = arith::CmpIOp::create(fb, l, arith::CmpIPredicate::eq,
                                             found[0], lanes);
          Value take = arith::AndIOp::create(fb, l, isActive, none);
          scf::YieldOp::create(
              fb, l,
              ValueRange{arith::SelectOp::create(fb, l, take, lane, found[0])});
        });
    return scan.getResult(0);
  }

  /// A new lane mask of `scope`'s warp, set for the lanes active in `scope`
  /// for which `predicate` (an i1 made from the thread's values) holds.
  using PredicateFn =
      function_ref<FailureOr<Value>(OpBuilder &, const Thread &, IRMapping &)>;
  FailureOr<Value> emitMask(Scope scope, OpBuilder &b, PredicateFn predicate) {
    Value mask = newMask();
    clearMask(mask, b);
    if (failed(emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
          IRMapping mapping;
          FailureOr<Value> set = predicate(lb, t, mapping);
          if (failed(set))
            return failure();
          memref::StoreOp::create(lb, loc, *set, mask, t.lane);
          return success();
        })))
      return failure();
    return mask;
  }

  /// The lanes of `scope` for which `condition` is `expected`.
  FailureOr<Value> emitMask(Scope scope, OpBuilder &b, Value condition,
                            bool expected) {
    return emitMask(
        scope, b,
        [&](OpBuilder &lb, const Thread &t,
            IRMapping &mapping) -> FailureOr<Value> {
          FailureOr<Value> c = materialize(condition, t, lb, mapping);
          if (failed(c) || expected)
            return c;
          return arith::XOrIOp::create(
                     lb, loc, *c, arith::ConstantIntOp::create(lb, loc, 1, 1))
              .getResult();
        });
  }

  /// `scf.if` (any lane of `mask` set) with `body` built in it for the lanes
  /// of `mask`.
  LogicalResult
  emitMasked(Scope scope, Value mask, OpBuilder &b,
             function_ref<LogicalResult(Scope, OpBuilder &)> body) {
    auto branch = scf::IfOp::create(b, loc, anyLane(mask, b));
    OpBuilder inner = OpBuilder::atBlockTerminator(branch.thenBlock());
    return body(Scope{scope.warp, mask}, inner);
  }

  /// memref<32xi1>, allocated once at the top of the function: the warps of
  /// a block run one after another, so one mask per construct serves all.
  Value newMask() {
    return memref::AllocaOp::create(
        entry, loc, MemRefType::get({kWarpSize}, entry.getI1Type()));
  }

  void clearMask(Value mask, OpBuilder &b) {
    Value cleared = arith::ConstantIntOp::create(b, loc, 0, 1);
    scf::ForOp::create(b, loc, index(b, 0), index(b, kWarpSize), index(b, 1),
                       ValueRange{},
                       [&](OpBuilder &fb, Location l, Value lane, ValueRange) {
                         memref::StoreOp::create(fb, l, cleared, mask, lane);
                         scf::YieldOp::create(fb, l);
                       });
  }

  /// Whether any lane of `mask` is set (i1).
  Value anyLane(Value mask, OpBuilder &b) {
    auto scan = scf::ForOp::create(
        b, loc, index(b, 0), index(b, kWarpSize), index(b, 1),
        ValueRange{arith::ConstantIntOp::create(b, loc, 0, 1)},
        [&](OpBuilder &fb, Location l, Value lane, ValueRange any) {
          Value set = memref::LoadOp::create(fb, l, mask, lane);
          scf::YieldOp::create(
              fb, l, ValueRange{arith::OrIOp::create(fb, l, any[0], set)});
        });
    return scan.getResult(0);
  }

  LogicalResult
  emitWarpLoop(OpBuilder &b,
               function_ref<LogicalResult(OpBuilder &, Value)> body) {
    return emitFor(b, warps, body);
  }

  /// Every thread of `scope`: the block's (z, y, x, x innermost), or the
  /// lanes of the scope's warp.
  LogicalResult emitThreadLoop(Scope scope, OpBuilder &b, BodyFn body) {
    if (scope.isWarp())
      return emitLaneLoop(scope, b, body);
    if (warpMode)
      return emitWarpLoop(b, [&](OpBuilder &wb, Value warp) {
        return emitLaneLoop(Scope{warp, Value()}, wb, body);
      });
    return emitFor(b, values.blockDim[2], [&](OpBuilder &zb, Value z) {
      return emitFor(zb, values.blockDim[1], [&](OpBuilder &yb, Value y) {
        return emitFor(yb, values.blockDim[0], [&](OpBuilder &xb, Value x) {
          Value row = arith::AddIOp::create(
              xb, loc, arith::MulIOp::create(xb, loc, z, values.blockDim[1]),
              y);
          Value linear = arith::AddIOp::create(
              xb, loc, arith::MulIOp::create(xb, loc, row, values.blockDim[0]),
              x);
          Value size = index(xb, kWarpSize);
          Thread t{x,
                   y,
                   z,
                   linear,
                   arith::RemUIOp::create(xb, loc, linear, size),
                   arith::DivUIOp::create(xb, loc, linear, size)};
          return body(xb, t);
        });
      });
    });
  }

  /// Stores `sources[i]`, as each thread has it, into `targets[i]`: all
  /// values are read before any is written, so that a swap stays a swap.
  LogicalResult emitStores(Scope scope, OpBuilder &b, ValueRange sources,
                           ArrayRef<Value> targets) {
    if (sources.empty())
      return success();
    return emitThreadLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
      IRMapping mapping;
      SmallVector<Value> read;
      for (Value source : sources) {
        FailureOr<Value> v = materialize(source, t, lb, mapping);
        if (failed(v))
          return failure();
        read.push_back(*v);
      }
      for (auto [v, target] : llvm::zip_equal(read, targets))
        memref::StoreOp::create(lb, loc, v, target, t.linear);
      return success();
    });
  }

  //===--- Private memory -------------------------------------------------===//

  /// A static private allocation: the threads' slices of it lie one after
  /// another, from `start` bytes per thread into the private memory.
  struct PrivateBuffer {
    int64_t start;
    int64_t bytesPerThread;
  };

  /// Gives each static private allocation (memref.alloca in the kernel,
  /// private attributions) one slice per thread of the block's private
  /// memory, so that it lives across loops; its worker's stack could not
  /// hold 1024 threads' worth. Each slice is aligned as its element type and
  /// the alloca ask (16 bytes at least, as an alloca on the stack would be);
  /// an alloca that asks for more than the runtime aligns private memory to
  /// stays on the stack.
  LogicalResult collectPrivateMemory() {
    auto add = [&](Value memory, uint64_t requested,
                   Operation *at) -> LogicalResult {
      auto type = cast<MemRefType>(memory.getType());
      if (!type.hasStaticShape() || !type.getLayout().isIdentity())
        return success(); // stays where it is: one allocation per thread
      Type element = type.getElementType();
      uint64_t alignment = std::max<uint64_t>(
          {16, layout.getTypeABIAlignment(element), requested});
      if (alignment > MGPU_HOST_BLOCK_MEMORY_ALIGNMENT) {
        if (isa<memref::AllocaOp>(at))
          return success();
        return at->emitError()
               << "kernel @" << kernel.getName()
               << " has a private attribution "
               << "of type " << type << ", aligned to " << alignment
               << " bytes; the host target aligns private memory to "
               << MGPU_HOST_BLOCK_MEMORY_ALIGNMENT;
      }
      auto tooBig = [&] {
        return at->emitError()
               << "with " << type << ", each thread of kernel @"
               << kernel.getName() << " needs more than 2 GiB of private "
               << "memory, the most the host target gives a thread";
      };
      // Elements lie an ABI alignment apart (an i48 takes 8 bytes).
      std::optional<int64_t> bytes = static_cast<int64_t>(
          llvm::alignTo(layout.getTypeSize(element).getFixedValue(),
                        layout.getTypeABIAlignment(element)));
      for (int64_t dim : type.getShape())
        if (bytes)
          bytes = llvm::checkedMul(*bytes, dim);
      if (!bytes || *bytes > kMaxPrivateBytes)
        return tooBig();
      // Past this point every size is below 2^32: nothing wraps.
      int64_t size = llvm::alignTo(std::max<int64_t>(*bytes, 1), alignment);
      int64_t start = llvm::alignTo(privateBytes, alignment);
      if (start + size > kMaxPrivateBytes)
        return tooBig();
      privateBuffers[memory] = {start, size};
      privateBytes = start + size;
      return success();
    };
    for (BlockArgument attribution : kernel.getPrivateAttributions())
      if (failed(add(attribution, 0, kernel)))
        return failure();
    WalkResult walked = kernel.walk([&](memref::AllocaOp alloca) {
      if (!runsOncePerThread(alloca) && mayBePassedOn(alloca.getResult()))
        return WalkResult::advance(); // one allocation each time, on the stack
      return failed(add(alloca.getResult(), alloca.getAlignment().value_or(0),
                        alloca))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    return failure(walked.wasInterrupted());
  }

  /// Whether `op` runs at most once in each thread: not in a loop, nor in a
  /// block of branches that may be one. An alloca that runs more often makes
  /// a new buffer each time, which one slice per thread can stand for only
  /// where each buffer is dead when the next is made (!mayBePassedOn).
  bool runsOncePerThread(Operation *op) {
    for (Operation *at = op; at != kernel; at = at->getParentOp()) {
      if (!at->getBlock()->isEntryBlock())
        return false;
      Operation *parent = at->getParentOp();
      if (parent != kernel && isa<RegionBranchOpInterface>(parent) &&
          cast<RegionBranchOpInterface>(parent).isRepetitiveRegion(
              at->getParentRegion()->getRegionNumber()))
        return false;
    }
    return true;
  }

  /// Whether `memory` (or a view of it) may reach code that runs after its
  /// allocation runs again: passed on by a terminator (scf.yield, cf.br),
  /// given to an op with regions (a loop's initial values), or turned into
  /// another memref by an op that is not a view.
  static bool mayBePassedOn(Value memory) {
    for (Operation *user : memory.getUsers()) {
      if (user->hasTrait<OpTrait::IsTerminator>() || user->getNumRegions())
        return true;
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (view && view.getViewSource() == memory) {
        if (llvm::any_of(user->getResults(), mayBePassedOn))
          return true;
      } else if (llvm::any_of(user->getResultTypes(),
                              llvm::IsaPred<BaseMemRefType>)) {
        return true;
      }
    }
    return false;
  }

  /// Whether `memory`, a memref that a run makes (`isInside`), may be stack
  /// memory allocated in the run, which an alloca scope around the run
  /// would free: what a view of such memory or an op in the run returns.
  /// Private memory, and views of what the run did not make, are not.
  bool mayBeRunStack(Value memory, function_ref<bool(Operation *)> isInside) {
    while (true) {
      if (privateBuffers.count(memory))
        return false;
      Operation *definer = memory.getDefiningOp();
      if (!definer)
        return isInside(cast<BlockArgument>(memory).getOwner()->getParentOp());
      if (!isInside(definer))
        return false;
      auto view = dyn_cast<ViewLikeOpInterface>(definer);
      if (!view)
        return true;
      memory = view.getViewSource();
    }
  }

  /// An empty memref.alloca_scope at `b`: its terminator, before which the
  /// scope's allocations go.
  Operation *allocaScope(OpBuilder &b) {
    OpBuilder::InsertionGuard guard(b);
    auto scope = memref::AllocaScopeOp::create(b, loc, TypeRange{});
    b.createBlock(&scope.getBodyRegion());
    return memref::AllocaScopeReturnOp::create(b, loc);
  }

  /// The private memory as memref<?xi8> in `memorySpace`, made once.
  Value privateMemory(Attribute memorySpace) {
    Value &memory = privateMemories[memorySpace];
    if (!memory) {
      Value bytes = arith::IndexCastOp::create(
          entry, loc, entry.getI64Type(),
          arith::MulIOp::create(entry, loc, threads,
                                index(entry, privateBytes)));
      memory =
          wrapBlockMemory(entry, loc, values.privateMemory, bytes, memorySpace);
    }
    return memory;
  }

  Value privateView(const PrivateBuffer &buffer, Type type, const Thread &t,
                    OpBuilder &b) {
    Value start =
        arith::MulIOp::create(b, loc, threads, index(b, buffer.start));
    Value shift = arith::AddIOp::create(
        b, loc, start,
        arith::MulIOp::create(b, loc, t.linear,
                              index(b, buffer.bytesPerThread)));
    Value memory = privateMemory(cast<MemRefType>(type).getMemorySpace());
    return memref::ViewOp::create(b, loc, type, memory, shift, ValueRange{});
  }

  //===--- Emission -------------------------------------------------------===//

  LogicalResult emitOps(ArrayRef<Operation *> ops, Scope scope, OpBuilder &b);
  LogicalResult emitRun(ArrayRef<Operation *> run, Scope scope, OpBuilder &b);
  LogicalResult cloneRun(ArrayRef<Operation *> run, const Thread &t,
                         OpBuilder &b);
  /// Whether the clone of `op` in a thread's loop body must be made that
  /// thread's: thread ids, static private allocations, assertions.
  bool isThreadsOwn(Operation *op) const;
  /// Makes the clones of `sources` (as `mapping` maps them) thread `t`'s:
  /// its ids, its slices of private memory, a failed assertion stopping
  /// the launch with its message and thread.
  void makeThreadsOwn(ArrayRef<Operation *> sources, IRMapping &mapping,
                      const Thread &t);
  LogicalResult emitControl(Operation *op, Scope scope, OpBuilder &b);
  LogicalResult emitFor(scf::ForOp op, Scope scope, OpBuilder &b);
  LogicalResult emitDivergentFor(scf::ForOp op, Scope scope, OpBuilder &b,
                                 ArrayRef<Value> carried);
  LogicalResult emitIf(scf::IfOp op, Scope scope, OpBuilder &b);
  LogicalResult emitWhile(scf::WhileOp op, Scope scope, OpBuilder &b);
  LogicalResult emitDivergentWhile(scf::WhileOp op, Scope scope, OpBuilder &b,
                                   ArrayRef<Value> beforeHomes,
                                   ArrayRef<Value> afterHomes);
  LogicalResult emitSwitch(scf::IndexSwitchOp op, Scope scope, OpBuilder &b);
  LogicalResult emitRegionBody(Region &region, Scope scope, OpBuilder &b,
                               ArrayRef<Value> resultHomes);
  LogicalResult emitExchange(Operation *op, Scope scope, OpBuilder &b);
  FailureOr<Value> exchangeResult(Operation *op, const Thread &t, OpBuilder &b,
                                  IRMapping &mapping, Value buffer, Value lanes,
                                  Value active, Value firstActive,
                                  Value &valid);
  SmallVector<Operation *> bodyOps(Block &block) {
    return llvm::map_to_vector(block.without_terminator(),
                               [](Operation &op) { return &op; });
  }
  FailureOr<SmallVector<Value>> homesFor(ValueRange values);

  gpu::GPUFuncOp kernel;
  const BlockValues &values;
  IRMapping &uniform;
  function_ref<Value(OpBuilder &, Location, StringRef)> trapMessage;
  DataLayout layout;
  Location loc = kernel.getLoc();
  /// Allocations go here, at the top of the function.
  OpBuilder entry = OpBuilder(kernel.getContext());
  Value threads, warps;
  bool warpMode = false;
  DenseMap<Operation *, Sync> syncs;
  DenseMap<Value, Value> homes;
  DenseMap<Type, Value> exchangeBuffers;
  DenseMap<Value, PrivateBuffer> privateBuffers;
  /// The bytes of private memory each thread needs.
  int64_t privateBytes = 0;
  DenseMap<Attribute, Value> privateMemories;
};

} // namespace

FailureOr<SmallVector<Value>> ThreadLoopEmitter::homesFor(ValueRange vals) {
  SmallVector<Value> result;
  for (Value v : vals) {
    FailureOr<Value> home = getOrCreateHome(v);
    if (failed(home))
      return failure();
    result.push_back(*home);
  }
  return result;
}

LogicalResult ThreadLoopEmitter::emitOps(ArrayRef<Operation *> ops, Scope scope,
                                         OpBuilder &b) {
  // Ops run together until one where threads must meet at this scope's
  // level: a barrier everywhere, an exchange inside a warp loop.
  Sync meet = scope.isWarp() ? Sync::Warp : Sync::Block;
  SmallVector<Operation *> run;
  auto flush = [&]() -> LogicalResult {
    if (run.empty())
      return success();
    LogicalResult result = emitRun(run, scope, b);
    run.clear();
    return result;
  };
  for (Operation *op : ops) {
    Sync sync = getSync(op);
    if (sync < meet || (sync == Sync::Warp && !scope.isWarp())) {
      run.push_back(op);
      continue;
    }
    if (failed(flush()))
      return failure();
    if (sync == Sync::Block && scope.isWarp())
      return op->emitError()
             << "this barrier is inside control flow that depends on the warp "
                "(a subgroup operation decides it); a barrier must be reached "
                "by every thread of the block";
    if (isa<gpu::BarrierOp>(op))
      continue; // the split is the barrier
    if (failed(isExchange(op) ? emitExchange(op, scope, b)
                              : emitControl(op, scope, b)))
      return failure();
  }
  return flush();
}

LogicalResult ThreadLoopEmitter::emitRun(ArrayRef<Operation *> run, Scope scope,
                                         OpBuilder &b) {
  // At block level with warps, each warp runs the ops, split at exchanges.
  if (!scope.isWarp() && warpMode && llvm::any_of(run, [&](Operation *op) {
        return getSync(op) == Sync::Warp;
      }))
    return emitWarpLoop(b, [&](OpBuilder &wb, Value warp) {
      return emitOps(run, Scope{warp}, wb);
    });
  return emitThreadLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
    return cloneRun(run, t, lb);
  });
}

bool ThreadLoopEmitter::isThreadsOwn(Operation *op) const {
  return isThreadIdOp(op) || isa<cf::AssertOp>(op) ||
         (isa<memref::AllocaOp>(op) && privateBuffers.count(op->getResult(0)));
}

void ThreadLoopEmitter::makeThreadsOwn(ArrayRef<Operation *> sources,
                                       IRMapping &mapping, const Thread &t) {
  for (Operation *source : sources) {
    Operation *clone = mapping.lookupOrNull(source);
    if (!clone)
      continue;
    OpBuilder fb(clone);
    if (isThreadIdOp(source)) {
      clone->getResult(0).replaceAllUsesWith(threadIdValue(source, t));
    } else if (auto alloca = dyn_cast<memref::AllocaOp>(source)) {
      clone->getResult(0).replaceAllUsesWith(privateView(
          privateBuffers[alloca.getResult()], alloca.getType(), t, fb));
    } else {
      auto assertOp = cast<cf::AssertOp>(clone);
      Value failed =
          arith::XOrIOp::create(fb, loc, assertOp.getArg(),
                                arith::ConstantIntOp::create(fb, loc, 1, 1));
      auto ifFailed = scf::IfOp::create(fb, loc, failed);
      OpBuilder tb = OpBuilder::atBlockBegin(ifFailed.thenBlock());
      MLIRContext *context = kernel.getContext();
      Type ptr = LLVM::LLVMPointerType::get(context);
      Type i32 = tb.getI32Type();
      auto blockType =
          abi::getStructType(context, abi::Struct::MgpuHostBlock, 64);
      Value slot = LLVM::GEPOp::create(
          tb, loc, ptr, blockType, values.block,
          ArrayRef<LLVM::GEPArg>{0, abi::MgpuHostBlockField::trap});
      Value trap = LLVM::LoadOp::create(tb, loc, ptr, slot);
      SmallVector<Value> args = {values.block,
                                 trapMessage(tb, loc, assertOp.getMsg())};
      for (Value id : {t.x, t.y, t.z})
        args.push_back(arith::IndexCastUIOp::create(tb, loc, i32, id));
      auto trapType = LLVM::LLVMFunctionType::get(
          LLVM::LLVMVoidType::get(context), {ptr, ptr, i32, i32, i32});
      SmallVector<Value> callee = {trap};
      callee.append(args);
      LLVM::CallOp::create(tb, loc, trapType, callee);
    }
    clone->erase();
  }
}

LogicalResult ThreadLoopEmitter::cloneRun(ArrayRef<Operation *> run,
                                          const Thread &t, OpBuilder &b) {
  llvm::SmallPtrSet<Operation *, 16> inRun(run.begin(), run.end());
  Block *block = run.front()->getBlock();
  auto isInside = [&](Operation *op) {
    Operation *ancestor = op ? block->findAncestorOpInBlock(*op) : nullptr;
    return ancestor && inRun.contains(ancestor);
  };

  // Allocations left on the stack (of dynamic size) are the thread's for
  // its run only, unless memory of the run is used after it: 1024 threads'
  // worth would not fit a worker's stack.
  bool stackAllocations = false, memoryEscapes = false;
  for (Operation *op : run) {
    op->walk([&](memref::AllocaOp alloca) {
      stackAllocations |= !privateBuffers.count(alloca.getResult());
    });
    for (Value result : op->getResults())
      memoryEscapes |=
          isa<BaseMemRefType>(result.getType()) &&
          llvm::any_of(result.getUsers(),
                       [&](Operation *user) { return !isInside(user); }) &&
          mayBeRunStack(result, isInside);
  }
  OpBuilder::InsertionGuard guard(b);
  if (stackAllocations && !memoryEscapes)
    b.setInsertionPoint(allocaScope(b));

  // The values the run uses from elsewhere, made available first.
  llvm::SetVector<Value> external;
  for (Operation *op : run)
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *definer = operand.getDefiningOp();
        if (auto arg = dyn_cast<BlockArgument>(operand))
          definer = arg.getOwner()->getParentOp();
        if (!isInside(definer))
          external.insert(operand);
      }
    });
  IRMapping mapping;
  for (Value v : external)
    if (failed(materialize(v, t, b, mapping)))
      return failure();

  for (Operation *op : run)
    b.clone(*op, mapping);

  SmallVector<Operation *> fixups;
  for (Operation *op : run)
    op->walk([&](Operation *nested) {
      if (isThreadsOwn(nested))
        fixups.push_back(nested);
    });
  makeThreadsOwn(fixups, mapping, t);

  // What later loops need is kept per thread, unless they can recompute it.
  for (Operation *op : run)
    for (Value result : op->getResults()) {
      bool usedOutside = llvm::any_of(
          result.getUsers(), [&](Operation *user) { return !isInside(user); });
      if (!usedOutside || canRecompute(result))
        continue;
      FailureOr<Value> home = getOrCreateHome(result);
      if (failed(home))
        return failure();
      memref::StoreOp::create(b, loc, mapping.lookup(result), *home, t.linear);
    }
  return success();
}

LogicalResult ThreadLoopEmitter::emitControl(Operation *op, Scope scope,
                                             OpBuilder &b) {
  LLVM_DEBUG(llvm::dbgs() << "hoisting out of the thread loops: "
                          << op->getName() << "\n");
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return emitFor(loop, scope, b);
  if (auto branch = dyn_cast<scf::IfOp>(op))
    return emitIf(branch, scope, b);
  if (auto loop = dyn_cast<scf::WhileOp>(op))
    return emitWhile(loop, scope, b);
  if (auto branch = dyn_cast<scf::IndexSwitchOp>(op))
    return emitSwitch(branch, scope, b);
  if (auto region = dyn_cast<scf::ExecuteRegionOp>(op)) {
    if (!region.getRegion().hasOneBlock())
      return op->emitError() << "the host target cannot split a barrier or "
                                "subgroup operation in an scf.execute_region "
                                "with several blocks";
    FailureOr<SmallVector<Value>> resultHomes = homesFor(op->getResults());
    if (failed(resultHomes))
      return failure();
    return emitRegionBody(region.getRegion(), scope, b, *resultHomes);
  }
  return op->emitError()
         << "the host target splits kernels at barriers and subgroup "
            "operations in scf.for, scf.if, scf.while, scf.index_switch and "
            "scf.execute_region only, not in '"
         << op->getName() << "'";
}

/// Emits the ops of `region`'s block, then stores what its terminator yields
/// into `resultHomes`.
LogicalResult ThreadLoopEmitter::emitRegionBody(Region &region, Scope scope,
                                                OpBuilder &b,
                                                ArrayRef<Value> resultHomes) {
  Block &block = region.front();
  if (failed(emitOps(bodyOps(block), scope, b)))
    return failure();
  return emitStores(scope, b, block.getTerminator()->getOperands(),
                    resultHomes);
}

LogicalResult ThreadLoopEmitter::emitFor(scf::ForOp op, Scope scope,
                                         OpBuilder &b) {
  FailureOr<SmallVector<Value>> carried = homesFor(op.getRegionIterArgs());
  if (failed(carried))
    return failure();
  for (auto [result, home] : llvm::zip_equal(op.getResults(), *carried))
    homes[result] = home;
  if (failed(emitStores(scope, b, op.getInitArgs(), *carried)))
    return failure();
  // Inside a warp, lanes may have bounds of their own: each runs its own
  // iterations. (At block level, a loop that holds a barrier is uniform.)
  if (scope.isWarp() &&
      !llvm::all_of(
          ValueRange{op.getLowerBound(), op.getUpperBound(), op.getStep()},
          [&](Value v) { return isUniform(v); }))
    return emitDivergentFor(op, scope, b, *carried);
  FailureOr<Value> lb = uniformValue(op.getLowerBound(), scope, b);
  FailureOr<Value> ub = uniformValue(op.getUpperBound(), scope, b);
  FailureOr<Value> step = uniformValue(op.getStep(), scope, b);
  if (failed(lb) || failed(ub) || failed(step))
    return failure();
  auto loop = scf::ForOp::create(b, loc, *lb, *ub, *step, ValueRange{},
                                 /*bodyBuilder=*/nullptr, op.getUnsignedCmp());
  uniform.map(op.getInductionVar(), loop.getInductionVar());
  OpBuilder body = OpBuilder::atBlockTerminator(loop.getBody());
  return emitRegionBody(op.getRegion(), scope, body, *carried);
}

/// In a warp, each lane runs the iterations of its own bounds, in step with
/// the others as on a GPU: the k-th time round, the lanes that have a k-th
/// iteration are the active ones. The loop goes on while any lane has one.
LogicalResult ThreadLoopEmitter::emitDivergentFor(scf::ForOp op, Scope scope,
                                                  OpBuilder &b,
                                                  ArrayRef<Value> carried) {
  LLVM_DEBUG(llvm::dbgs() << "lanes of a warp run scf.for with bounds of their "
                             "own\n");
  FailureOr<Value> inductionHome = getOrCreateHome(op.getInductionVar());
  if (failed(inductionHome))
    return failure();
  Value looping = newMask();
  clearMask(looping, b);
  // Whether lane `t`, at iteration `iv`, has more to do.
  auto before = [&](OpBuilder &lb, const Thread &t, IRMapping &mapping,
                    Value iv) -> LogicalResult {
    FailureOr<Value> ub = materialize(op.getUpperBound(), t, lb, mapping);
    if (failed(ub))
      return failure();
    Value stays =
        arith::CmpIOp::create(lb, loc,
                              op.getUnsignedCmp() ? arith::CmpIPredicate::ult
                                                  : arith::CmpIPredicate::slt,
                              iv, *ub);
    memref::StoreOp::create(lb, loc, iv, *inductionHome, t.linear);
    memref::StoreOp::create(lb, loc, stays, looping, t.lane);
    return success();
  };
  if (failed(emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
        IRMapping mapping;
        FailureOr<Value> first =
            materialize(op.getLowerBound(), t, lb, mapping);
        if (failed(first))
          return failure();
        return before(lb, t, mapping, *first);
      })))
    return failure();

  Scope inLoop{scope.warp, looping};
  auto loop = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  Block *condition = &loop.getBefore().emplaceBlock();
  Block *body = &loop.getAfter().emplaceBlock();
  OpBuilder conditionBuilder = OpBuilder::atBlockBegin(condition);
  scf::ConditionOp::create(conditionBuilder, loc,
                           anyLane(looping, conditionBuilder), ValueRange{});
  OpBuilder bodyBuilder = OpBuilder::atBlockBegin(body);
  auto yield = scf::YieldOp::create(bodyBuilder, loc);
  bodyBuilder.setInsertionPoint(yield);
  if (failed(emitRegionBody(op.getRegion(), inLoop, bodyBuilder, carried)))
    return failure();
  return emitLaneLoop(inLoop, bodyBuilder, [&](OpBuilder &lb, const Thread &t) {
    IRMapping mapping;
    FailureOr<Value> step = materialize(op.getStep(), t, lb, mapping);
    if (failed(step))
      return failure();
    Value iv = memref::LoadOp::create(lb, loc, *inductionHome, t.linear);
    return before(lb, t, mapping, arith::AddIOp::create(lb, loc, iv, *step));
  });
}

LogicalResult ThreadLoopEmitter::emitIf(scf::IfOp op, Scope scope,
                                        OpBuilder &b) {
  if (scope.isWarp()) {
    // Lanes may go either way: each branch runs for the lanes that take it.
    FailureOr<SmallVector<Value>> resultHomes = homesFor(op.getResults());
    if (failed(resultHomes))
      return failure();
    bool hasElse = !op.getElseRegion().empty();
    FailureOr<Value> thenLanes = emitMask(scope, b, op.getCondition(), true);
    FailureOr<Value> elseLanes =
        hasElse ? emitMask(scope, b, op.getCondition(), false)
                : FailureOr<Value>(Value());
    if (failed(thenLanes) || failed(elseLanes))
      return failure();
    auto emitBranch = [&](Region &region, Value lanes) {
      return emitMasked(scope, lanes, b, [&](Scope inner, OpBuilder &ib) {
        return emitRegionBody(region, inner, ib, *resultHomes);
      });
    };
    if (failed(emitBranch(op.getThenRegion(), *thenLanes)))
      return failure();
    return success(!hasElse ||
                   succeeded(emitBranch(op.getElseRegion(), *elseLanes)));
  }
  FailureOr<Value> condition = uniformValue(op.getCondition(), scope, b);
  FailureOr<SmallVector<Value>> resultHomes = homesFor(op.getResults());
  if (failed(condition) || failed(resultHomes))
    return failure();
  bool hasElse = !op.getElseRegion().empty();
  auto branch = scf::IfOp::create(b, loc, *condition, hasElse);
  OpBuilder thenBuilder = OpBuilder::atBlockTerminator(branch.thenBlock());
  if (failed(
          emitRegionBody(op.getThenRegion(), scope, thenBuilder, *resultHomes)))
    return failure();
  if (!hasElse)
    return success();
  OpBuilder elseBuilder = OpBuilder::atBlockTerminator(branch.elseBlock());
  return emitRegionBody(op.getElseRegion(), scope, elseBuilder, *resultHomes);
}

LogicalResult ThreadLoopEmitter::emitSwitch(scf::IndexSwitchOp op, Scope scope,
                                            OpBuilder &b) {
  if (scope.isWarp()) {
    // Each case runs for the lanes that select it, the default for the rest.
    FailureOr<SmallVector<Value>> resultHomes = homesFor(op.getResults());
    if (failed(resultHomes))
      return failure();
    ArrayRef<int64_t> cases = op.getCases();
    SmallVector<Value> lanes;
    for (size_t i = 0; i <= cases.size(); ++i) {
      FailureOr<Value> mask = emitMask(
          scope, b,
          [&](OpBuilder &lb, const Thread &t,
              IRMapping &mapping) -> FailureOr<Value> {
            FailureOr<Value> selected =
                materialize(op.getArg(), t, lb, mapping);
            if (failed(selected))
              return failure();
            auto is = [&](int64_t value) {
              return arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::eq,
                                           *selected, index(lb, value));
            };
            if (i < cases.size())
              return is(cases[i]).getResult();
            Value none = arith::ConstantIntOp::create(lb, loc, 1, 1);
            for (int64_t value : cases)
              none = arith::AndIOp::create(
                  lb, loc, none,
                  arith::XOrIOp::create(
                      lb, loc, is(value),
                      arith::ConstantIntOp::create(lb, loc, 1, 1)));
            return none;
          });
      if (failed(mask))
        return failure();
      lanes.push_back(*mask);
    }
    for (size_t i = 0; i <= cases.size(); ++i) {
      Region &region =
          i < cases.size() ? op.getCaseRegions()[i] : op.getDefaultRegion();
      if (failed(
              emitMasked(scope, lanes[i], b, [&](Scope inner, OpBuilder &ib) {
                return emitRegionBody(region, inner, ib, *resultHomes);
              })))
        return failure();
    }
    return success();
  }
  FailureOr<Value> selector = uniformValue(op.getArg(), scope, b);
  FailureOr<SmallVector<Value>> resultHomes = homesFor(op.getResults());
  if (failed(selector) || failed(resultHomes))
    return failure();
  auto branch = scf::IndexSwitchOp::create(b, loc, TypeRange{}, *selector,
                                           op.getCases(), op.getNumCases());
  for (auto [from, to] :
       llvm::zip_equal(op->getRegions(), branch->getRegions())) {
    Block *block = &to.emplaceBlock();
    OpBuilder builder = OpBuilder::atBlockBegin(block);
    auto yield = scf::YieldOp::create(builder, loc);
    builder.setInsertionPoint(yield);
    if (failed(emitRegionBody(from, scope, builder, *resultHomes)))
      return failure();
  }
  return success();
}

LogicalResult ThreadLoopEmitter::emitWhile(scf::WhileOp op, Scope scope,
                                           OpBuilder &b) {
  FailureOr<SmallVector<Value>> beforeHomes = homesFor(op.getBeforeArguments());
  FailureOr<SmallVector<Value>> afterHomes = homesFor(op.getAfterArguments());
  if (failed(beforeHomes) || failed(afterHomes))
    return failure();
  for (auto [result, home] : llvm::zip_equal(op.getResults(), *afterHomes))
    homes[result] = home;
  if (failed(emitStores(scope, b, op.getInits(), *beforeHomes)))
    return failure();
  if (scope.isWarp())
    return emitDivergentWhile(op, scope, b, *beforeHomes, *afterHomes);

  auto loop = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  Block *before = &loop.getBefore().emplaceBlock();
  Block *after = &loop.getAfter().emplaceBlock();

  OpBuilder beforeBuilder = OpBuilder::atBlockBegin(before);
  scf::ConditionOp condition = op.getConditionOp();
  if (failed(emitOps(bodyOps(*op.getBeforeBody()), scope, beforeBuilder)) ||
      failed(
          emitStores(scope, beforeBuilder, condition.getArgs(), *afterHomes)))
    return failure();
  FailureOr<Value> keepGoing =
      uniformValue(condition.getCondition(), scope, beforeBuilder);
  if (failed(keepGoing))
    return failure();
  scf::ConditionOp::create(beforeBuilder, loc, *keepGoing, ValueRange{});

  OpBuilder afterBuilder = OpBuilder::atBlockBegin(after);
  auto yield = scf::YieldOp::create(afterBuilder, loc);
  afterBuilder.setInsertionPoint(yield);
  return emitRegionBody(op.getAfter(), scope, afterBuilder, *beforeHomes);
}

/// In a warp, each lane leaves the loop when its condition fails; the loop
/// goes on while any lane is still in it.
LogicalResult
ThreadLoopEmitter::emitDivergentWhile(scf::WhileOp op, Scope scope,
                                      OpBuilder &b, ArrayRef<Value> beforeHomes,
                                      ArrayRef<Value> afterHomes) {
  Value looping = newMask();
  clearMask(looping, b);
  Value set = arith::ConstantIntOp::create(b, loc, 1, 1);
  if (failed(emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
        memref::StoreOp::create(lb, loc, set, looping, t.lane);
        return success();
      })))
    return failure();
  Scope inLoop{scope.warp, looping};

  auto loop = scf::WhileOp::create(b, loc, TypeRange{}, ValueRange{});
  Block *before = &loop.getBefore().emplaceBlock();
  Block *after = &loop.getAfter().emplaceBlock();
  OpBuilder beforeBuilder = OpBuilder::atBlockBegin(before);
  scf::ConditionOp condition = op.getConditionOp();
  if (failed(emitOps(bodyOps(*op.getBeforeBody()), inLoop, beforeBuilder)) ||
      failed(
          emitStores(inLoop, beforeBuilder, condition.getArgs(), afterHomes)))
    return failure();
  if (failed(emitLaneLoop(
          inLoop, beforeBuilder, [&](OpBuilder &lb, const Thread &t) {
            IRMapping mapping;
            FailureOr<Value> stays =
                materialize(condition.getCondition(), t, lb, mapping);
            if (failed(stays))
              return failure();
            memref::StoreOp::create(lb, loc, *stays, looping, t.lane);
            return success();
          })))
    return failure();
  scf::ConditionOp::create(beforeBuilder, loc, anyLane(looping, beforeBuilder),
                           ValueRange{});

  OpBuilder afterBuilder = OpBuilder::atBlockBegin(after);
  auto yield = scf::YieldOp::create(afterBuilder, loc);
  afterBuilder.setInsertionPoint(yield);
  return emitRegionBody(op.getAfter(), inLoop, afterBuilder, beforeHomes);
}

/// The source lane and the result of an exchange for lane `t`, once every
/// active lane of the warp published its operand in `buffer`. `lanes` is the
/// number of lanes the warp has, `active` the mask of the active ones (or
/// null: all), `firstActive` the lowest of them (index) for a broadcast from
/// the first active lane.
FailureOr<Value> ThreadLoopEmitter::exchangeResult(
    Operation *op, const Thread &t, OpBuilder &b, IRMapping &mapping,
    Value buffer, Value lanes, Value active, Value firstActive, Value &valid) {
  Type i32 = b.getI32Type();
  auto toI32 = [&](Value v) {
    return v.getType().isIndex()
               ? Value(arith::IndexCastOp::create(b, loc, i32, v))
               : v;
  };
  Value lane = toI32(t.lane);
  Value source; // i32 lane index
  Value width = toI32(lanes);
  auto operand = [&](Value v) -> FailureOr<Value> {
    return materialize(v, t, b, mapping);
  };
  if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op)) {
    FailureOr<Value> offset = operand(shuffle.getOffset());
    FailureOr<Value> requested = operand(shuffle.getWidth());
    if (failed(offset) || failed(requested))
      return failure();
    switch (shuffle.getMode()) {
    case gpu::ShuffleMode::XOR:
      source = arith::XOrIOp::create(b, loc, lane, *offset);
      break;
    case gpu::ShuffleMode::UP:
      source = arith::SubIOp::create(b, loc, lane, *offset);
      break;
    case gpu::ShuffleMode::DOWN:
      source = arith::AddIOp::create(b, loc, lane, *offset);
      break;
    case gpu::ShuffleMode::IDX:
      source = *offset;
      break;
    }
    width = arith::MinSIOp::create(b, loc, width, *requested);
  } else if (auto rotate = dyn_cast<gpu::RotateOp>(op)) {
    // Within groups of `width` lanes, lane i reads lane (i + offset) % width.
    Value groupWidth =
        arith::ConstantIntOp::create(b, loc, i32, rotate.getWidth());
    Value offset =
        arith::ConstantIntOp::create(b, loc, i32, rotate.getOffset());
    Value inGroup = arith::RemUIOp::create(b, loc, lane, groupWidth);
    Value group = arith::SubIOp::create(b, loc, lane, inGroup);
    Value shifted = arith::RemUIOp::create(
        b, loc, arith::AddIOp::create(b, loc, inGroup, offset), groupWidth);
    source = arith::AddIOp::create(b, loc, group, shifted);
    width = arith::MinSIOp::create(b, loc, width, groupWidth);
    // Lanes past the width read nothing.
    Value inWidth = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          lane, groupWidth);
    source = arith::SelectOp::create(b, loc, inWidth, source, width);
  } else if (auto broadcast = dyn_cast<gpu::SubgroupBroadcastOp>(op)) {
    if (Value lane = broadcast.getLane()) {
      FailureOr<Value> chosen = operand(lane);
      if (failed(chosen))
        return failure();
      source = *chosen;
    } else {
      source = arith::IndexCastOp::create(b, loc, i32, firstActive);
    }
  } else {
    // gpu.subgroup_reduce: each lane folds its cluster of the warp's lanes.
    auto reduce = cast<gpu::SubgroupReduceOp>(op);
    int64_t size = reduce.getClusterSize().value_or(kWarpSize);
    int64_t stride = reduce.getClusterStride();
    Value span = arith::ConstantIntOp::create(b, loc, i32, size * stride);
    Value strideValue = arith::ConstantIntOp::create(b, loc, i32, stride);
    Value base = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc,
                              arith::DivUIOp::create(b, loc, lane, span), span),
        arith::RemUIOp::create(b, loc, lane, strideValue));
    // In lane order from the cluster's first lane, so that every lane of the
    // cluster gets the same result; `have` is false until a member was taken
    // (the lane's own value stands in before).
    Value own = memref::LoadOp::create(b, loc, buffer, t.lane);
    Value none = arith::ConstantIntOp::create(b, loc, 0, 1);
    vector::CombiningKind kind = gpu::convertReductionKind(reduce.getOp());
    auto fold = scf::ForOp::create(
        b, loc, index(b, 0), index(b, size), index(b, 1), ValueRange{own, none},
        [&](OpBuilder &fb, Location l, Value k, ValueRange args) {
          Value member = arith::AddIOp::create(
              fb, l, base,
              arith::MulIOp::create(fb, l,
                                    arith::IndexCastOp::create(fb, l, i32, k),
                                    strideValue));
          Value present = arith::CmpIOp::create(
              fb, l, arith::CmpIPredicate::ult, member, width);
          Value memberIndex =
              arith::IndexCastOp::create(fb, l, fb.getIndexType(), member);
          // Inactive lanes have no value to give.
          if (active) {
            Value clamped = arith::MinUIOp::create(fb, l, memberIndex,
                                                   index(fb, kWarpSize - 1));
            present = arith::AndIOp::create(
                fb, l, present, memref::LoadOp::create(fb, l, active, clamped));
          }
          auto add = scf::IfOp::create(
              fb, l, present,
              [&](OpBuilder &tb, Location tl) {
                Value other =
                    memref::LoadOp::create(tb, tl, buffer, memberIndex);
                Value combined =
                    vector::makeArithReduction(tb, tl, kind, args[0], other);
                scf::YieldOp::create(
                    tb, tl,
                    ValueRange{arith::SelectOp::create(tb, tl, args[1],
                                                       combined, other),
                               arith::ConstantIntOp::create(tb, tl, 1, 1)});
              },
              [&](OpBuilder &eb, Location el) {
                scf::YieldOp::create(eb, el, args);
              });
          scf::YieldOp::create(fb, l, add.getResults());
        });
    return fold.getResult(0);
  }
  // Defined for a lane below the width whose source lane is there too (the
  // op's documented semantics); else the lane's own value, as NVIDIA's
  // shuffles return, and `valid` false.
  Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
  valid = arith::AndIOp::create(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lane, width),
      arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, source,
                                zero),
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, source,
                                width)));
  Value from = arith::SelectOp::create(b, loc, valid, source, lane);
  return memref::LoadOp::create(b, loc, buffer,
                                ValueRange{arith::IndexCastOp::create(
                                    b, loc, b.getIndexType(), from)})
      .getResult();
}

LogicalResult ThreadLoopEmitter::emitExchange(Operation *op, Scope scope,
                                              OpBuilder &b) {
  LLVM_DEBUG(llvm::dbgs() << "splitting the warp at " << op->getName() << "\n");
  Value operand = op->getOperand(0);
  Value buffer = getExchangeBuffer(operand.getType());
  // Every active lane publishes its value...
  if (failed(emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
        IRMapping mapping;
        FailureOr<Value> v = materialize(operand, t, lb, mapping);
        if (failed(v))
          return failure();
        memref::StoreOp::create(lb, loc, *v, buffer, t.lane);
        return success();
      })))
    return failure();
  // ...then reads the one it wants.
  FailureOr<SmallVector<Value>> resultHomes = homesFor(op->getResults());
  if (failed(resultHomes))
    return failure();
  Value first = arith::MulIOp::create(b, loc, scope.warp, index(b, kWarpSize));
  Value lanes = arith::MinUIOp::create(
      b, loc, arith::SubIOp::create(b, loc, threads, first),
      index(b, kWarpSize));
  Value firstActive;
  if (auto broadcast = dyn_cast<gpu::SubgroupBroadcastOp>(op);
      broadcast && !broadcast.getLane())
    firstActive = firstActiveLane(scope, b);
  return emitLaneLoop(scope, b, [&](OpBuilder &lb, const Thread &t) {
    IRMapping mapping;
    Value valid;
    FailureOr<Value> result = exchangeResult(op, t, lb, mapping, buffer, lanes,
                                             scope.active, firstActive, valid);
    if (failed(result))
      return failure();
    memref::StoreOp::create(lb, loc, *result, (*resultHomes)[0], t.linear);
    if (resultHomes->size() > 1)
      memref::StoreOp::create(lb, loc, valid, (*resultHomes)[1], t.linear);
    return success();
  });
}

LogicalResult ThreadLoopEmitter::emit(OpBuilder &b) {
  Block &body = kernel.getBody().front();
  if (!kernel.getBody().hasOneBlock()) {
    bool splits = false;
    kernel.walk([&](Operation *op) {
      splits |= isa<gpu::BarrierOp>(op) || isExchange(op);
    });
    if (splits)
      return kernel.emitError()
             << "kernel @" << kernel.getName()
             << " has barriers or subgroup operations in unstructured control "
                "flow (cf branches), which the host target cannot split; "
                "write its control flow with scf";
  }
  warpMode = false;
  kernel.walk([&](Operation *op) { warpMode |= isExchange(op); });

  Value bx = values.blockDim[0], by = values.blockDim[1];
  threads = arith::MulIOp::create(b, loc, arith::MulIOp::create(b, loc, bx, by),
                                  values.blockDim[2]);
  warps = arith::CeilDivUIOp::create(b, loc, threads, index(b, kWarpSize));
  // Allocations go before this op, loops after it: every per-thread array
  // dominates every loop, whenever it is made. (It folds away later.)
  Operation *anchor = index(b, 0).getDefiningOp();
  entry.setInsertionPoint(anchor);
  if (failed(collectPrivateMemory()))
    return failure();

  if (kernel.getBody().hasOneBlock())
    return emitOps(bodyOps(body), Scope{}, b);

  // Branches without barriers: each thread runs the whole CFG.
  return emitThreadLoop(Scope{}, b, [&](OpBuilder &lb, const Thread &t) {
    IRMapping mapping;
    for (BlockArgument arg : body.getArguments()) {
      // Kernel arguments and workgroup attributions are uniform; private
      // attributions (of static shape, checked before) are the thread's.
      auto buffer = privateBuffers.find(arg);
      assert((buffer != privateBuffers.end() || uniform.contains(arg)) &&
             "every argument of the entry block is mapped");
      mapping.map(arg, buffer != privateBuffers.end()
                           ? privateView(buffer->second, arg.getType(), t, lb)
                           : uniform.lookup(arg));
    }
    // The thread's stack allocations are freed when it is done.
    OpBuilder::InsertionGuard guard(lb);
    lb.setInsertionPoint(allocaScope(lb));
    auto region = scf::ExecuteRegionOp::create(lb, loc, TypeRange{});
    kernel.getBody().cloneInto(&region.getRegion(), mapping);
    // The entry block's arguments were mapped; its clone has them too.
    Block &clonedEntry = region.getRegion().front();
    clonedEntry.eraseArguments(0, clonedEntry.getNumArguments());
    SmallVector<Operation *> fixups;
    kernel.getBody().walk([&](Operation *op) {
      if (isThreadsOwn(op))
        fixups.push_back(op);
    });
    makeThreadsOwn(fixups, mapping, t);
    SmallVector<gpu::ReturnOp> returns;
    region.walk([&](gpu::ReturnOp ret) { returns.push_back(ret); });
    for (gpu::ReturnOp ret : returns) {
      OpBuilder rb(ret);
      scf::YieldOp::create(rb, ret.getLoc());
      ret.erase();
    }
    return success();
  });
}

FailureOr<int64_t> mlir::offload::emitThreadLoops(
    gpu::GPUFuncOp kernel, OpBuilder &builder, const BlockValues &values,
    IRMapping &uniform,
    function_ref<Value(OpBuilder &, Location, StringRef)> trapMessage) {
  ThreadLoopEmitter emitter(kernel, values, uniform, trapMessage);
  if (failed(emitter.emit(builder)))
    return failure();
  return emitter.getPrivateBytes();
}
