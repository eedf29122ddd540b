//===- SpirvUnsupported.h - What has no Vulkan meaning ----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_SPIRVUNSUPPORTED_H
#define OFFLOAD_CONVERSION_SPIRV_SPIRVUNSUPPORTED_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// One error at each operation of `module` that our CUDA path takes but that
/// has no meaning in a Vulkan compute shader, saying why; before any
/// conversion, so that the user reads about their op and not about a
/// conversion's failure to legalize.
LogicalResult checkVulkanKernels(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_SPIRVUNSUPPORTED_H
