//===- upstream_fill_helpers.cc - MLIR's memref fill helpers --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The memref fill helpers of upstream's Vulkan runtime wrappers
// (fillResource*) and SPIR-V CPU runner utilities (fill*Buffer*), with their
// names, element types and parameters, so that MLIR's own Vulkan and SPIR-V
// programs run against libmgpu.so unchanged. They are no part of the mgpu ABI
// (docs/runtime.md). Each is exported in both forms that a program's
// declaration may call: `name`, the memref expanded into its descriptor's
// fields (a plain declaration), and `_mlir_ciface_name`, a pointer to the
// descriptor (`llvm.emit_c_interface`). Upstream's fill as many elements as
// the sizes multiply to, from the allocated pointer; these fill the memref's
// own elements, from its aligned pointer and offset through its strides, so
// that a subview fills only its elements.
//
//===----------------------------------------------------------------------===//

#include <cstdint>

namespace mgpu {
namespace {

// A ranked memref's descriptor, as MLIR lowers it: the fields in the order in
// which a plain declaration passes them.
template <typename T, int Rank> struct StridedMemRef {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

// Stores `value` in the elements of dimensions Dim and after, whose first is
// at `first`.
template <int Dim, typename T, int Rank>
void FillDimensions(const StridedMemRef<T, Rank> &memref, T *first, T value) {
  if constexpr (Dim == Rank) {
    *first = value;
  } else {
    for (int64_t i = 0; i < memref.sizes[Dim]; ++i)
      FillDimensions<Dim + 1>(memref, first + i * memref.strides[Dim], value);
  }
}

template <typename T, int Rank>
void Fill(const StridedMemRef<T, Rank> &memref, T value) {
  // A memref of no elements may point nowhere: not even its first element's
  // address is computed.
  for (int64_t size : memref.sizes)
    if (size <= 0)
      return;
  FillDimensions<0>(memref, memref.aligned + memref.offset, value);
}

// The descriptor of a memref that a plain declaration passes expanded:
// `shape` is its sizes, then its strides.
template <typename T, int Rank, typename... Shape>
StridedMemRef<T, Rank> Describe(T *allocated, T *aligned, int64_t offset,
                                Shape... shape) {
  static_assert(sizeof...(Shape) == 2 * Rank, "a size and a stride per rank");
  const int64_t fields[] = {shape...};
  StridedMemRef<T, Rank> memref{allocated, aligned, offset, {}, {}};
  for (int d = 0; d < Rank; ++d) {
    memref.sizes[d] = fields[d];
    memref.strides[d] = fields[Rank + d];
  }
  return memref;
}

} // namespace
} // namespace mgpu

// The sizes, then the strides, of a memref of each rank, one parameter each,
// as a plain declaration passes them after the pointers and the offset.
#define MGPU_SHAPE_PARAMETERS_1 int64_t size0, int64_t stride0
#define MGPU_SHAPE_PARAMETERS_2                                                \
  int64_t size0, int64_t size1, int64_t stride0, int64_t stride1
#define MGPU_SHAPE_PARAMETERS_3                                                \
  int64_t size0, int64_t size1, int64_t size2, int64_t stride0,                \
      int64_t stride1, int64_t stride2
#define MGPU_SHAPE_ARGUMENTS_1 size0, stride0
#define MGPU_SHAPE_ARGUMENTS_2 size0, size1, stride0, stride1
#define MGPU_SHAPE_ARGUMENTS_3 size0, size1, size2, stride0, stride1, stride2

// Both forms of the helper `name`, which fills a memref of `Rank` dimensions
// of `T`.
#define MGPU_FILL_HELPER(name, T, Rank)                                        \
  extern "C" void _mlir_ciface_##name(mgpu::StridedMemRef<T, Rank> *memref,    \
                                      T value) {                               \
    mgpu::Fill(*memref, value);                                                \
  }                                                                            \
  extern "C" void name(T *allocated, T *aligned, int64_t offset,               \
                       MGPU_SHAPE_PARAMETERS_##Rank, T value) {                \
    mgpu::Fill(mgpu::Describe<T, Rank>(allocated, aligned, offset,             \
                                       MGPU_SHAPE_ARGUMENTS_##Rank),           \
               value);                                                         \
  }

// mlir/lib/ExecutionEngine/VulkanRuntimeWrappers.cpp
MGPU_FILL_HELPER(fillResource1DFloat, float, 1)
MGPU_FILL_HELPER(fillResource2DFloat, float, 2)
MGPU_FILL_HELPER(fillResource3DFloat, float, 3)
MGPU_FILL_HELPER(fillResource1DInt, int32_t, 1)
MGPU_FILL_HELPER(fillResource2DInt, int32_t, 2)
MGPU_FILL_HELPER(fillResource3DInt, int32_t, 3)
MGPU_FILL_HELPER(fillResource1DInt8, int8_t, 1)
MGPU_FILL_HELPER(fillResource2DInt8, int8_t, 2)
MGPU_FILL_HELPER(fillResource3DInt8, int8_t, 3)
// mlir/lib/ExecutionEngine/SpirvCpuRuntimeWrappers.cpp
MGPU_FILL_HELPER(fillI32Buffer, int32_t, 1)
MGPU_FILL_HELPER(fillF32Buffer1D, float, 1)
MGPU_FILL_HELPER(fillF32Buffer2D, float, 2)
MGPU_FILL_HELPER(fillF32Buffer3D, float, 3)
