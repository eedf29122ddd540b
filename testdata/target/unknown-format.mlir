// A format name that upstream's gpu-module-to-binary does not know: it says
// "Invalid format specified." and goes on with no format at all, which our
// targets refuse (once llvm_unreachable for #offload.host, and exit code 0
// for #offload.cuda). Bitcode is `llvm` (or `offloading`), not `offload`.
//
// RUN: %expect_exit 1 offload-opt %s --split-input-file --gpu-module-to-binary='format=offload toolkit=%cuda_toolkit' 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='Stack dump'
// CHECK: error: Invalid format specified.
// CHECK: error: cannot compile gpu.module @cuda for sm_90: no object format to compile to: the formats are offloading (llvm), assembly (isa), binary (bin) and fatbinary (fatbin)
// CHECK: error: Invalid format specified.
// CHECK: error: cannot compile gpu.module @host for the host ({{.*}}): no object format to compile to
//
// Ours names the formats it takes.
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-module-to-binary='format=offload toolkit=%cuda_toolkit' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OURS --implicit-check-not='Stack dump'
// OURS: error: unknown format 'offload': one of offloading (llvm), assembly (isa), binary (bin), fatbinary (fatbin)
//
// RUN: offload-opt %s --split-input-file --gpu-module-to-binary='format=llvm toolkit=%cuda_toolkit' | FileCheck %s --check-prefix=BITCODE
// BITCODE: gpu.binary @cuda {{.*}}offload = "BC\C0\DE
// BITCODE: gpu.binary @host {{.*}}offload = "BC\C0\DE

module attributes {gpu.container_module} {
  gpu.module @cuda [#offload.cuda<chip = "sm_90">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @host [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64">] {
    llvm.func @k() {
      llvm.return
    }
  }
}
