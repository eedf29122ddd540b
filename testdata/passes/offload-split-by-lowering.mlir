// offload-split-by-lowering: a gpu.module whose targets need different
// lowerings is copied, right after it, once per lowering after the first
// (NVVM's, the host's, SPIR-V's), as @<name>.host or @<name>.vulkan with that
// lowering's targets alone (and the same body and handler); the original
// keeps the first lowering's targets, in their order. The pairs are recorded on the module the pass
// runs on (offload.lowering_copies, copy to original) for
// offload-merge-lowered-binaries. A copy's name that is taken is an error at
// the original.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-split-by-lowering | FileCheck %s
// Run again, it finds nothing more to split, and keeps the record.
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-split-by-lowering --offload-split-by-lowering \
// RUN:   | FileCheck %s

// CHECK-LABEL: module @split attributes {gpu.container_module, offload.lowering_copies = {all.host = "all", all.vulkan = "all", both.host = "both", portable.vulkan = "portable", two.host = "two"}}
// CHECK-NEXT: gpu.module @both<#offload.loader<load = lazy>> [#offload.cuda<chip = "sm_90">, #offload.cuda<chip = "sm_80">] {
// CHECK-NEXT: gpu.func @k(%{{.*}}: memref<4xf32>) kernel {
// CHECK: gpu.module @both.host<#offload.loader<load = lazy>> [#offload.host] {
// CHECK-NEXT: gpu.func @k(%{{.*}}: memref<4xf32>) kernel {
// Only the host target, or only GPU targets, or none: nothing to split.
// CHECK: gpu.module @cpu [#offload.host] {
// CHECK: gpu.module @gpu [#offload.cuda, #nvvm.target] {
// CHECK: gpu.module @none {
// CHECK: gpu.module @two [#nvvm.target<chip = "sm_90">] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @two.host [#offload.host<triple = "aarch64-unknown-linux-gnu">, #offload.host<triple = "x86_64-unknown-linux-gnu">] {
// CHECK: gpu.module @all [#offload.cuda] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @all.vulkan [#offload.vulkan, #offload.vulkan<version = "1.5">] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @all.host [#offload.host] {
// CHECK: gpu.module @portable [#offload.host] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @portable.vulkan [#offload.vulkan] {
// CHECK-NOT: .host.host
module @split attributes {gpu.container_module} {
  gpu.module @both <#offload.loader<load = lazy>> [#offload.cuda<chip = "sm_90">, #offload.host, #offload.cuda<chip = "sm_80">] {
    gpu.func @k(%buffer: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @cpu [#offload.host] {
  }
  gpu.module @gpu [#offload.cuda, #nvvm.target] {
  }
  gpu.module @none {
  }
  gpu.module @two [#offload.host<triple = "aarch64-unknown-linux-gnu">, #nvvm.target<chip = "sm_90">, #offload.host<triple = "x86_64-unknown-linux-gnu">] {
  }
  gpu.module @all [#offload.vulkan, #offload.host, #offload.cuda, #offload.vulkan<version = "1.5">] {
  }
  gpu.module @portable [#offload.vulkan, #offload.host] {
  }
}

// -----

// Pairs recorded before are kept beside the new ones.
// CHECK-LABEL: module @recorded attributes {gpu.container_module, offload.lowering_copies = {first.host = "first", second.host = "second"}}
// CHECK: gpu.module @second [#offload.cuda]
// CHECK: gpu.module @second.host [#offload.host]
module @recorded attributes {gpu.container_module, offload.lowering_copies = {first.host = "first"}} {
  gpu.module @first [#offload.cuda] {
  }
  gpu.module @first.host [#offload.host] {
  }
  gpu.module @second [#offload.cuda, #offload.host] {
  }
}

// -----

// Only the gpu.modules directly in the module the pass runs on.
// CHECK-LABEL: module @outer attributes {gpu.container_module} {
// CHECK: gpu.module @inner [#offload.cuda, #offload.host]
// CHECK-NOT: @inner.host
module @outer attributes {gpu.container_module} {
  module @nested attributes {gpu.container_module} {
    gpu.module @inner [#offload.cuda, #offload.host] {
    }
  }
}

// -----

module @taken attributes {gpu.container_module} {
  // expected-error @below {{offload-split-by-lowering makes @both.host for the host copy of gpu.module @both, and that name is taken}}
  gpu.module @both [#offload.cuda, #offload.host] {
  }
  func.func @both.host() {
    return
  }
}
