//===- cpu_features.h - Whether this CPU runs a host object -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A host object records the CPU features it was compiled for
// (MGPU_HOST_CPU_FEATURES_SYMBOL, in LLVM's names). Run on a CPU without one
// of them, its first instruction of that kind would end the process with
// SIGILL; the runtime refuses to load it instead, naming what is missing.
// The features are read here as LLVM reads them for -mcpu=native (CPUID and
// the OS's saved register state on x86-64, the kernel's HWCAPs on AArch64).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_CPU_FEATURES_H
#define OFFLOAD_RUNTIME_HOST_CPU_FEATURES_H

#include <string>
#include <string_view>
#include <vector>

namespace mgpu::host {

/// The features of `required` (comma-separated LLVM names) that this CPU
/// lacks. Names this runtime cannot detect, which are LLVM's tuning hints
/// (`fast-gather`, `slow-pmullq`, ...) and modes rather than instructions,
/// are not checked.
std::vector<std::string> MissingCpuFeatures(std::string_view required);

/// This CPU, for messages: its brand string, or its architecture.
std::string DescribeCpu();

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_CPU_FEATURES_H
