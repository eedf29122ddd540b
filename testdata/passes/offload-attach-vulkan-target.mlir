// offload-attach-vulkan-target: appends #offload.vulkan, built from the
// options, after the targets of every gpu.module whose whole name matches
// `module`, unless the module lists an #offload.vulkan already, which it
// keeps (its own limits and capabilities). A bad option is one error at the
// module, from the attribute's verifier.
//
// RUN: offload-opt %s -verify-diagnostics --offload-attach-vulkan-target | FileCheck %s
// RUN: offload-opt %s -verify-diagnostics \
// RUN:   --offload-attach-vulkan-target='module=k.* version=1.5 caps=Float64,Int8 exts=SPV_KHR_integer_dot_product' \
// RUN:   | FileCheck %s --check-prefix=SOME
// RUN: offload-opt %s -verify-diagnostics --offload-attach-vulkan-target --offload-attach-vulkan-target \
// RUN:   | FileCheck %s
// RUN: %expect_exit 1 offload-opt %s --offload-attach-vulkan-target='version=1.0' 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: error: offload-attach-vulkan-target: SPIR-V version '1.0' is not 1.5 or 1.6
// VERSION-NOT: Stack dump

// CHECK: gpu.module @kernels [#offload.host, #offload.vulkan] {
// CHECK: gpu.module @other [#offload.vulkan] {
// CHECK: gpu.module @kernels_own [#offload.vulkan<max_shared_memory = 4>] {
// SOME: gpu.module @kernels [#offload.host, #offload.vulkan<version = "1.5", caps = ["Float64", "Int8"], exts = ["SPV_KHR_integer_dot_product"]>] {
// SOME: gpu.module @other {
// SOME: gpu.module @kernels_own [#offload.vulkan<max_shared_memory = 4>] {
module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.host] {
  }
  gpu.module @other {
  }
  gpu.module @kernels_own [#offload.vulkan<max_shared_memory = 4>] {
  }
}
