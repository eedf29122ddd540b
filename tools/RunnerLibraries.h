//===- RunnerLibraries.h - The libraries offload-runner loads ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TOOLS_RUNNERLIBRARIES_H
#define OFFLOAD_TOOLS_RUNNERLIBRARIES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/LogicalResult.h"

namespace mlir::offload {

/// The libraries that every program run by offload-runner may call, found
/// without --shared-libs: the mgpu runtime and MLIR's runner utilities.
inline constexpr llvm::StringLiteral kRunnerDefaultLibraries[] = {
    "libmgpu.so", "libmlir_runner_utils.so", "libmlir_c_runner_utils.so"};

/// Completes the --shared-libs list of MLIR's JitRunnerMain, while it runs
/// and before its ExecutionEngine loads the list (which only warns about an
/// entry that does not load, and runs on without it):
///  - each entry is made absolute, as the engine makes it, and must load;
///  - each default library that no entry names (by file name) is appended,
///    from beside the executable, else `<executable's dir>/../lib` (an
///    install prefix), else the LLVM that the runner was built against.
/// On failure prints one line, `<tool>: error: ...`, naming the entry or the
/// directories searched, and fails.
llvm::LogicalResult completeRunnerLibraries(llvm::StringRef toolName,
                                            llvm::StringRef executablePath);

} // namespace mlir::offload

#endif // OFFLOAD_TOOLS_RUNNERLIBRARIES_H
