//===- HostCpus.h - The CPUs and features #offload.host names ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_HOST_HOSTCPUS_H
#define OFFLOAD_DIALECTS_HOST_HOSTCPUS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/Support/LLVM.h"

namespace mlir::offload::host {

/// Checks `cpu` and the name of each `+name`/`-name` in `features` (a
/// comma-separated list, already well formed) against LLVM's tables for
/// `triple`, or for the compiling machine's triple when it is empty: an
/// unknown one is an error that names it and the triple, with the closest
/// known name when one is close. Empty `cpu` and `features` ask for nothing.
LogicalResult verifyCpuAndFeatures(function_ref<InFlightDiagnostic()> emitError,
                                   StringRef triple, StringRef cpu,
                                   StringRef features);

} // namespace mlir::offload::host

#endif // OFFLOAD_DIALECTS_HOST_HOSTCPUS_H
