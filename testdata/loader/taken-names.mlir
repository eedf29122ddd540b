// A name that #offload.loader needs and the module already uses is one error
// at the binary or the launch, never a silent rename.
// RUN: offload-translate --mlir-to-llvmir %s -split-input-file -verify-diagnostics
// RUN: %expect_exit 1 offload-translate --mlir-to-llvmir %s -split-input-file 2>&1 | FileCheck %s
// CHECK: error: cannot translate gpu.binary @kernels: the symbol @__offload.7kernels.module that #offload.loader makes for it is already defined
// CHECK-NOT: Stack dump

module attributes {gpu.container_module} {
  llvm.mlir.global internal @__offload.7kernels.module() : i32
  // expected-error @below {{cannot translate gpu.binary @kernels: the symbol @__offload.7kernels.module that #offload.loader makes for it is already defined}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @kernels <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, bin = "K">]
}

// -----

// A function of the runtime's name with another type.
module attributes {gpu.container_module} {
  llvm.func @mgpuLaunchKernelAndSynchronize(i32)
  gpu.binary @kernels <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, bin = "K">]
  llvm.func @launch() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    // expected-error @below {{the symbol @mgpuLaunchKernelAndSynchronize is taken: the mgpu runtime's entry point of that name has type '!llvm.func<void (ptr, i64, i64, i64, i64, i64, i64, i32, ptr, ptr, ptr, i64)>'}}
    // expected-error @below {{LLVM Translation failed for operation: gpu.launch_func}}
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
}
