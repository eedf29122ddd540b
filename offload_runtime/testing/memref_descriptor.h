//===- memref_descriptor.h - Memref descriptors for tests -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_MEMREF_DESCRIPTOR_H
#define OFFLOAD_RUNTIME_TESTING_MEMREF_DESCRIPTOR_H

#include "mgpu/mgpu.h"

#include <cstdint>

namespace mgpu::testing {

/// A rank-2 memref descriptor, as lowered IR lays it out: what the memref
/// entry points (mgpuMemHostRegisterMemRef, mgpuTensorMapEncodeTiledMemref)
/// read.
struct MemRef2D {
  char *allocated;
  char *aligned;
  int64_t offset;
  /// Sizes, then strides, in elements.
  int64_t sizesAndStrides[4];
  MgpuMemRefDescriptor *descriptor() {
    return reinterpret_cast<MgpuMemRefDescriptor *>(this);
  }
};

} // namespace mgpu::testing

#endif // OFFLOAD_RUNTIME_TESTING_MEMREF_DESCRIPTOR_H
