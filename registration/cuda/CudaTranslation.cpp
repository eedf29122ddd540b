//===- CudaTranslation.cpp - What --mlir-to-llvmir needs of #offload.cuda -===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/cuda/CudaTargetAttr.h"
#include "dialects/cuda/NvvmTargetMapping.h"
#include "registration/TargetRegistration.h"
#include "translation/cuda/CudaObjects.h"

#include "mlir/IR/DialectRegistry.h"

using namespace mlir;

void mlir::offload::registerCudaTranslation(DialectRegistry &registry) {
  registerCudaTargetAttr(registry);
  registerCudaEmbeddedObjects(registry);
  registerNvvmTargetMapping(registry);
}
