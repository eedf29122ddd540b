//===- LlvmOptions.h - LLVM options that change code ------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// LLVM's optimizer and backends read hundreds of command-line options
// (`--nvptx-prec-divf32=0`, `--x86-asm-syntax`, `-unroll-threshold`, ...)
// that a tool built on LLVM accepts and that change the code it emits for
// the same module. cl::opt keeps no printable value for them, so they cannot
// be part of an object cache's key: whoever caches must know when one is
// set, and stand aside.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_LLVMOPTIONS_H
#define OFFLOAD_TARGET_COMMON_LLVMOPTIONS_H

#include <optional>
#include <string>

namespace mlir::offload {

/// The name of the first registered command-line option that was given a
/// value in this process and may change what LLVM emits for a module, if
/// any. Options that only decide what an MLIR driver reads, writes, prints,
/// checks or times (`-o`, `--pass-pipeline`, `--mlir-*`, `--split-input-file`,
/// `-debug-only`, ...) do not count: the MLIR that they touch is in the LLVM
/// module already.
std::optional<std::string> findCodeChangingOption();

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_LLVMOPTIONS_H
