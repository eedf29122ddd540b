//===- image_check.h - Whether a code object is for the device --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// hipModuleLoadData takes no size, and refuses a code object for another
// chip with hipErrorNoBinaryForGpu alone. Before it is called, the backend
// checks what it can say better: that the bytes are an AMDGPU code object
// (an EM_AMDGPU shared object), that its headers stay within the object, and
// that its chip and xnack and sramecc modes fit the device, as AMD's loader
// will judge them.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HIP_IMAGE_CHECK_H
#define OFFLOAD_RUNTIME_HIP_IMAGE_CHECK_H

#include "offload_runtime/hip/device.h"
#include "offload_runtime/status.h"

#include <cstddef>

namespace mgpu::hip {

/// The size of the code object of `size` bytes at `data` by its own
/// headers, or why `device` cannot load it. `size` 0 means unknown: the
/// headers are read as far as they say, as the loader reads them.
StatusOr<size_t> CheckAmdgpuImage(const void *data, size_t size,
                                  const Device &device);

} // namespace mgpu::hip

#endif // OFFLOAD_RUNTIME_HIP_IMAGE_CHECK_H
