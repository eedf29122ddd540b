//===- print_memref.cc - printMemref* without LLVM ------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The integration programs print with MLIR's runner utilities' printMemref*
// functions (libmlir_c_runner_utils.so), which need libMLIR and libLLVM. The
// ahead-of-time builds of those programs, which run where there is no LLVM
// (the GPU machine), link these instead: the same entry points, printing the
// same text, so that the programs' FileCheck lines hold for both.
//
//===----------------------------------------------------------------------===//

#include <cstdint>
#include <iostream>

namespace {

/// What an unranked memref points to: this, then sizes[rank] and
/// strides[rank].
template <typename T> struct DescriptorHeader {
  T *allocated;
  T *aligned;
  int64_t offset;
};

template <typename T> void printElement(std::ostream &os, T value) {
  os << value;
}

void printSpace(std::ostream &os, int64_t count) {
  for (int64_t i = 0; i < count; ++i)
    os << ' ';
}

/// The elements of dimensions [rank - dim, rank), as MLIR's
/// MemRefDataPrinter lays them out.
template <typename T>
void printData(std::ostream &os, const T *base, int64_t dim, int64_t rank,
               int64_t offset, const int64_t *sizes, const int64_t *strides) {
  if (dim == 0) {
    printElement(os, base[offset]);
    return;
  }
  const char *separator = dim > 1 ? ",\n" : ", ";
  os << "[";
  printData(os, base, dim - 1, rank, offset, sizes + 1, strides + 1);
  if (sizes[0] <= 1) {
    os << "]";
    return;
  }
  os << separator;
  for (int64_t i = 1; i + 1 < sizes[0]; ++i) {
    printSpace(os, rank - dim + 1);
    printData(os, base, dim - 1, rank, offset + i * strides[0], sizes + 1,
              strides + 1);
    os << separator;
  }
  printSpace(os, rank - dim + 1);
  printData(os, base, dim - 1, rank, offset + strides[0] * (sizes[0] - 1),
            sizes + 1, strides + 1);
  os << "]";
}

template <typename T> void printMemref(int64_t rank, void *opaque) {
  auto *memref = static_cast<DescriptorHeader<T> *>(opaque);
  const int64_t *sizes = reinterpret_cast<const int64_t *>(memref + 1);
  const int64_t *strides = sizes + rank;
  std::ostream &os = std::cout;
  auto list = [&](const int64_t *values) {
    for (int64_t i = 0; i < rank; ++i)
      os << (i ? ", " : "") << values[i];
  };
  os << "Unranked Memref base@ = " << static_cast<void *>(memref->aligned)
     << " rank = " << rank << " offset = " << memref->offset << " sizes = [";
  list(sizes);
  os << "] strides = [";
  list(strides);
  os << "] data = " << std::endl;
  if (rank == 0)
    os << "[";
  printData(os, memref->aligned, rank, rank, memref->offset, sizes, strides);
  if (rank == 0)
    os << "]";
  os << std::endl;
}

} // namespace

extern "C" {
void printMemrefI32(int64_t rank, void *memref) {
  printMemref<int32_t>(rank, memref);
}
void printMemrefI64(int64_t rank, void *memref) {
  printMemref<int64_t>(rank, memref);
}
void printMemrefF32(int64_t rank, void *memref) {
  printMemref<float>(rank, memref);
}
void printMemrefF64(int64_t rank, void *memref) {
  printMemref<double>(rank, memref);
}
}
