//===- fixture.cc - The conformance suite on CUDA -------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MGPU_DEVICE=cuda on the test CUDA driver (libfake_cuda.so) and its one
// sm_90 device: an sm_90 cubin of the kernels, and their PTX for the JIT. On a
// GPU machine (tools/gpu_check.sh), with no MGPU_CUDA_DRIVER, the suite runs
// on the real driver, which runs the kernels, and the cases check what they
// wrote.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/conformance/conformance.h"

#include <cstdlib>

namespace mgpu::conformance {

const BackendUnderTest &TheBackend() {
  static const std::string cubin = ReadFileNamedBy("CONFORMANCE_KERNELS");
  static const std::string ptx = ReadFileNamedBy("CONFORMANCE_PTX");
  static const BackendUnderTest backend = {
      "cuda",
      {cubin.data(), cubin.size(), MGPU_OBJECT_CUBIN, 90, MGPU_ARCH_PORTABLE,
       0},
      ptx.c_str(),
      /*runsKernels=*/std::getenv("MGPU_CUDA_DRIVER") == nullptr,
      {
          {"ModuleMisuse.LoadJitWithoutAJit",
           "CUDA's driver has a JIT (Modules.LoadJitCompilesPtx)"},
          {"TensorMaps.NotSupportedWithoutTma",
           "CUDA has tensor maps (TensorMaps.EncodeTiled)"},
          {"LaunchMisuse.TooFewParameters",
           "known disagreement: the launch succeeds (MGPU_SUCCESS): the CUDA "
           "backend does not check a launch's parameters against the kernel's, "
           "and the driver would read past the array"},
          {"LaunchMisuse.NullParameter",
           "known disagreement: the launch succeeds (MGPU_SUCCESS): the CUDA "
           "backend does not check a launch's parameters, and the driver would "
           "read through the null one"},
          {"HostMemory.RegisteredTwice",
           "known disagreement: registering twice and unregistering twice "
           "succeed (MGPU_SUCCESS): the test CUDA driver keeps no "
           "registrations (a real one answers "
           "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED and _NOT_REGISTERED), "
           "and the CUDA backend none either"},
          {"HostMemory.DeviceMemRefOfMemoryNotRegistered",
           "known disagreement: the host's address (MGPU_SUCCESS): the test "
           "CUDA driver keeps no registrations (a real one answers "
           "CUDA_ERROR_INVALID_VALUE)"},
          {"HostMemory.MemRefs",
           "known disagreement: unregistering twice succeeds (MGPU_SUCCESS): "
           "the test CUDA driver keeps no registrations (a real one answers "
           "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED), and the CUDA backend none "
           "either"},
      }};
  return backend;
}

} // namespace mgpu::conformance
