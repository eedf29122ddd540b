// A compile takes every file from one toolkit: the first in the search
// order that has all it needs, as the build's repository rule chooses. Here
// $CUDA_ROOT names a folder with a ptxas alone (an old one), and $CUDA_PATH a
// whole toolkit. (Once a cubin came from $CUDA_ROOT's ptxas while nvJitLink
// and fatbinary came from another toolkit: two versions in one object.)
//
// A fatbin needs fatbinary, which $CUDA_ROOT lacks: all comes from
// $CUDA_PATH, and -debug-only says so.
// RUN: env CUDA_ROOT=%S/Inputs/old-toolkit CUDA_PATH=%cuda_toolkit offload-opt %s \
// RUN:   --gpu-module-to-binary='format=fatbin' -debug-only=serialize-to-binary -o %t.fatbin.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FATBIN
// FATBIN: CUDA toolkit for gpu.module @kernels: {{.*}} ($CUDA_PATH)
// FATBIN-NOT: old-toolkit
// RUN: FileCheck %s --check-prefix=OBJECT < %t.fatbin.mlir
// OBJECT: gpu.binary @kernels
//
// A cubin needs an assembler, which $CUDA_ROOT has: its ptxas runs (and
// fails, being too old), and no nvJitLink comes from $CUDA_PATH.
// RUN: %expect_exit 1 env CUDA_ROOT=%S/Inputs/old-toolkit CUDA_PATH=%cuda_toolkit offload-opt %s \
// RUN:   --gpu-module-to-binary='format=bin' -debug-only=serialize-to-binary 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CUBIN
// CUBIN: CUDA toolkit for gpu.module @kernels: {{.*}}old-toolkit ($CUDA_ROOT)
// CUBIN-NOT: loading {{.*}}libnvJitLink
// CUBIN: nvJitLink not used: the CUDA toolkit at {{.*}}old-toolkit ($CUDA_ROOT) has no lib64/libnvJitLink.so
// CUBIN: {{.*}}old-toolkit/bin/ptxas -arch sm_90
// CUBIN: error: cannot compile gpu.module @kernels for sm_90: ptxas failed with exit code 255:
// CUBIN-NEXT: ptxas fatal   : Unsupported .version

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90", features = "+ptx90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
