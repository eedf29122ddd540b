//===- HostModules.cpp - One copy of a gpu.module per kind of target ------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// offload-split-host-modules and offload-merge-host-binaries. The pairs the
// first makes are recorded on the top module (kHostCopiesAttr, copy name to
// original name), so that the second never guesses from names.
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "dialects/OffloadDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-split-host-modules"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADMERGEHOSTBINARIES
#define GEN_PASS_DEF_OFFLOADSPLITHOSTMODULES
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

static constexpr StringLiteral kHostCopiesAttr = "offload.host_copies";

namespace {
struct SplitHostModulesPass
    : public offload::impl::OffloadSplitHostModulesBase<SplitHostModulesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    SmallVector<NamedAttribute> copies;
    if (auto recorded = module->getAttrOfType<DictionaryAttr>(kHostCopiesAttr))
      llvm::append_range(copies, recorded.getValue());
    SmallVector<gpu::GPUModuleOp> modules(module.getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp original : modules) {
      ArrayAttr targets = original.getTargetsAttr();
      if (!targets)
        continue;
      SmallVector<Attribute> host, gpus;
      for (Attribute target : targets)
        (isa<HostTargetAttr>(target) ? host : gpus).push_back(target);
      if (host.empty() || gpus.empty())
        continue;
      std::string name = (original.getName() + ".host").str();
      if (SymbolTable::lookupSymbolIn(module, name)) {
        original.emitError()
            << "offload-split-host-modules makes @" << name
            << " for the host copy of gpu.module @" << original.getName()
            << ", and that name is taken";
        return signalPassFailure();
      }
      OpBuilder builder(context);
      builder.setInsertionPointAfter(original);
      auto copy = cast<gpu::GPUModuleOp>(builder.clone(*original));
      copy.setName(name);
      copy.setTargetsAttr(ArrayAttr::get(context, host));
      original.setTargetsAttr(ArrayAttr::get(context, gpus));
      copies.push_back(builder.getNamedAttr(name, original.getNameAttr()));
      LLVM_DEBUG(llvm::dbgs() << "host copy of @" << original.getName() << ": @"
                              << name << "\n");
    }
    if (!copies.empty())
      module->setAttr(kHostCopiesAttr, DictionaryAttr::get(context, copies));
  }
};

struct MergeHostBinariesPass
    : public offload::impl::OffloadMergeHostBinariesBase<
          MergeHostBinariesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto copies = module->getAttrOfType<DictionaryAttr>(kHostCopiesAttr);
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
            << "offload-merge-host-binaries finds no gpu.binary @" << missing
            << ": run it after gpu-module-to-binary, on what "
               "offload-split-host-modules split";
        return signalPassFailure();
      }
      SmallVector<Attribute> objects(original.getObjectsAttr().getValue());
      llvm::append_range(objects, copy.getObjectsAttr().getValue());
      original.setObjectsAttr(ArrayAttr::get(&getContext(), objects));
      copy.erase();
    }
    module->removeAttr(kHostCopiesAttr);
  }
};
} // namespace
