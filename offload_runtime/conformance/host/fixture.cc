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
  static const std::string object = ReadFileNamedBy("CONFORMANCE_KERNELS");
  // A host object's arch is its ELF machine (e_machine), as mgpu.h has it.
  static const uint16_t machine = ElfHeaderField<uint16_t>(object, 0x12);
  static const BackendUnderTest backend = {
      "host",
      {object.data(), object.size(), MGPU_OBJECT_HOST, machine, 0, 0},
      /*jitImage=*/nullptr,
      /*runsKernels=*/true,
      WithSkipsOfMissingFeatures(
          {/*jit=*/false, /*tensorMaps=*/false, /*clusters=*/true}, {})};
  return backend;
}

} // namespace mgpu::conformance
