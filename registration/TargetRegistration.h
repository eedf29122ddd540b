//===- TargetRegistration.h - What each target registers --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// Each target's folder of registration/ defines three functions, which
// registration/ calls for every target of the build (Targets.def, made from
// build_defs/targets.bzl), as LLVM initializes the targets of
// LLVM_TARGETS_TO_BUILD:
// - register<Target>Target(registry): the models of its attribute that
//   compiling needs (serializer, kernel lowering) and the LLVM IR
//   translations its serializer needs, beside what
//   register<Target>Translation registers, which every tool calls;
// - register<Target>TargetPasses(): its attach pass, its lowering's passes
//   and its pipelines;
// - register<Target>Translation(registry): what --mlir-to-llvmir needs of it
//   (the objects #offload.loader embeds, the upstream attribute it maps),
//   without its serializer.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_REGISTRATION_TARGETREGISTRATION_H
#define OFFLOAD_REGISTRATION_TARGETREGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

#define OFFLOAD_TARGET(Name)                                                   \
  void register##Name##Target(DialectRegistry &registry);                      \
  void register##Name##TargetPasses();                                         \
  void register##Name##Translation(DialectRegistry &registry);
#include "registration/Targets.def"
#undef OFFLOAD_TARGET

} // namespace mlir::offload

#endif // OFFLOAD_REGISTRATION_TARGETREGISTRATION_H
