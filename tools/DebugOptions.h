//===- DebugOptions.h - -debug and -debug-only for our tools ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TOOLS_DEBUGOPTIONS_H
#define OFFLOAD_TOOLS_DEBUGOPTIONS_H

namespace mlir::offload {

/// Registers `-debug` and `-debug-only=<type,...>` as an LLVM built with
/// assertions does. Debian's LLVM is a release build that leaves them out, so
/// without these the LLVM_DEBUG output of our passes and serializers could
/// not be asked for. Call before the command line is parsed.
void registerDebugOptions();

} // namespace mlir::offload

#endif // OFFLOAD_TOOLS_DEBUGOPTIONS_H
