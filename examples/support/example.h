//===- example.h - What the examples' host programs share -------*- C++ -*-===//
//
// Part of mlir-offload.
//
// The examples run on a GPU, and in tests against the runtime's test driver
// (libfake_cuda.so), where each kernel is replaced by a host stand-in that
// computes what the kernel computes from the parameters and launch
// configuration it receives. Either way the host program compares what it
// gets with its CPU reference.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_EXAMPLES_SUPPORT_EXAMPLE_H
#define OFFLOAD_EXAMPLES_SUPPORT_EXAMPLE_H

#include "offload_runtime/testing/fake_cuda_control.h"

#include <cstdint>
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

/// Reads a kernel's parameters in order, as gpu-to-llvm passes them: a
/// memref of rank R is 3 + 2 R (allocated, aligned, offset, sizes, strides).
class KernelParams {
public:
  explicit KernelParams(void **params) : params(params) {}

  template <typename T> T Scalar() { return *static_cast<T *>(params[next++]); }
  /// The next memref, as a descriptor.
  template <typename T, int Rank> MemRef<T, Rank> NextMemRef() {
    MemRef<T, Rank> memref;
    memref.allocated = *static_cast<T **>(params[next++]);
    memref.aligned = *static_cast<T **>(params[next++]);
    memref.offset = *static_cast<int64_t *>(params[next++]);
    for (int64_t &size : memref.sizes)
      size = *static_cast<int64_t *>(params[next++]);
    for (int64_t &stride : memref.strides)
      stride = *static_cast<int64_t *>(params[next++]);
    return memref;
  }
  /// The first element of a contiguous 1-D memref.
  template <typename T> T *MemRef1D() {
    MemRef<T, 1> memref = NextMemRef<T, 1>();
    return memref.aligned + memref.offset;
  }

private:
  void **params;
  int next = 0;
};

/// Threads in a launch's grid along x.
inline uint64_t GridThreadsX(const FakeCudaLaunch &launch) {
  return uint64_t(launch.grid[0]) * launch.block[0];
}

/// Whether the program runs against the test driver ($MGPU_CUDA_DRIVER
/// names a library with its control functions).
bool OnTestDriver();

/// On the test driver, makes `fn` stand in for the kernel `name`; does
/// nothing on a GPU.
void StandInForKernel(const char *name, FakeCudaKernelFn fn);

/// The test driver's architecture for the last loaded image (90 for sm_90),
/// 0 on a GPU.
int LastLoadedArch();

/// Compares `got` with `want` element by element, within a relative
/// tolerance; prints the first mismatches and a summary line starting with
/// `name`. Returns the process exit code: 0 if all match.
int Compare(const char *name, const std::vector<float> &got,
            const std::vector<float> &want, float tolerance = 0);

} // namespace offload::examples

#endif // OFFLOAD_EXAMPLES_SUPPORT_EXAMPLE_H
