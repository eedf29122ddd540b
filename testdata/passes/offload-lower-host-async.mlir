// offload-lower-host-async lowers the host code's async ops with upstream's
// passes where it has any, and leaves a module without them as it is.
// RUN: offload-opt %s -split-input-file --offload-lower-host-async | FileCheck %s

// The region becomes a coroutine that the runtime runs, and what the async
// lowering makes is in the LLVM dialect, as gpu-to-llvm left the rest.
// CHECK-LABEL: llvm.func @awaits
// CHECK-NOT: async.
// CHECK: llvm.call @mlirAsyncRuntimeAwaitToken
// CHECK: llvm.func @async_execute_fn
// CHECK: llvm.call @mlirAsyncRuntimeExecute
func.func @awaits(%out: memref<1xi32>) {
  %token = async.execute {
    %c0 = arith.constant 0 : index
    %v = arith.constant 7 : i32
    memref.store %v, %out[%c0] : memref<1xi32>
    async.yield
  }
  async.await %token : !async.token
  return
}

// -----

// No async op on the host (a kernel's name is no async op): nothing changes,
// and none of the runtime's functions is declared.
// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK-NOT: mlirAsyncRuntime
// CHECK: func.func @plain
// CHECK-NEXT: return
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @async() kernel {
      gpu.return
    }
  }
  func.func @plain() {
    return
  }
}
