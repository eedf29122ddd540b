// A compile error ends offload-opt early, while nvJitLink may still be
// loading on a thread of its own (it begins as soon as a module is known to
// be compiled): a process that exits while nvJitLink's constructors run
// dies in them (once SIGABRT or SIGSEGV in about one run in twenty), so the
// compile that began the load waits for it before it returns. Forty runs,
// each exit code 1.
//
// RUN: %expect_exit --times 40 1 offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not='Stack dump'
// CHECK: error: cannot compile gpu.module @prefetch for sm_90: the NVPTX backend failed: Cannot select

module attributes {gpu.container_module} {
  gpu.module @prefetch [#offload.cuda<chip = "sm_90">] {
    llvm.func @k(%descriptor: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      nvvm.prefetch tensormap, %descriptor : !llvm.ptr
      llvm.return
    }
  }
}
