//===- InlineDeviceFunctions.h - Device functions into kernels --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_COMMON_INLINEDEVICEFUNCTIONS_H
#define OFFLOAD_CONVERSION_COMMON_INLINEDEVICEFUNCTIONS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Inlines, in every kernel of `module`, each func.call of a func.func that
/// `module` defines, transitively, each time a clone of the callee; then
/// erases the func.funcs that nothing calls any more. A device function may
/// read the thread's ids or wait at a barrier, which only the kernel's
/// thread loops give it a meaning for. Upstream's inliner cannot do it: the
/// GPU dialect lets nothing be inlined into a gpu.func's region.
///
/// A callee of several blocks goes into an scf.execute_region, so that the
/// kernel's own control flow stays structured, as the thread loops need.
/// A call of a declaration (libm) stays a call. A chain of calls that comes
/// back to a function is an error at the kernel's call, before anything
/// changes; so is a callee whose dialects refuse to be inlined.
LogicalResult inlineDeviceFunctions(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_COMMON_INLINEDEVICEFUNCTIONS_H
