// offload-module-to-binary: each gpu.module directly inside the op it runs
// on becomes a gpu.binary of one object per target, in the targets' order,
// with the module's offloading handler; any target attribute (#offload.cuda,
// #offload.host, upstream's #nvvm.target) in any format. A module that
// cannot be compiled is one error at it (or the target's own, at what is
// wrong), and the others are compiled all the same.
// pipelines/module-to-binary.mlir checks the order of the objects and the
// output without threads; pipelines/module-to-binary-invalid.mlir the errors
// one after the other, with and without threads.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-module-to-binary='format=isa' \
// RUN:   | FileCheck %s --check-prefix=ISA
// A host object is a shared object that ld.lld links; a CUDA one a cubin.
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading \
// RUN:   | FileCheck %s --check-prefix=BIN
// Anchored at a nested module, the pass compiles that module's gpu.modules
// only (and none of the modules with errors below).
// RUN: offload-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(builtin.module(offload-module-to-binary{format=isa}))' \
// RUN:   | FileCheck %s --check-prefix=NESTED
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-module-to-binary='format=cubin' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FORMAT
// FORMAT: offload-module-to-binary.mlir:[[# @LINE + 18]]:1: error: unknown format 'cubin': one of offloading (llvm), assembly (isa), binary (bin), fatbinary (fatbin)
// FORMAT-NOT: Stack dump

// ISA-LABEL: module @targets
// ISA-NOT: gpu.module
// ISA: gpu.binary @host <#offload.loader> [#gpu.object<#offload.host<triple = "x86_64-unknown-linux-gnu">, kernels = <[#gpu.kernel_metadata<"k", !llvm.func<void ()>>]>, assembly = "{{.*}}.globl{{.*}}k{{.*}}retq{{.*}}">]
// ISA: gpu.binary @nvvm [#gpu.object<#nvvm.target<chip = "sm_90">, properties = {{{.*}}}, assembly = "{{.*}}.target sm_90{{.*}}.entry k(){{.*}}">]
// ISA: gpu.binary @cuda [#gpu.object<#offload.cuda<chip = "sm_80">, kernels = <[#gpu.kernel_metadata<"k", !llvm.func<void ()>>]>, assembly = "{{.*}}.target sm_80{{.*}}">]
// ISA-NOT: gpu.module
// BIN-LABEL: module @targets
// BIN: gpu.binary @host <#offload.loader> [#gpu.object<#offload.host<triple = "x86_64-unknown-linux-gnu">, {{.*}}bin = "\7FELF
// BIN: gpu.binary @nvvm [#gpu.object<#nvvm.target<chip = "sm_90">, {{.*}}bin = "\7FELF
// BIN: gpu.binary @cuda [#gpu.object<#offload.cuda<chip = "sm_80">, {{.*}}bin = "\7FELF
// NESTED-LABEL: module @targets
// NESTED: gpu.module @host
// NESTED: gpu.module @nvvm
// NESTED: gpu.module @cuda
// NESTED-NOT: gpu.binary
module @targets attributes {gpu.container_module} {
  gpu.module @host <#offload.loader> [#offload.host<triple = "x86_64-unknown-linux-gnu">] {
    llvm.func @k() attributes {gpu.kernel} {
      llvm.return
    }
  }
  gpu.module @nvvm [#nvvm.target<chip = "sm_90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @cuda [#offload.cuda<chip = "sm_80">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// NESTED-LABEL: module @outer
// NESTED: module @inner
// NESTED: gpu.binary @compiled [#gpu.object<#offload.cuda<chip = "sm_90">
// NESTED: gpu.module @not_compiled [#offload.cuda<chip = "sm_90">]
// NESTED-NOT: gpu.binary
// ISA-LABEL: module @outer
// ISA: module @inner
// ISA: gpu.module @compiled [#offload.cuda<chip = "sm_90">]
// ISA: gpu.binary @not_compiled [#gpu.object<#offload.cuda<chip = "sm_90">
module @outer attributes {gpu.container_module} {
  module @inner attributes {gpu.container_module} {
    gpu.module @compiled [#offload.cuda<chip = "sm_90">] {
      llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
        llvm.return
      }
    }
  }
  gpu.module @not_compiled [#offload.cuda<chip = "sm_90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

// Nothing to compile a module for: an error at it, before anything compiles.
module @untargeted attributes {gpu.container_module} {
  // expected-error @below {{gpu.module @none has no target attribute to compile it for}}
  gpu.module @none {
  }
  gpu.module @fine [#offload.cuda<chip = "sm_90">] {
  }
}

// -----

// A target that fails is one error, its own, at its module or at what is
// wrong in it; the other modules and targets are compiled all the same.
module @failures attributes {gpu.container_module} {
  // sm_90 at its oldest PTX ISA (7.8) cannot select the intrinsic; PTX 8.0
  // can.
  // expected-error @below {{cannot compile gpu.module @prefetch for sm_90: the NVPTX backend failed: Cannot select: intrinsic %llvm.nvvm.prefetch.tensormap (PTX ISA 7.8, the oldest for sm_90, was the target; `features = "+ptxNN"` picks a newer one)}}
  gpu.module @prefetch [#offload.cuda<chip = "sm_90", features = "+ptx80">, #offload.cuda<chip = "sm_90">] {
    llvm.func @k(%descriptor: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      nvvm.prefetch tensormap, %descriptor : !llvm.ptr
      llvm.return
    }
  }
  gpu.module @fine [#offload.cuda<chip = "sm_90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @unlowered [#offload.host] {
    // expected-error @below {{gpu.module @unlowered is not lowered for the host: run offload-lower-gpu-to-host on it first}}
    gpu.func @k() kernel {
      gpu.return
    }
  }
}
