// offload-assign-streams leaves gpu.modules alone ("outside gpu.modules",
// its description says): the null stream and mgpuStreamSynchronize are host
// code's, and the function it would call is not even visible inside a
// gpu.module, which is a symbol table of its own.
//
// The pass walks the module in pre-order, so that skipping a gpu.module
// skips its operations: in post-order the skip came after they were visited,
// and a synchronous gpu.memcpy here became a call to @mgpuStreamSynchronize
// that does not verify, an asynchronous gpu.memset without dependencies got
// a gpu.wait async.
//
// RUN: offload-opt %s -verify-diagnostics --offload-assign-streams | FileCheck %s

// CHECK-LABEL: gpu.module @device
// CHECK-NEXT: func.func @copy(%[[D:[^:]*]]: memref<4xf32>, %[[S:[^:]*]]: memref<4xf32>, %[[V:[^:]*]]: f32) -> !gpu.async.token
// CHECK-NEXT: gpu.memcpy %[[D]], %[[S]] : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: %[[T:.*]] = gpu.memset async %[[D]], %[[V]] : memref<4xf32>, f32
// CHECK-NEXT: return %[[T]]
// CHECK-NOT: mgpuStreamSynchronize
// CHECK-NOT: gpu.wait
module attributes {gpu.container_module} {
  gpu.module @device {
    func.func @copy(%dst: memref<4xf32>, %src: memref<4xf32>, %v: f32) -> !gpu.async.token {
      gpu.memcpy %dst, %src : memref<4xf32>, memref<4xf32>
      %t = gpu.memset async %dst, %v : memref<4xf32>, f32
      return %t : !gpu.async.token
    }
  }
}
