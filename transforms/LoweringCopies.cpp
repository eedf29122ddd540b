//===- LoweringCopies.cpp - One copy of a gpu.module per lowering ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// offload-split-by-lowering and offload-merge-lowered-binaries. The pairs the
// first makes are recorded on the top module (kLoweringCopiesAttr, copy name
// to original name), so that the second never guesses from names.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "dialects/KernelLowering.h"
#include "dialects/UpstreamTargets.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-split-by-lowering"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADMERGELOWEREDBINARIES
#define GEN_PASS_DEF_OFFLOADSPLITBYLOWERING
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

static constexpr StringLiteral kLoweringCopiesAttr = "offload.lowering_copies";

namespace {
/// A module's targets grouped by lowering name, in the order in which each
/// lowering's first target comes.
using LoweringGroups = llvm::MapVector<StringRef, SmallVector<Attribute>,
                                       llvm::StringMap<unsigned>>;

/// Replaces each of `module`'s targets that is upstream's by the offload
/// target it maps to (getOffloadTarget), which its serializer compiles
/// too, and checks the targets as the module's verifier checks its own.
static LogicalResult mapUpstreamTargets(gpu::GPUModuleOp module) {
  ArrayAttr targets = module.getTargetsAttr();
  auto emitError = [&] {
    // At the module's location, without printing the whole module.
    return mlir::emitError(module.getLoc())
           << "gpu.module @" << module.getName() << ": ";
  };
  SmallVector<Attribute> mapped;
  for (Attribute target : targets) {
    FailureOr<Attribute> offload = getOffloadTarget(target, emitError);
    if (failed(offload))
      return failure();
    mapped.push_back(*offload);
  }
  if (ArrayRef<Attribute>(mapped) == targets.getValue())
    return success();
  module.setTargetsAttr(ArrayAttr::get(module.getContext(), mapped));
  for (Attribute target : mapped)
    if (auto verify = dyn_cast<gpu::TargetAttrVerifyInterface>(target))
      if (failed(verify.verifyTarget(module)))
        return failure();
  return success();
}

/// `module`'s targets grouped by lowering; fails with one error at the
/// module where a target has no lowering.
static FailureOr<LoweringGroups> groupByLowering(gpu::GPUModuleOp module) {
  LoweringGroups groups;
  for (Attribute target : module.getTargetsAttr()) {
    FailureOr<KernelLoweringAttrInterface> lowering =
        getKernelLowering(target, [&] {
          return mlir::emitError(module.getLoc())
                 << "gpu.module @" << module.getName() << ": ";
        });
    if (failed(lowering))
      return failure();
    groups[lowering->getLoweringName()].push_back(target);
  }
  return groups;
}

struct SplitByLoweringPass
    : public offload::impl::OffloadSplitByLoweringBase<SplitByLoweringPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<NamedAttribute> copies;
    if (auto recorded =
            module->getAttrOfType<DictionaryAttr>(kLoweringCopiesAttr))
      llvm::append_range(copies, recorded.getValue());
    SmallVector<gpu::GPUModuleOp> modules(module.getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp original : modules) {
      if (!original.getTargetsAttr())
        continue;
      if (failed(mapUpstreamTargets(original)))
        return signalPassFailure();
      FailureOr<LoweringGroups> groups = groupByLowering(original);
      if (failed(groups))
        return signalPassFailure();
      if (groups->size() < 2)
        continue;
      // The first target's lowering stays with the original; each other, a
      // copy.
      for (auto &[suffix, group] : llvm::drop_begin(*groups))
        if (failed(split(original, suffix, group, copies)))
          return signalPassFailure();
      original.setTargetsAttr(
          ArrayAttr::get(&getContext(), groups->front().second));
    }
    if (!copies.empty())
      module->setAttr(kLoweringCopiesAttr,
                      DictionaryAttr::get(&getContext(), copies));
  }

  /// Makes the copy of `original`, named after it and `suffix` (its
  /// lowering's name), for `targets`.
  LogicalResult split(gpu::GPUModuleOp original, StringRef suffix,
                      ArrayRef<Attribute> targets,
                      SmallVectorImpl<NamedAttribute> &copies) {
    std::string name = (original.getName() + "." + suffix).str();
    if (SymbolTable::lookupSymbolIn(getOperation(), name))
      return original.emitError()
             << "offload-split-by-lowering makes @" << name << " for the "
             << suffix << " copy of gpu.module @" << original.getName()
             << ", and that name is taken";
    OpBuilder builder(&getContext());
    builder.setInsertionPointAfter(original);
    auto copy = cast<gpu::GPUModuleOp>(builder.clone(*original));
    copy.setName(name);
    copy.setTargetsAttr(ArrayAttr::get(&getContext(), targets));
    copies.push_back(builder.getNamedAttr(name, original.getNameAttr()));
    LLVM_DEBUG(llvm::dbgs() << suffix << " copy of @" << original.getName()
                            << ": @" << name << "\n");
    return success();
  }
};

struct MergeLoweredBinariesPass
    : public offload::impl::OffloadMergeLoweredBinariesBase<
          MergeLoweredBinariesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto copies = module->getAttrOfType<DictionaryAttr>(kLoweringCopiesAttr);
    if (!copies)
      return;
    for (NamedAttribute pair : copies) {
      auto copy = module.lookupSymbol<gpu::BinaryOp>(pair.getName());
      auto original =
          module.lookupSymbol<gpu::BinaryOp>(cast<StringAttr>(pair.getValue()));
      if (!copy || !original) {
        // The name plainly: a StringAttr would print quoted.
        StringRef missing = copy ? cast<StringAttr>(pair.getValue()).getValue()
                                 : pair.getName().getValue();
        module.emitError()
            << "offload-merge-lowered-binaries finds no gpu.binary @" << missing
            << ": run it after gpu-module-to-binary, on what "
               "offload-split-by-lowering split";
        return signalPassFailure();
      }
      SmallVector<Attribute> objects(original.getObjectsAttr().getValue());
      llvm::append_range(objects, copy.getObjectsAttr().getValue());
      original.setObjectsAttr(ArrayAttr::get(&getContext(), objects));
      copy.erase();
    }
    module->removeAttr(kLoweringCopiesAttr);
  }
};
} // namespace
