// offload-split-by-lowering: a gpu.module whose targets need different
// lowerings is copied, right after it, once per lowering other than its first
// target's, in the order of their first targets, as @<name>.<lowering>
// (@<name>.host, @<name>.gpu, @<name>.vulkan, @<name>.rocm) with that
// lowering's targets alone (and the same body and handler); the original
// keeps its first target's lowering's targets, in their order. The pairs are
// recorded on the module the pass
// runs on (offload.lowering_copies, copy to original) for
// offload-merge-lowered-binaries. A copy's name that is taken is an error at
// the original. Upstream's #nvvm.target and #rocdl.target become the
// #offload.cuda and #offload.rocm they map to, which take their vendor's
// lowering and serializer; one that maps to none is an error at the module.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-split-by-lowering | FileCheck %s
// Run again, it finds nothing more to split, and keeps the record.
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-split-by-lowering --offload-split-by-lowering \
// RUN:   | FileCheck %s

// CHECK-LABEL: module @split attributes {gpu.container_module, offload.lowering_copies = {all.gpu = "all", all.host = "all", amd.gpu = "amd", amd.rocm = "amd", both.host = "both", portable.host = "portable", two.gpu = "two"}}
// CHECK-NEXT: gpu.module @both<#offload.loader<load = lazy>> [#offload.cuda<chip = "sm_90">, #offload.cuda<chip = "sm_80">] {
// CHECK-NEXT: gpu.func @k(%{{.*}}: memref<4xf32>) kernel {
// CHECK: gpu.module @both.host<#offload.loader<load = lazy>> [#offload.host] {
// CHECK-NEXT: gpu.func @k(%{{.*}}: memref<4xf32>) kernel {
// The first target's lowering stays with the original.
// CHECK: gpu.module @cpu [#offload.host] {
// CHECK: gpu.module @gpu [#offload.cuda, #offload.cuda<O = 3, chip = "sm_90", features = "+ptx86", flags = {fast, ftz}, link = ["lib.bc"], ptxasOptions = ["-v"]>] {
// CHECK: gpu.module @none {
// CHECK: gpu.module @two [#offload.host<triple = "aarch64-unknown-linux-gnu">, #offload.host<triple = "x86_64-unknown-linux-gnu">] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @two.gpu [#offload.cuda<chip = "sm_90">] {
// CHECK: gpu.module @all [#offload.vulkan, #offload.vulkan<version = "1.5">] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @all.gpu [#offload.cuda] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @all.host [#offload.host] {
// CHECK: gpu.module @portable [#offload.vulkan] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @portable.host [#offload.host] {
// Upstream's targets become ours; each wave size of #offload.rocm is one
// lowering (both of these run waves of 64 lanes).
// CHECK: gpu.module @amd [#offload.host] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @amd.gpu [#offload.cuda<chip = "sm_80">] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @amd.rocm [#offload.rocm<O = 1, chip = "gfx942:sramecc+:xnack-", abi = "600", flags = {daz}, link = ["ocml.bc"]>, #offload.rocm<chip = "gfx1100", features = "+cumode", abi = "600", wave64 = true>] {
// CHECK-NOT: .host.host
module @split attributes {gpu.container_module} {
  gpu.module @both <#offload.loader<load = lazy>> [#offload.cuda<chip = "sm_90">, #offload.host, #offload.cuda<chip = "sm_80">] {
    gpu.func @k(%buffer: memref<4xf32>) kernel {
      gpu.return
    }
  }
  gpu.module @cpu [#offload.host] {
  }
  gpu.module @gpu [#offload.cuda, #nvvm.target<O = 3, chip = "sm_90", features = "+ptx86", flags = {fast, ftz = false, "ptxas-cmd-options" = ["-v"]}, link = ["lib.bc"]>] {
  }
  gpu.module @none {
  }
  gpu.module @two [#offload.host<triple = "aarch64-unknown-linux-gnu">, #nvvm.target<chip = "sm_90">, #offload.host<triple = "x86_64-unknown-linux-gnu">] {
  }
  gpu.module @all [#offload.vulkan, #offload.host, #offload.cuda, #offload.vulkan<version = "1.5">] {
  }
  gpu.module @portable [#offload.vulkan, #offload.host] {
  }
  gpu.module @amd [#offload.host, #rocdl.target<O = 1, chip = "gfx942", features = "-xnack,+sramecc", flags = {daz, no_wave64}, link = ["ocml.bc"]>, #nvvm.target<chip = "sm_80">, #rocdl.target<chip = "gfx1100", features = "+cumode,+wavefrontsize64">] {
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

// -----

// What does not map is one error at the module, which stays as it is.
// expected-error @below {{gpu.module @old: upstream's #rocdl.target<chip = "gfx700"> maps to no #offload.rocm: chip 'gfx700' is not a target ID of an AMD GPU: unknown AMD GPU 'gfx700'; supported chips: gfx801}}
gpu.module @old [#offload.host, #rocdl.target<chip = "gfx700">] {
}

// -----

// expected-error @below {{gpu.module @sqrt: upstream's #rocdl.target<chip = "gfx90a", flags = {unsafe_sqrt}> maps to no #offload.rocm: its flag 'unsafe_sqrt' has no counterpart (the flags that map are fast, daz, finite_only, unsafe_math)}}
gpu.module @sqrt [#rocdl.target<chip = "gfx90a", flags = {unsafe_sqrt}>] {
}

// -----

// Upstream's default chip, sm_50, is older than what CUDA 13 compiles for.
// expected-error @below {{gpu.module @sm50: upstream's #nvvm.target maps to no #offload.cuda: unknown chip 'sm_50'}}
gpu.module @sm50 [#nvvm.target] {
}

// -----

// Two AMD targets whose objects the runtime cannot tell apart, once mapped.
// expected-error @below {{gpu.module lists #offload.rocm<chip = "gfx1100"> and #offload.rocm<chip = "gfx1100", abi = "600", wave64 = true>, whose code objects the runtime cannot tell apart (both for gfx1100) but whose waves differ (32 and 64 lanes): keep one of them}}
gpu.module @waves [#offload.rocm<chip = "gfx1100">, #rocdl.target<chip = "gfx1100", features = "+wavefrontsize64">] {
}

// -----

// Another dialect's target has no lowering here.
// expected-error @below {{gpu.module @other: #xevm.target is not a target that offload compiles: those are the offload dialect's targets, and upstream's that map to one}}
gpu.module @other [#xevm.target] {
}

// -----

// Upstream's targets alone: the offload targets they map to are made in a
// module that holds none of ours.
// CHECK-LABEL: module @upstream_only attributes {gpu.container_module, offload.lowering_copies = {up.rocm = "up"}}
// CHECK: gpu.module @up [#offload.cuda<chip = "sm_90">] {
// CHECK: gpu.module @up.rocm [#offload.rocm<chip = "gfx90a", abi = "600">] {
module @upstream_only attributes {gpu.container_module} {
  gpu.module @up [#nvvm.target<chip = "sm_90">, #rocdl.target<chip = "gfx90a">] {
  }
}
