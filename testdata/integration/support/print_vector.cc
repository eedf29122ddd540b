//===- print_vector.cc - vector.print's entry points without LLVM ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// vector.print lowers to calls of MLIR's C runner utilities (printF32,
// printOpen, ...), in libmlir_c_runner_utils.so, which needs libMLIR. The
// ahead-of-time builds of the integration programs, which run where there is
// no LLVM, link these instead: the same entry points and formats, so that
// the programs' FileCheck lines hold for both.
//
//===----------------------------------------------------------------------===//

#include <cinttypes>
#include <cstdint>
#include <cstdio>

extern "C" {
void printI64(int64_t value) { std::printf("%" PRId64, value); }
void printU64(uint64_t value) { std::printf("%" PRIu64, value); }
void printF32(float value) { std::printf("%g", value); }
void printF64(double value) { std::printf("%lg", value); }
void printString(const char *text) { std::fputs(text, stdout); }
void printOpen() { std::fputs("( ", stdout); }
void printClose() { std::fputs(" )", stdout); }
void printComma() { std::fputs(", ", stdout); }
void printNewline() { std::fputc('\n', stdout); }
}
