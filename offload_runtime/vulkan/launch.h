//===- launch.h - Kernel launches by the Vulkan kernel ABI ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch packs its parameters into the kernel's argument struct, in a
// host-visible buffer of the stream's argument ring (member i: `size` bytes
// of params[i], at its offset), and records the pipeline for its block
// size and dynamic shared memory, the push constants (the struct's device
// address, then the block size if the kernel reads it) and vkCmdDispatch of the
// grid. A pointer member that points into host_shared memory's mapping becomes
// the device address of the same byte, as a kernel dereferences it; a
// memref's elements in plain host memory are imported for the launch
// (docs/vulkan-target.md, "Plain host memory").
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_LAUNCH_H
#define OFFLOAD_RUNTIME_VULKAN_LAUNCH_H

#include "offload_runtime/backend.h"
#include "offload_runtime/vulkan/module.h"
#include "offload_runtime/vulkan/stream.h"

namespace mgpu::vulkan {

Status Launch(Device &device, Stream &stream, Kernel &kernel,
              const LaunchConfig &config, const KernelParams &params);

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_LAUNCH_H
