//===- AttachTarget.cpp - What the attach passes share --------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What every target's attach pass shares (each in the target's folder of
// dialects/, as upstream's nvvm-attach-target): each builds its target from
// its options and appends it to the matching modules.
//
//===----------------------------------------------------------------------===//

#include "dialects/AttachTarget.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Regex.h"

#include <limits>

#define DEBUG_TYPE "offload-attach-target"

using namespace mlir;
using namespace mlir::offload;

LogicalResult mlir::offload::attach::attachToMatchingModules(
    ModuleOp module, StringRef passName, StringRef pattern, Attribute target,
    bool onePerModule) {
  llvm::Regex matcher(("^(" + pattern + ")$").str());
  std::string regexError;
  if (!matcher.isValid(regexError))
    return emitError(module.getLoc())
           << passName << ": invalid module pattern '" << pattern
           << "': " << regexError;
  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
    if (!matcher.match(gpuModule.getName()))
      continue;
    SmallVector<Attribute> targets;
    if (ArrayAttr existing = gpuModule.getTargetsAttr())
      targets.append(existing.begin(), existing.end());
    if (llvm::is_contained(targets, target) ||
        (onePerModule && llvm::any_of(targets, [&](Attribute existing) {
           return existing.getTypeID() == target.getTypeID();
         })))
      continue;
    targets.push_back(target);
    gpuModule.setTargetsAttr(ArrayAttr::get(module.getContext(), targets));
    LLVM_DEBUG(llvm::dbgs() << "attached " << target << " to gpu.module @"
                            << gpuModule.getName() << "\n");
  }
  return success();
}

ArrayAttr mlir::offload::attach::getStringArray(Builder &builder,
                                                ArrayRef<std::string> list) {
  if (list.empty())
    return nullptr;
  return builder.getStrArrayAttr(llvm::to_vector(llvm::map_range(
      list, [](const std::string &s) { return StringRef(s); })));
}

LogicalResult mlir::offload::attach::checkOptLevelFits(ModuleOp module,
                                                       StringRef pass,
                                                       unsigned optLevel) {
  if (optLevel <= static_cast<unsigned>(std::numeric_limits<int>::max()))
    return success();
  return emitError(module.getLoc())
         << pass << ": optimization level O = " << optLevel
         << " is out of range; it must be 0, 1, 2 or 3";
}

DictionaryAttr mlir::offload::attach::getFlags(
    Builder &builder, ArrayRef<std::pair<StringRef, bool>> flagsAndWhetherSet) {
  SmallVector<NamedAttribute> flags;
  for (auto [name, set] : flagsAndWhetherSet)
    if (set)
      flags.push_back(builder.getNamedAttr(name, builder.getUnitAttr()));
  return flags.empty() ? nullptr : builder.getDictionaryAttr(flags);
}
