//===- SpirvDynamicSharedMemory.h - Shared memory sized at launch -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// SPIR-V workgroup memory is typed and sized in the module; a launch sizes
// dynamic shared memory. So a kernel's dynamic shared memory becomes one
// workgroup array of the type its views read, whose length the Vulkan
// serializer makes a specialization constant (with a SpecId) that the
// runtime sets for each launch's size (docs/vulkan-target.md).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVDYNAMICSHAREDMEMORY_H
#define OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVDYNAMICSHAREDMEMORY_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// On a kernel: the index of its workgroup attribution that stands for its
/// dynamic shared memory.
constexpr llvm::StringLiteral kDynamicSharedAttributionAttr =
    "offload.dynamic_shared_attribution";

/// The name of the workgroup variable of `kernel`'s dynamic shared memory.
std::string getDynamicSharedVariableName(StringRef kernel);

/// Replaces the gpu.dynamic_shared_memory of each kernel of `module`, whose
/// every use must be a memref.view of one element type at a constant
/// offset, by a workgroup attribution of that type; each view becomes that
/// attribution (or a subview of it at its offset). Anything else is an error
/// that says why.
LogicalResult replaceDynamicSharedMemory(gpu::GPUModuleOp module,
                                         int64_t maxBytes);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_SPIRV_ABI_SPIRVDYNAMICSHAREDMEMORY_H
