// The pipelines run on the builtin.module that holds the host and GPU code,
// and need the target models however they were loaded.

// Anchored elsewhere: one diagnostic and exit code 1, not a fatal error.
// RUN: %expect_exit 1 offload-opt %s --pass-pipeline='builtin.module(func.func(offload-lower-to-cuda))' 2>&1 | FileCheck %s --check-prefix=FUNC
// FUNC: error: offload-lower-to-cuda runs on builtin.module, not on 'func.func': write builtin.module(offload-lower-to-cuda)
// FUNC-NOT: LLVM ERROR
// RUN: %expect_exit 1 offload-opt %s --pass-pipeline='any(offload-lower-to-host)' 2>&1 | FileCheck %s --check-prefix=ANY
// ANY: error: offload-lower-to-host runs on builtin.module, not on 'any'

// A nested module is not lowered, and the translation would drop it.
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-host 2>&1 | FileCheck %s --check-prefix=NESTED
// NESTED: error: nested builtin.module @inner is not lowered by the pipeline, and the translation to LLVM IR would drop it
// NESTED-NOT: error:
// Anchored at it, the pipeline lowers it.
// RUN: offload-opt %s --pass-pipeline='builtin.module(builtin.module(offload-lower-to-host))' | FileCheck %s --check-prefix=INNER
// INNER: module @inner
// INNER-DAG: gpu.binary @main_kernel <#offload.loader> [#gpu.object<#offload.host
// INNER-DAG: gpu.launch_func @main_kernel::@main_kernel

module {
  module @inner {
    func.func @main(%buffer: memref<4xf32>) {
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %one = arith.constant 1.0 : f32
      gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
                 threads(%tx, %ty, %tz) in (%a = %c4, %b = %c1, %c = %c1) {
        memref.store %one, %buffer[%tx] : memref<4xf32>
        gpu.terminator
      }
      return
    }
  }
}
