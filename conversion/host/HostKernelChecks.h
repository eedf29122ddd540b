//===- HostKernelChecks.h - Kernels that check themselves -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// `offload-lower-gpu-to-host{check}` (docs/checking.md): each kernel checks
// what a GPU would not, thread by thread.
//
// - Each load, store and atomic of a memref (memref.load, memref.store,
//   memref.atomic_rmw, memref.generic_atomic_rmw, vector.load, vector.store,
//   and the dimensions of vector.maskedload and vector.maskedstore that
//   their mask does not cover) is tested against the memref's sizes; out of
//   bounds, the thread reports it and skips the access (a load gives 0).
// - Each access to workgroup or global memory, each gpu.barrier, and each
//   value that decides whether a thread reaches a barrier (the condition of
//   an scf.if, the bounds of an scf.for, ... that holds one) is told to the
//   runtime, which sees races between the block's threads, reads of bytes
//   that no thread wrote, races between blocks, and threads that do not all
//   reach the same barrier (offload_runtime/host/kernel_check.h).
//
// The checks are added before the kernel becomes thread loops, as calls to
// functions that the module declares (`__offload_check_*`), with the
// thread's ids as gpu.thread_id ops, which the thread loops make each
// thread's own; once the kernel is its block function, the calls become
// calls through the block's MgpuHostCheckHooks.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_HOSTKERNELCHECKS_H
#define OFFLOAD_CONVERSION_HOST_HOSTKERNELCHECKS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload {

/// Adds the checks to `kernel`, before its collectives and its workgroup
/// atomics are lowered (their own accesses are the lowering's, and right).
void addKernelChecks(gpu::GPUFuncOp kernel);

/// Makes the checks of `function`, the block function of a kernel that
/// addKernelChecks checked, calls through the hooks of its MgpuHostBlock
/// (`block`), and tells the runtime, at its entry, of the workgroup buffers
/// that it keeps itself.
void bindKernelChecks(func::FuncOp function, Value block);

/// Erases the declarations of the check functions from `module`, once every
/// kernel is bound.
void eraseKernelCheckDeclarations(gpu::GPUModuleOp module);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_HOST_HOSTKERNELCHECKS_H
