//===- HostMachine.h - The CPU a host object is compiled for ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_HOST_HOSTMACHINE_H
#define OFFLOAD_TARGET_HOST_HOSTMACHINE_H

#include "dialects/OffloadDialect.h"
#include "dialects/host/HostTargetAttr.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <string>

namespace llvm {
class MCSubtargetInfo;
} // namespace llvm

namespace mlir::offload::host {

/// What "the compiling machine" stands for in an #offload.host.
struct HostMachine {
  std::string triple;
  std::string cpu;
  std::string features;
};

/// The triple, CPU and features to compile for: the attribute's, with the
/// compiling machine's where it leaves them empty. An unknown CPU or
/// feature, and features that turn off what the platform's calling
/// convention passes values in (SSE2 on x86-64, the FP and SIMD registers on
/// AArch64: the object and the C library would disagree on where a float
/// argument is), are errors at `module`.
FailureOr<HostMachine> resolveHostMachine(gpu::GPUModuleOp module,
                                          HostTargetAttr target);

/// Every feature `subtarget` has, its CPU's and its feature string's with
/// what they imply, in LLVM's names, sorted and comma-separated: what a host
/// object records of the CPU it needs (MGPU_HOST_CPU_FEATURES_SYMBOL), so
/// that the runtime can refuse it on a CPU that lacks one.
std::string listCpuFeatures(const llvm::MCSubtargetInfo &subtarget);

} // namespace mlir::offload::host

#endif // OFFLOAD_TARGET_HOST_HOSTMACHINE_H
