//===- HostRawBuffers.h - AMD's raw buffers on the host ---------*- C++ -*-===//
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Kernels written for AMD GPUs use the amdgpu dialect's raw buffer accesses
// (`amdgpu.raw_buffer_load`, `raw_buffer_store`, `raw_buffer_atomic_*`),
// whose hardware checks each access against the buffer's size: a read
// outside it is zero, a write or an atomic outside it does nothing. The host
// target emulates that check with memref, vector and scf ops, and drops
// `amdgpu.sched_barrier`, a hint to AMD's instruction scheduler. Any other
// amdgpu op stays, for the host lowering to report.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTRAWBUFFERS_H
#define OFFLOAD_CONVERSION_HOST_HOSTRAWBUFFERS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Lowers the raw buffer ops of `module` to checked accesses and drops its
/// scheduling barriers. The check is the hardware's for a raw buffer: the
/// buffer is `max_d(size_d * stride_d)` elements of the memref from its
/// first; an access's byte offset is `(sum_d(index_d * stride_d) +
/// indexOffset) * element size` in 32 bits, read as unsigned, and
/// `sgprOffset` is added to the address after the check. Each element of a
/// load or store is checked on its own (a vector straddling the end keeps
/// the elements before it); an atomic is checked whole. `boundsCheck =
/// false`, which lets some chips skip the check, is checked all the same.
/// Reports, at the op, a memref whose layout has no strides or an atomic of
/// a type the host target has no atomic for.
LogicalResult lowerRawBuffersForHost(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTRAWBUFFERS_H
