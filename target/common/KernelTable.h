//===- KernelTable.h - The kernels of a compiled gpu.module -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_KERNELTABLE_H
#define OFFLOAD_TARGET_COMMON_KERNELTABLE_H

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// The kernels of `module`, lowered to the LLVM dialect, for the runtime and
/// for checks at translation: names and signatures only, so that objects
/// stay byte-identical across runs.
gpu::KernelTableAttr getKernelTable(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_KERNELTABLE_H
