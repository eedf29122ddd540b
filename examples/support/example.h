//===- example.h - What the examples' host programs share -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each example's kernels are compiled for sm_90 and for the host CPU into one
// binary: the runtime runs them on a GPU where there is one and on the CPU's
// cores elsewhere (MGPU_DEVICE picks), and the host program compares what it
// gets with its CPU reference either way. Against the runtime's test driver
// (libfake_cuda.so) or test HIP runtime (libfake_hip.so), which load objects
// but run no kernel, a program checks which object the device was given
// instead.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_EXAMPLES_SUPPORT_EXAMPLE_H
#define OFFLOAD_EXAMPLES_SUPPORT_EXAMPLE_H

#include <cstdint>
#include <string>
#include <vector>

namespace offload::examples {

/// A ranked memref as `llvm.emit_c_interface` functions take it.
template <typename T, int Rank> struct MemRef {
  T *allocated;
  T *aligned;
  int64_t offset;
  int64_t sizes[Rank];
  int64_t strides[Rank];
};

/// A contiguous 1-D memref over `data`.
template <typename T> MemRef<T, 1> MemRefOf(std::vector<T> &data) {
  return {
      data.data(), data.data(), 0, {static_cast<int64_t>(data.size())}, {1}};
}

/// Whether the program runs against the test driver ($MGPU_CUDA_DRIVER
/// names a library with its control functions) or the test HIP runtime
/// ($MGPU_HIP_RUNTIME likewise), where kernels do not run.
bool OnTestDriver();

/// The test driver's architecture for the last loaded image (90 for sm_90),
/// 0 elsewhere.
int LastLoadedArch();

/// The test HIP runtime's last loaded code object, by its chip and the
/// features it fixes ("gfx90a", "gfx942:sramecc+"); "" elsewhere.
std::string LastLoadedAmdgpuObject();

/// Compares `got` with `want` element by element, within a relative
/// tolerance; prints the first mismatches and a summary line starting with
/// `name`. Returns the process exit code: 0 if all match.
int Compare(const char *name, const std::vector<float> &got,
            const std::vector<float> &want, float tolerance = 0);

} // namespace offload::examples

#endif // OFFLOAD_EXAMPLES_SUPPORT_EXAMPLE_H
