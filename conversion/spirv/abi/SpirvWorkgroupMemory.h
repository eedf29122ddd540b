//===- SpirvWorkgroupMemory.h - A kernel's workgroup memory -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVWORKGROUPMEMORY_H
#define OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVWORKGROUPMEMORY_H

#include "mlir/Support/LLVM.h"

#include <cstdint>

namespace mlir::spirv {
class ModuleOp;
} // namespace mlir::spirv

namespace mlir::offload {

/// One error at each kernel of `module` whose workgroup memory, as Vulkan
/// counts it (maxComputeSharedMemorySize: the Workgroup variables of its
/// entry point laid out by std430's rules), is more than `maxBytes`, the
/// target's max_shared_memory: its workgroup variables at their sizes and
/// its dynamic shared memory at one element, the least a launch gets.
LogicalResult checkWorkgroupMemory(spirv::ModuleOp module, int64_t maxBytes);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVWORKGROUPMEMORY_H
