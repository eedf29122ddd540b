// Toolkit problems are one diagnostic at the gpu.module and exit code 1.

// A toolkit option that names no toolkit: say where we looked.
// RUN: %expect_exit 1 offload-opt %s --gpu-module-to-binary='format=bin toolkit=%t/no-such-dir' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTOOLKIT
// NOTOOLKIT: error: cannot compile gpu.module @kernels for sm_90: cannot find a CUDA toolkit with what this compile needs; looked in:
// NOTOOLKIT-NEXT: no-such-dir (the toolkit option): no lib64/libnvJitLink.so or bin/ptxas (to assemble the PTX)
// NOTOOLKIT: Install the CUDA toolkit, or name it with the toolkit option of gpu-module-to-binary or $CUDA_ROOT, $CUDA_HOME, $CUDA_PATH.

// Without the option, the variables are searched, $CUDA_ROOT first: an empty
// $CUDA_HOME does not hide $CUDA_PATH.
// RUN: env CUDA_ROOT=%cuda_toolkit CUDA_PATH=%t/no-such-dir offload-opt %s --gpu-module-to-binary='format=bin' | FileCheck %s --check-prefix=ENV
// RUN: env CUDA_HOME= CUDA_PATH=%cuda_toolkit offload-opt %s --gpu-module-to-binary='format=bin' | FileCheck %s --check-prefix=ENV
// ENV: bin = "\7FELF

// A toolkit too old for the PTX ISA version: ptxas's own message, and the module.
// RUN: %expect_exit 1 offload-opt %s --gpu-module-to-binary='format=bin toolkit=%S/Inputs/old-toolkit' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OLD
// OLD: error: cannot compile gpu.module @kernels for sm_90: ptxas failed with exit code 255:
// OLD-NEXT: ptxas fatal   : Unsupported .version 9.0; current version is '8.4'

// NOTOOLKIT-NOT: LLVM ERROR
// OLD-NOT: Stack dump

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90", features = "+ptx90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
