//===- TargetAttrRegistration.h - Adding a target's attribute ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_TARGETATTRREGISTRATION_H
#define OFFLOAD_DIALECTS_TARGETATTRREGISTRATION_H

#include "dialects/OffloadDialect.h"

#include "mlir/IR/DialectRegistry.h"

namespace mlir::offload {

/// What each target's register<Target>TargetAttr does: adds `AttrT` to the
/// offload dialect when the dialect loads, once however often it is asked.
template <typename AttrT> void registerTargetAttr(DialectRegistry &registry) {
  registry.insert<OffloadDialect>();
  registry.addExtension(+[](MLIRContext *, OffloadDialect *dialect) {
    dialect->addTargetAttrIfNotRegistered<AttrT>();
  });
}

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_TARGETATTRREGISTRATION_H
