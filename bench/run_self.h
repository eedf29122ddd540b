//===- run_self.h - A benchmark's binary, run again -------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A runtime fixes some settings when it starts (libmgpu its backend and its
// host threads, libomp and PoCL their threads): a benchmark that compares
// settings runs itself once per setting, each run in a process of its own.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_BENCH_RUN_SELF_H
#define OFFLOAD_BENCH_RUN_SELF_H

#include <string>
#include <vector>

namespace offload::bench {

/// Runs this binary (/proc/self/exe) with the arguments `args` (after its
/// name), in this process's environment with `env`'s NAME=value entries in
/// place of any variables of their names, and without the variables that
/// `env` names alone (NAME); waits for it. Returns its exit
/// status (128 + the signal that ended it) and its standard output in
/// `out`; its standard error is this process's. Exits with a message if it
/// cannot be run.
int RunSelf(const std::vector<std::string> &args,
            const std::vector<std::string> &env, std::string &out);

} // namespace offload::bench

#endif // OFFLOAD_BENCH_RUN_SELF_H
