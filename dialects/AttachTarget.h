//===- AttachTarget.h - What the attach passes share ------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each target's attach pass (offload-attach-<target>-target, in the target's
// folder of dialects/) builds its attribute from its options and appends it
// to the gpu.modules that match, as upstream's nvvm-attach-target does.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_ATTACHTARGET_H
#define OFFLOAD_DIALECTS_ATTACHTARGET_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

#include <string>

namespace mlir::offload::attach {

/// Appends `target` to the targets of each gpu.module of `module` whose whole
/// name matches `pattern`, unless it lists an equal target already, or, when
/// `onePerModule`, any target of the same kind (which it keeps). An invalid
/// pattern is an error at `module` that names `passName`.
LogicalResult attachToMatchingModules(ModuleOp module, StringRef passName,
                                      StringRef pattern, Attribute target,
                                      bool onePerModule = false);

/// `list` as an array of strings, or null for an empty list.
ArrayAttr getStringArray(Builder &builder, ArrayRef<std::string> list);

/// Fails, at `module`, where `optLevel` does not fit the int that the
/// attributes keep: a larger option value would wrap to a negative level in
/// the verifier's message.
LogicalResult checkOptLevelFits(ModuleOp module, StringRef pass,
                                unsigned optLevel);

/// A flags dictionary of the flags that are on, or null if none is.
DictionaryAttr
getFlags(Builder &builder,
         ArrayRef<std::pair<StringRef, bool>> flagsAndWhetherSet);

} // namespace mlir::offload::attach

#endif // OFFLOAD_DIALECTS_ATTACHTARGET_H
