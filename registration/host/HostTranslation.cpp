//===- HostTranslation.cpp - What --mlir-to-llvmir needs of #offload.host -===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/host/HostTargetAttr.h"
#include "registration/TargetRegistration.h"
#include "translation/host/HostObjects.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void mlir::offload::registerHostTranslation(DialectRegistry &registry) {
  registerHostTargetAttr(registry);
  registerHostEmbeddedObjects(registry);
}
