//===- InlineDeviceFunctions.cpp - Device functions into kernels ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/common/InlineDeviceFunctions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-host"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// Lets a device function be inlined anywhere in a kernel. Upstream's GPU
/// dialect allows no inlining into a gpu.func's region, and a call marked
/// no_inline must go too: the host target has no thread outside the
/// kernel's loops. The operations inlined are still each their dialect's to
/// allow; the first refused is kept, for the diagnostic.
class KernelInliner : public InlinerInterface {
public:
  using InlinerInterface::InlinerInterface;
  using InlinerInterface::isLegalToInline;

  bool isLegalToInline(Operation *call, Operation *callable,
                       bool wouldBeCloned) const override {
    return true;
  }
  bool isLegalToInline(Region *dest, Region *src, bool wouldBeCloned,
                       IRMapping &mapping) const override {
    return true;
  }
  bool isLegalToInline(Operation *op, Region *dest, bool wouldBeCloned,
                       IRMapping &mapping) const override {
    if (InlinerInterface::isLegalToInline(op, dest, wouldBeCloned, mapping))
      return true;
    if (!refused)
      refused = op;
    return false;
  }

  /// The first operation that its dialect would not let be inlined.
  mutable Operation *refused = nullptr;
};
} // namespace

/// The func.func of `symbols` that `call` calls, or null for a declaration
/// (libm and the like), which stays a call.
static func::FuncOp getDefinedCallee(func::CallOp call, SymbolTable &symbols) {
  auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
  return callee && !callee.isExternal() ? callee : nullptr;
}

/// The call that closes a cycle among the functions that `function` reaches
/// (a call of one on `path`, the chain that led to `function`), or null.
/// `acyclic` holds the functions known to reach no cycle.
static func::CallOp findRecursiveCall(func::FuncOp function,
                                      SymbolTable &symbols,
                                      llvm::SetVector<Operation *> &path,
                                      DenseSet<Operation *> &acyclic) {
  path.insert(function);
  func::CallOp found;
  function.walk([&](func::CallOp call) {
    func::FuncOp callee = getDefinedCallee(call, symbols);
    if (!callee || acyclic.contains(callee))
      return WalkResult::advance();
    found = path.contains(callee)
                ? call
                : findRecursiveCall(callee, symbols, path, acyclic);
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  path.pop_back();
  if (!found)
    acyclic.insert(function);
  return found;
}

/// Reports the first call of `kernel` whose callees come back to one of
/// theirs: inlining would never end.
static LogicalResult checkNoRecursion(gpu::GPUFuncOp kernel,
                                      SymbolTable &symbols,
                                      DenseSet<Operation *> &acyclic) {
  WalkResult walked = kernel.walk([&](func::CallOp call) {
    func::FuncOp callee = getDefinedCallee(call, symbols);
    if (!callee)
      return WalkResult::advance();
    llvm::SetVector<Operation *> path;
    func::CallOp recursive = findRecursiveCall(callee, symbols, path, acyclic);
    if (!recursive)
      return WalkResult::advance();
    InFlightDiagnostic diag =
        call.emitError() << "kernels run with their device functions inlined "
                            "into them; @"
                         << recursive.getCallee() << " is recursive";
    diag.attachNote(recursive.getLoc())
        << "@" << recursive->getParentOfType<func::FuncOp>().getName()
        << " calls @" << recursive.getCallee() << " here";
    return WalkResult::interrupt();
  });
  return failure(walked.wasInterrupted());
}

/// Puts `call` alone in an scf.execute_region, for a callee of several
/// blocks: the kernel's structured control flow stays as it is, and the
/// callee's branches run within each thread, as its call did. no_inline
/// keeps canonicalization from merging the blocks into a kernel's body.
static void wrapInExecuteRegion(func::CallOp call) {
  OpBuilder b(call);
  Location loc = call.getLoc();
  auto region = scf::ExecuteRegionOp::create(b, loc, call.getResultTypes(),
                                             /*no_inline=*/true);
  call->replaceAllUsesWith(region->getResults());
  Block *body = b.createBlock(&region.getRegion());
  call->moveBefore(body, body->end());
  b.setInsertionPointToEnd(body);
  scf::YieldOp::create(b, loc, call.getResults());
}

/// Replaces `call` by a clone of `callee`'s body.
static LogicalResult inlineOneCall(func::CallOp call, func::FuncOp callee,
                                   KernelInliner &interface) {
  LLVM_DEBUG(llvm::dbgs() << "inlining @" << callee.getName() << " into @"
                          << call->getParentOfType<gpu::GPUFuncOp>().getName()
                          << "\n");
  if (!callee.getBody().hasOneBlock())
    wrapInExecuteRegion(call);
  auto cloneCallee = [](OpBuilder &, Region *src, Block *inlineBlock,
                        Block *postInsertBlock, IRMapping &mapping,
                        bool /*shouldCloneInlinedRegion*/) {
    src->cloneInto(inlineBlock->getParent(), postInsertBlock->getIterator(),
                   mapping);
  };
  interface.refused = nullptr;
  if (failed(inlineCall(interface, cloneCallee, call, callee, &callee.getBody(),
                        /*shouldCloneInlinedRegion=*/true))) {
    InFlightDiagnostic diag =
        call.emitError() << "kernels run with their device functions inlined "
                            "into them, and @"
                         << callee.getName() << " cannot be inlined";
    if (Operation *refused = interface.refused)
      diag.attachNote(refused->getLoc())
          << "'" << refused->getName()
          << "' is not inlinable: its dialect does not allow it";
    return failure();
  }
  call.erase();
  return success();
}

/// Inlines the calls of `kernel`, then those that their callees brought,
/// until none is left: there is no recursion, so that ends.
static LogicalResult inlineCallsOf(gpu::GPUFuncOp kernel, SymbolTable &symbols,
                                   KernelInliner &interface) {
  while (true) {
    SmallVector<std::pair<func::CallOp, func::FuncOp>> calls;
    kernel.walk([&](func::CallOp call) {
      if (func::FuncOp callee = getDefinedCallee(call, symbols))
        calls.emplace_back(call, callee);
    });
    if (calls.empty())
      return success();
    for (auto [call, callee] : calls)
      if (failed(inlineOneCall(call, callee, interface)))
        return failure();
  }
}

/// Erases the func.funcs of `module` that nothing calls, until none is
/// left: only kernels are seen from outside a host object.
static void eraseUncalledFunctions(gpu::GPUModuleOp module) {
  bool erased = true;
  while (erased) {
    erased = false;
    for (func::FuncOp function :
         llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (!SymbolTable::symbolKnownUseEmpty(function, module))
        continue;
      LLVM_DEBUG(llvm::dbgs() << "erasing @" << function.getName()
                              << ", which nothing calls\n");
      function.erase();
      erased = true;
    }
  }
}

LogicalResult mlir::offload::inlineDeviceFunctions(gpu::GPUModuleOp module) {
  SmallVector<gpu::GPUFuncOp> kernels;
  for (auto function : module.getOps<gpu::GPUFuncOp>())
    if (function.isKernel())
      kernels.push_back(function);
  SymbolTable symbols(module);
  DenseSet<Operation *> acyclic;
  for (gpu::GPUFuncOp kernel : kernels)
    if (failed(checkNoRecursion(kernel, symbols, acyclic)))
      return failure();
  KernelInliner interface(module.getContext());
  for (gpu::GPUFuncOp kernel : kernels)
    if (failed(inlineCallsOf(kernel, symbols, interface)))
      return failure();
  eraseUncalledFunctions(module);
  return success();
}
