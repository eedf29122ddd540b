//===- HostSmallFloats.h - Floats the CPU has no arithmetic for -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM has no type for floats of 8 bits or fewer (f8E4M3FN, f8E5M2, f6E2M3FN,
// f4E2M1FN, ...): to the CPU they are bit patterns, which the conversion to
// the LLVM dialect loads, stores and moves as integers. bf16 it has, but on
// a CPU without bf16 conversions LLVM rounds f32 to bf16 with a call of a
// compiler's runtime library (`__truncsfbf2`), which a host object does not
// link. So arithmetic on these types runs in f32 (upstream's emulation of
// unsupported floats), and conversions to and from them are expanded:
// bf16's by upstream's integer patterns, the small floats' through tables
// that APFloat computes when the module is compiled.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTSMALLFLOATS_H
#define OFFLOAD_CONVERSION_HOST_HOSTSMALLFLOATS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Emulates arithmetic on floats of 8 bits or fewer and on bf16 in `module`
/// with f32, and expands `arith.extf` and `arith.truncf` from and to them:
/// a small float's value is looked up in a table of every encoding's value;
/// a value is rounded to a small float (to nearest, ties to even, as
/// APFloat converts) by finding it among the midpoints between the type's
/// values, each region's encoding and each midpoint's tie, overflow, NaN
/// and infinity taken from APFloat. Reports a float type that LLVM has no
/// type for and that is wider than 8 bits (tf32), and a truncation with
/// another rounding mode, at the op.
LogicalResult lowerSmallFloats(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTSMALLFLOATS_H
