//===- abi_check.cc - The ABI table checked against itself ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The compiler declares each entry point of mgpu_abi.def with its IR kinds,
// C callers and this library with its C types: each C type must have the size
// of its kind, or calls from compiled code would pass the wrong bits. Checked
// here at compile time, from the table itself; no code.
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include <cstddef>
#include <cstdint>
#include <initializer_list>

namespace {

template <typename T> constexpr size_t SizeOf() { return sizeof(T); }
template <> constexpr size_t SizeOf<void>() { return 0; }

constexpr size_t kSizeVoid = 0;
constexpr size_t kSizeI8 = 1;
constexpr size_t kSizeI16 = 2;
constexpr size_t kSizeI32 = 4;
constexpr size_t kSizeI64 = 8;
constexpr size_t kSizeIntPtr = sizeof(intptr_t);
constexpr size_t kSizePtr = sizeof(void *);
constexpr size_t kSizeMemRef1d = 2 * kSizePtr + 3 * kSizeIntPtr;

constexpr bool AllOf(std::initializer_list<bool> checks) {
  for (bool check : checks)
    if (!check)
      return false;
  return true;
}

#define MGPU_PARAM(type, kind, name) (SizeOf<type>() == kSize##kind)
#define MGPU_FUNCTION(name, resultType, resultKind, ...)                       \
  static_assert(SizeOf<resultType>() == kSize##resultKind &&                   \
                    AllOf({__VA_ARGS__}),                                      \
                #name ": a C type in mgpu_abi.def has not the size of its "    \
                      "kind");
#define MGPU_FIELD(type, kind, name)                                           \
  static_assert(sizeof(type) == kSize##kind,                                   \
                #name ": a C type in mgpu_abi.def has not the size of its "    \
                      "kind");
#include "mgpu/mgpu_abi.def"

} // namespace
