//===- upstream_fill_helpers_test.cc - Upstream's memref fill helpers -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The fill helpers of libmgpu.so, each with upstream's element type and rank,
// found by name in the library opened as a JIT opens it, in both forms: the
// memref expanded into its descriptor's fields, and _mlir_ciface_, a pointer to
// the descriptor. Each fills the elements of a strided view, past an offset
// from an aligned pointer that is not the allocated one, and no other element;
// and does nothing with a view of no elements, even one that points nowhere.
//
//===----------------------------------------------------------------------===//

#include "gtest/gtest.h"

#include <dlfcn.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace {

template <typename T, int Rank> struct Descriptor {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

// $LIBMGPU, the libmgpu.so under test.
void *Library() {
  static void *library = dlopen(std::getenv("LIBMGPU"), RTLD_NOW | RTLD_LOCAL);
  return library;
}

void *Find(const std::string &name) {
  if (!Library()) {
    ADD_FAILURE() << "cannot open $LIBMGPU: " << dlerror();
    return nullptr;
  }
  void *symbol = dlsym(Library(), name.c_str());
  EXPECT_NE(symbol, nullptr) << name << " is not exported";
  return symbol;
}

template <typename T, int Rank>
void CallExpanded(const std::string &name, const Descriptor<T, Rank> &v,
                  T value) {
  void *symbol = Find(name);
  if (!symbol)
    return;
  if constexpr (Rank == 1) {
    reinterpret_cast<void (*)(T *, T *, int64_t, int64_t, int64_t, T)>(symbol)(
        v.allocated, v.aligned, v.offset, v.sizes[0], v.strides[0], value);
  } else if constexpr (Rank == 2) {
    reinterpret_cast<void (*)(T *, T *, int64_t, int64_t, int64_t, int64_t,
                              int64_t, T)>(symbol)(
        v.allocated, v.aligned, v.offset, v.sizes[0], v.sizes[1], v.strides[0],
        v.strides[1], value);
  } else {
    static_assert(Rank == 3);
    reinterpret_cast<void (*)(T *, T *, int64_t, int64_t, int64_t, int64_t,
                              int64_t, int64_t, int64_t, T)>(symbol)(
        v.allocated, v.aligned, v.offset, v.sizes[0], v.sizes[1], v.sizes[2],
        v.strides[0], v.strides[1], v.strides[2], value);
  }
}

template <typename T, int Rank>
void CallCInterface(const std::string &name, Descriptor<T, Rank> view,
                    T value) {
  if (void *symbol = Find("_mlir_ciface_" + name))
    reinterpret_cast<void (*)(Descriptor<T, Rank> *, T)>(symbol)(&view, value);
}

// Both forms of helper `name` store `value` in the elements of a view of
// sizes 3, 2 and 4 (as many as it has dimensions), each dimension's stride
// past the span of the one inside it, and in no other element of the buffer.
template <typename T, int Rank>
void ExpectFillsOnlyItsView(const std::string &name, T value) {
  SCOPED_TRACE(name);
  const int64_t kSizes[] = {3, 2, 4};
  Descriptor<T, Rank> view{};
  int64_t stride = 2;
  for (int d = Rank - 1; d >= 0; --d) {
    view.sizes[d] = kSizes[d];
    view.strides[d] = stride;
    stride = stride * kSizes[d] + 1;
  }
  view.offset = 3;
  std::vector<T> buffer(2 + view.offset + stride + 3);
  view.allocated = buffer.data();
  view.aligned = buffer.data() + 2;

  // Which elements of the buffer the view holds, counted index by index.
  std::vector<bool> inView(buffer.size(), false);
  int64_t index[Rank] = {};
  for (bool more = true; more;) {
    int64_t at = 2 + view.offset;
    for (int d = 0; d < Rank; ++d)
      at += index[d] * view.strides[d];
    inView[at] = true;
    int d = Rank - 1;
    while (d >= 0 && ++index[d] == view.sizes[d])
      index[d--] = 0;
    more = d >= 0;
  }

  for (bool cInterface : {false, true}) {
    SCOPED_TRACE(cInterface ? "_mlir_ciface_" : "expanded");
    std::memset(buffer.data(), 0x5a, buffer.size() * sizeof(T));
    T untouched;
    std::memset(&untouched, 0x5a, sizeof(T));
    if (cInterface)
      CallCInterface(name, view, value);
    else
      CallExpanded(name, view, value);
    for (size_t i = 0; i < buffer.size(); ++i) {
      const T &expected = inView[i] ? value : untouched;
      // Bit for bit: -0.0 is not 0.0.
      EXPECT_EQ(std::memcmp(&buffer[i], &expected, sizeof(T)), 0)
          << "element " << i << (inView[i] ? ", in the view," : "") << " is "
          << +buffer[i];
    }
  }
}

// Both forms of helper `name` do nothing with a view whose dimension `d` has
// no elements, whether it points into a buffer or nowhere.
template <typename T, int Rank>
void ExpectNothingWithoutElements(const std::string &name, T value) {
  SCOPED_TRACE(name);
  for (int d = 0; d < Rank; ++d) {
    T buffer[8];
    std::memset(buffer, 0x5a, sizeof(buffer));
    Descriptor<T, Rank> view{buffer, buffer, 1, {}, {}};
    for (int e = 0; e < Rank; ++e) {
      view.sizes[e] = e == d ? 0 : 2;
      view.strides[e] = 1;
    }
    CallExpanded(name, view, value);
    CallCInterface(name, view, value);
    for (const T &element : buffer) {
      T untouched;
      std::memset(&untouched, 0x5a, sizeof(T));
      EXPECT_EQ(std::memcmp(&element, &untouched, sizeof(T)), 0);
    }
    // Pointers that a memref of no elements may hold, with an offset that
    // must never be added to them.
    Descriptor<T, Rank> nowhere = view;
    nowhere.allocated = nowhere.aligned = nullptr;
    nowhere.offset = 16;
    CallExpanded(name, nowhere, value);
    CallCInterface(name, nowhere, value);
  }
}

template <typename T, int Rank>
void ExpectUpstreamBehaviour(const std::string &name, T value) {
  ExpectFillsOnlyItsView<T, Rank>(name, value);
  ExpectNothingWithoutElements<T, Rank>(name, value);
}

constexpr int32_t kInt32Min = std::numeric_limits<int32_t>::min();
constexpr int8_t kInt8Min = std::numeric_limits<int8_t>::min();

// mlir/lib/ExecutionEngine/VulkanRuntimeWrappers.cpp
TEST(UpstreamFillHelpers, VulkanRuntimeWrappers) {
  ExpectUpstreamBehaviour<float, 1>("fillResource1DFloat", -0.0f);
  ExpectUpstreamBehaviour<float, 2>("fillResource2DFloat", -0.0f);
  ExpectUpstreamBehaviour<float, 3>("fillResource3DFloat", -0.0f);
  ExpectUpstreamBehaviour<int32_t, 1>("fillResource1DInt", kInt32Min);
  ExpectUpstreamBehaviour<int32_t, 2>("fillResource2DInt", kInt32Min);
  ExpectUpstreamBehaviour<int32_t, 3>("fillResource3DInt", kInt32Min);
  ExpectUpstreamBehaviour<int8_t, 1>("fillResource1DInt8", kInt8Min);
  ExpectUpstreamBehaviour<int8_t, 2>("fillResource2DInt8", kInt8Min);
  ExpectUpstreamBehaviour<int8_t, 3>("fillResource3DInt8", kInt8Min);
}

// mlir/lib/ExecutionEngine/SpirvCpuRuntimeWrappers.cpp
TEST(UpstreamFillHelpers, SpirvCpuRuntimeWrappers) {
  ExpectUpstreamBehaviour<int32_t, 1>("fillI32Buffer", kInt32Min);
  ExpectUpstreamBehaviour<float, 1>("fillF32Buffer1D", -0.0f);
  ExpectUpstreamBehaviour<float, 2>("fillF32Buffer2D", -0.0f);
  ExpectUpstreamBehaviour<float, 3>("fillF32Buffer3D", -0.0f);
}

} // namespace
