//===- RocmTranslation.cpp - What --mlir-to-llvmir needs of #offload.rocm -===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/rocm/RocdlTargetMapping.h"
#include "dialects/rocm/RocmTargetAttr.h"
#include "registration/TargetRegistration.h"
#include "translation/rocm/RocmObjects.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void mlir::offload::registerRocmTranslation(DialectRegistry &registry) {
  registerRocmTargetAttr(registry);
  registerRocmEmbeddedObjects(registry);
  registerRocdlTargetMapping(registry);
}
