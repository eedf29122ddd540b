// ptxas options from the attribute and from gpu-module-to-binary's `opts`
// reach ptxas; what it prints on success is a remark, not an error.
// RUN: offload-opt %s --gpu-module-to-binary='format=bin toolkit=%cuda_toolkit' 2>&1 >/dev/null | FileCheck %s
// CHECK: remark: nvJitLink for sm_90:
// CHECK: Compiling entry function 'fine' for 'sm_90'
// RUN: offload-opt %s --gpu-module-to-binary='format=bin toolkit=%cuda_toolkit opts=--warn-on-spills' 2>&1 >/dev/null | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @fine [#offload.cuda<chip = "sm_90", ptxasOptions = ["-v"]>] {
    llvm.func @fine() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
