//===- fake_cuda.h - Test helpers around the test CUDA driver ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_CUDA_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_CUDA_H

#include "offload_runtime/testing/fake_cuda_control.h"
#include "offload_runtime/testing/fake_driver_control.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mgpu::testing {

/// The control functions of the test driver named by $MGPU_CUDA_DRIVER, the
/// same instance that libmgpu.so uses.
class FakeCuda : public FakeLaunchControl<FakeCudaLaunch> {
public:
  FakeCuda();
  int lastImageKind() const { return imageKind(); }
  int lastImageArch() const { return imageArch(); }

private:
  /// By cuGetProcAddress, as CUDA code finds the driver's entry points.
  void *EntryPoint(const char *name) const override;

  decltype(&fakeCudaLastImageKind) imageKind;
  decltype(&fakeCudaLastImageArch) imageArch;
};

/// A minimal cubin for `sm` (90 for sm_90) whose string table names
/// `kernels`: enough for a driver to check its architecture and find them.
std::string MakeCubin(int sm, const std::vector<std::string> &kernels);

/// NUL-terminated PTX for `.target sm_<sm>` with entry points `kernels`.
std::string MakePtx(int sm, const std::vector<std::string> &kernels);

} // namespace mgpu::testing

#endif // OFFLOAD_RUNTIME_TESTING_FAKE_CUDA_H
