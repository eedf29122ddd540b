//===- VulkanTargetAttr.td - #offload.vulkan ---------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_VULKAN_TARGET_ATTR
#define OFFLOAD_VULKAN_TARGET_ATTR

include "dialects/OffloadBase.td"

def Offload_VulkanTargetAttr : Offload_TargetAttr<"VulkanTarget", "vulkan"> {
  let summary = "Compiles a gpu.module to SPIR-V for Vulkan";
  let description = [{
    A GPU target attribute for any Vulkan 1.3 device: `gpu-module-to-binary`
    asks it to compile each `gpu.module` that lists it, after
    `offload-lower-gpu-to-spirv` has converted its kernels to SPIR-V, into one
    object in the pass's `format`: `bin` (a SPIR-V module, which libmgpu's
    Vulkan backend runs) or `isa` (the same module as the SPIR-V dialect's
    text). docs/vulkan-target.md has the kernel ABI.

    - `version`: the SPIR-V version, `1.5` or `1.6` (Vulkan 1.3's, the
      default).
    - `caps`: SPIR-V capabilities that the kernels may use beyond the default
      set, which Mesa's lavapipe and current desktop drivers all have
      (integers and floats of 8 to 64 bits, 64-bit atomics, buffer device
      addresses, subgroup operations).
    - `exts`: SPIR-V extensions beyond the default (`SPV_EXT_shader_atomic_float_add`).
    - `max_shared_memory`: the bytes of workgroup memory a kernel may use,
      32768 by default.
    - `max_invocations`: the threads of a block, 1024 by default.

    The same attribute gives the same bytes on any machine.

    Example:
    ```mlir
    gpu.module @kernels [#offload.vulkan, #offload.host] {
      ...
    }
    ```
  }];
  let parameters = (ins
    StringRefParameter<"SPIR-V version.", "\"1.6\"">:$version,
    OptionalParameter<"ArrayAttr", "Extra SPIR-V capabilities.">:$caps,
    OptionalParameter<"ArrayAttr", "Extra SPIR-V extensions.">:$exts,
    DefaultValuedParameter<"int",
                           "::mlir::offload::vulkan::kDefaultMaxSharedMemory",
                           "Workgroup memory of a kernel, in bytes.">:$max_shared_memory,
    DefaultValuedParameter<"int",
                           "::mlir::offload::vulkan::kDefaultMaxInvocations",
                           "Threads of a block.">:$max_invocations
  );
}

#endif // OFFLOAD_VULKAN_TARGET_ATTR
