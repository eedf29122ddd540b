//===- fixture.cc - The conformance suite on Vulkan -----------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MGPU_DEVICE=vulkan on the machine's Vulkan 1.3 driver (Mesa's lavapipe in
// CI): the SPIR-V module of the kernels.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/conformance/conformance.h"

namespace mgpu::conformance {

const BackendUnderTest &TheBackend() {
  static const BackendUnderTest backend =
      WithoutJit("vulkan", MGPU_OBJECT_SPIRV, 0, 0, /*runsKernels=*/true,
                 {/*jit=*/false, /*tensorMaps=*/false, /*clusters=*/false}, {});
  return backend;
}

} // namespace mgpu::conformance
