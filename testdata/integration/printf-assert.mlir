// Any number of gpu.printf and cf.assert in a kernel, and kernels in a
// gpu.module, in the manner of MLIR's CUDA assert.mlir: two kernels of one
// gpu.module, each with two printfs and two asserts. The first passes both
// asserts; in the second the second assert fails, in every thread, which
// ends the launch: each thread prints CUDA's line for it, the first
// thread's message is the one the launch fails with, and no thread prints
// after it. The program's output up to there comes out, and
// it exits 1.
//
// RUN: offload-opt %s --offload-lower-to-host > %t.mlir
// RUN: %expect_exit 1 %offload_runner %t.mlir > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// UNSUPPORTED-TARGET: host: it ends in a failed assert, whose output and exit its RUN lines check
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no cf.assert; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'cf.assert' has no meaning for #offload.vulkan

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @passing(%yes: i1) kernel {
      %t = gpu.thread_id x
      cf.assert %yes, "first assertion"
      gpu.printf "passing %lld: after the first assertion\n", %t : index
      cf.assert %yes, "second assertion"
      gpu.printf "passing %lld: after the second assertion\n", %t : index
      gpu.return
    }
    gpu.func @failing(%yes: i1, %no: i1) kernel {
      %t = gpu.thread_id x
      cf.assert %yes, "passing assertion"
      gpu.printf "failing %lld: after the passing assertion\n", %t : index
      // OUT-DAG: printf-assert.mlir:[[# @LINE + 1]]: (unknown): block: [0,0,0], thread: [0,0,0] Assertion `failing assertion` failed.
      cf.assert %no, "failing assertion"
      // OUT-DAG: printf-assert.mlir:[[# @LINE - 1]]: (unknown): block: [0,0,0], thread: [1,0,0] Assertion `failing assertion` failed.
      gpu.printf "failing %lld: after the failing assertion\n", %t : index
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %true = arith.constant 1 : i1
    %false = arith.constant 0 : i1
    gpu.launch_func @kernels::@passing blocks in (%c1, %c1, %c1)
        threads in (%c2, %c1, %c1) args(%true : i1)
    gpu.launch_func @kernels::@failing blocks in (%c1, %c1, %c1)
        threads in (%c2, %c1, %c1) args(%true : i1, %false : i1)
    return
  }
}
// OUT-DAG: passing 0: after the first assertion
// OUT-DAG: passing 0: after the second assertion
// OUT-DAG: passing 1: after the first assertion
// OUT-DAG: passing 1: after the second assertion
// OUT-DAG: failing 0: after the passing assertion
// OUT-DAG: failing 1: after the passing assertion
// OUT-NOT: after the failing assertion
// ERR: mgpu: {{.*}}: a kernel failed: kernel @failing: failing assertion (block (0, 0, 0), thread (0, 0, 0))
// ERR-NOT: mgpu
