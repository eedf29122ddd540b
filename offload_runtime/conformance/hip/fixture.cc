//===- fixture.cc - The conformance suite on HIP --------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MGPU_DEVICE=rocm on the test HIP runtime (libfake_hip.so) and its one
// gfx90a:sramecc+:xnack- device: a gfx90a code object of the kernels, whose
// xnack and sramecc are left open.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/conformance/conformance.h"

#include <cstdint>

namespace mgpu::conformance {

const BackendUnderTest &TheBackend() {
  // The chip and its modes, as mgpu.h has them: from the ELF header's
  // e_flags.
  static const uint32_t flags = ElfHeaderField<uint32_t>(KernelBytes(), 0x30);
  static const BackendUnderTest backend = WithoutJit(
      "rocm", MGPU_OBJECT_AMDGPU, static_cast<int32_t>(flags & 0xff),
      static_cast<int32_t>(flags & 0xf00), /*runsKernels=*/false,
      {/*jit=*/false, /*tensorMaps=*/false, /*clusters=*/false},
      {
          {"LaunchMisuse.MoreDynamicSharedMemoryThanTheDeviceHas",
           "known disagreement: MGPU_ERROR_INVALID_VALUE with the driver's "
           "message (\"hipModuleLaunchKernel failed with "
           "hipErrorInvalidValue\"): the HIP backend does not check the "
           "request against the device's limit, and says neither"},
          {"LaunchMisuse.TooFewParameters",
           "known disagreement: the launch succeeds (MGPU_SUCCESS): the "
           "HIP "
           "backend does not check a launch's parameters against the "
           "kernel's, "
           "and the driver would read past the array"},
          {"LaunchMisuse.NullParameter",
           "known disagreement: the launch succeeds (MGPU_SUCCESS): the "
           "HIP "
           "backend does not check a launch's parameters, and the driver "
           "would "
           "read through the null one"},
      });
  return backend;
}

} // namespace mgpu::conformance
