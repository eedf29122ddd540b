//===- HostToolchain.h - The linker of host objects -------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_HOST_HOSTTOOLCHAIN_H
#define OFFLOAD_TARGET_HOST_HOSTTOOLCHAIN_H

#include "llvm/Support/Error.h"

#include <string>

namespace mlir::offload::host {

/// ld.lld, which links a host object into a shared object, in the order
/// searched: $OFFLOAD_LLD (what Bazel actions use, with the file declared),
/// ld.lld-22 then ld.lld on PATH, then the bin directory of the LLVM
/// installation this tool runs with. An error names every place searched.
llvm::Expected<std::string> findLinker();

} // namespace mlir::offload::host

#endif // OFFLOAD_TARGET_HOST_HOSTTOOLCHAIN_H
