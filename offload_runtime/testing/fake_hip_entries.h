//===- fake_hip_entries.h - The test HIP runtime's entry points -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Declares each entry point of hip_symbols.inc as the test HIP runtime
// exports it: a C function of hip_api.h's type, visible outside the library.
// Every file that defines one includes this first, so that a definition
// whose signature differs from hip_api.h's does not compile.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_HIP_ENTRIES_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_HIP_ENTRIES_H

#include "offload_runtime/hip/hip_api.h"

#include <type_traits>

#define FAKE_HIP_EXPORT extern "C" __attribute__((visibility("default")))

#define MGPU_HIP_ENTRY(name)                                                   \
  FAKE_HIP_EXPORT std::remove_pointer_t<decltype(&mgpu::hip::name)> name;
#define MGPU_HIP_OPTIONAL(name) MGPU_HIP_ENTRY(name)
#include "offload_runtime/hip/hip_symbols.inc"
#undef MGPU_HIP_ENTRY
#undef MGPU_HIP_OPTIONAL

#endif // OFFLOAD_RUNTIME_TESTING_FAKE_HIP_ENTRIES_H
