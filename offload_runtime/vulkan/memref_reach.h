//===- memref_reach.h - The host memory a memref parameter reaches -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A kernel's memref parameter passed as its descriptor (docs/vulkan-target.md)
// reaches the bytes from its lowest element to the end of its highest, as its
// offset, sizes and strides place them from its aligned pointer. MLIR's
// programs hand kernels plain host memory (memref.alloc), which upstream's
// Vulkan runtime copies to the device; a launch imports those bytes' pages
// instead (VK_EXT_external_memory_host), for as long as the kernel runs.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_MEMREF_REACH_H
#define OFFLOAD_RUNTIME_VULKAN_MEMREF_REACH_H

#include "object_format/spirv/SpirvReflect.h"
#include "offload_runtime/status.h"

#include <cstdint>
#include <functional>
#include <string>

namespace mgpu::vulkan {

/// The bytes [first, first + bytes) of a memref's elements; no bytes for a
/// memref without elements (a size of 0).
struct MemRefReach {
  uint64_t first = 0;
  uint64_t bytes = 0;
};

/// What the memref `memref` of launch parameters `params` reaches, or an
/// error naming the parameter as `name` does ("parameter 3 of kernel 'k'",
/// made only for an error: a launch computes every reach) for a descriptor
/// of a negative size, or whose elements lie outside the address space.
StatusOr<MemRefReach> ReachOf(const object_format::SpirvMemRef &memref,
                              void *const *params,
                              const std::function<std::string()> &name);

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_MEMREF_REACH_H
