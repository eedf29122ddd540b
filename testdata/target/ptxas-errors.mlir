// The assembler rejecting the module: its own message, the module and the
// chip, whichever assembler it is: nvJitLink from the toolkit by default,
// or ptxas.

// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error: --implicit-check-not='Stack dump'
// CHECK: error: cannot compile gpu.module @broken for sm_90: nvJitLink failed (error {{[0-9]+}}):
// CHECK-NEXT: ptxas {{.*}}line {{[0-9]+}}; error   : Unknown modifier '.nonsense'
// CHECK: error: cannot compile gpu.module @broken for sm_90: ptxas failed with exit code 255:
// CHECK-NEXT: ptxas {{.*}}.ptx, line {{[0-9]+}}; error   : Unknown modifier '.nonsense'

module attributes {gpu.container_module} {
  gpu.module @broken [#offload.cuda<chip = "sm_90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.inline_asm has_side_effects "mov.nonsense.b32 %r1, 1;", "" : () -> ()
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @broken [#offload.cuda<chip = "sm_90", assembler = "ptxas">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.inline_asm has_side_effects "mov.nonsense.b32 %r1, 1;", "" : () -> ()
      llvm.return
    }
  }
}
