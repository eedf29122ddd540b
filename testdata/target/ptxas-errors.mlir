// ptxas rejecting the module: its own message, the module and the chip.
// RUN: %expect_exit 1 offload-opt %s --gpu-module-to-binary='format=bin toolkit=%cuda_toolkit' 2>&1 | FileCheck %s
// CHECK: error: cannot compile gpu.module @broken for sm_90: ptxas failed with exit code 255:
// CHECK-NEXT: ptxas {{.*}}.ptx, line {{[0-9]+}}; error   : Unknown modifier '.nonsense'
// CHECK-NOT: Stack dump

module attributes {gpu.container_module} {
  gpu.module @broken [#offload.cuda<chip = "sm_90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.inline_asm has_side_effects "mov.nonsense.b32 %r1, 1;", "" : () -> ()
      llvm.return
    }
  }
}
