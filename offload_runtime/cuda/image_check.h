//===- image_check.h - What the driver will read of an image ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cuLibraryLoadData takes no size: the driver reads as far as the image's own
// header says. Where the runtime knows the object's size, it checks that the
// header stays inside it, so that a truncated or damaged object is an error
// instead of a read past its end.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_CUDA_IMAGE_CHECK_H
#define OFFLOAD_RUNTIME_CUDA_IMAGE_CHECK_H

#include "offload_runtime/status.h"

#include <cstddef>

namespace mgpu {

/// OK if the cubin or fatbin at `data` ends within `size` bytes, by its own
/// header and tables (object_format::getExtent), or if it is PTX (which ends
/// at its NUL) or bytes of no known format, which the driver judges. An object
/// that the driver cannot load (a host shared object, another vendor's code
/// object, another ELF file) is an error that says what it is. `size` 0 means
/// unknown: OK.
Status CheckCudaImage(const void *data, size_t size);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_CUDA_IMAGE_CHECK_H
