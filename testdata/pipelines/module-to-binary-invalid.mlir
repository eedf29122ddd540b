// offload-module-to-binary reports every module that cannot be compiled, each
// once, in the order of the input, and exits 1; an LLVM backend that cannot
// compile a module is one of them, not an abort.

// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-module-to-binary='format=isa' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not='LLVM ERROR'
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-module-to-binary='format=isa' --mlir-disable-threading 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not='LLVM ERROR'

// CHECK: error: cannot compile gpu.module @prefetch for sm_90: the NVPTX backend failed: Cannot select: intrinsic %llvm.nvvm.prefetch.tensormap (PTX ISA 7.8, the oldest for sm_90, was the target; `features = "+ptxNN"` picks a newer one)
// CHECK: error: cannot compile gpu.module @badname for sm_90: the NVPTX backend failed: Symbol name with unsupported characters{{$}}
// CHECK: error: gpu.module @unlowered is not lowered for the host: run offload-lower-gpu-to-host on it first
// CHECK: error: gpu.module @untargeted has no target attribute to compile it for

// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=cubin' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FORMAT
// FORMAT: error: unknown format 'cubin': one of offloading (llvm), assembly (isa), binary (bin), fatbinary (fatbin)

module attributes {gpu.container_module} {
  gpu.module @prefetch [#offload.cuda<chip = "sm_90">, #offload.cuda<chip = "sm_90a">] {
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
  // A callee's name that PTX cannot spell: nothing to do with its version.
  gpu.module @badname [#offload.cuda<chip = "sm_90">] {
    llvm.func @"ext\00ern"()
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.call @"ext\00ern"() : () -> ()
      llvm.return
    }
  }
  gpu.module @unlowered [#offload.host] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @untargeted {
  }
}
