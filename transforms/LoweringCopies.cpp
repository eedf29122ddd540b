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

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/Debug.h"

#include <map>

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
/// `targets` grouped by lowering, in KernelLowering's order.
static std::map<KernelLowering, SmallVector<Attribute>>
groupByLowering(ArrayAttr targets) {
  std::map<KernelLowering, SmallVector<Attribute>> groups;
  for (Attribute target : targets)
    groups[getKernelLowering(target)].push_back(target);
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
      ArrayAttr targets = original.getTargetsAttr();
      if (!targets)
        continue;
      auto groups = groupByLowering(targets);
      if (groups.size() < 2)
        continue;
      // The first lowering stays with the original; each other, a copy.
      for (auto &[lowering, group] : llvm::drop_begin(groups))
        if (failed(split(original, lowering, group, copies)))
          return signalPassFailure();
      original.setTargetsAttr(
          ArrayAttr::get(&getContext(), groups.begin()->second));
    }
    if (!copies.empty())
      module->setAttr(kLoweringCopiesAttr,
                      DictionaryAttr::get(&getContext(), copies));
  }

  /// Makes the copy of `original` for `lowering`'s `targets`.
  LogicalResult split(gpu::GPUModuleOp original, KernelLowering lowering,
                      ArrayRef<Attribute> targets,
                      SmallVectorImpl<NamedAttribute> &copies) {
    StringRef suffix = getLoweringSuffix(lowering);
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
