//===- fixture.cc - The conformance suite on the host ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MGPU_DEVICE=host: the host object of the kernels, for this machine.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/conformance/conformance.h"

#include <cstdint>

namespace mgpu::conformance {

const BackendUnderTest &TheBackend() {
  // A host object's arch is its ELF machine (e_machine), as mgpu.h has it.
  static const BackendUnderTest backend = WithoutJit(
      "host", MGPU_OBJECT_HOST, ElfHeaderField<uint16_t>(KernelBytes(), 0x12),
      0, /*runsKernels=*/true,
      {/*jit=*/false, /*tensorMaps=*/false, /*clusters=*/true}, {});
  return backend;
}

} // namespace mgpu::conformance
