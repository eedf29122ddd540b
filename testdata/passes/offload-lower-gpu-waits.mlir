// offload-lower-gpu-waits: every token is a stream. A gpu.wait with
// dependencies, in host code, becomes mgpu calls: a synchronous one
// synchronizes each stream it names and destroys it where no later wait
// needs it; gpu.wait async [...] makes a new stream that waits for an event
// recorded on each. pipelines/wait-join.mlir and pipelines/wait-streams.mlir
// cover joins, forks and branches in depth; this file the rest. The one
// error: a runtime entry point that the pass calls is a symbol of another
// type, at the gpu.wait that needs it.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-lower-gpu-waits | FileCheck %s

// A token carried by a loop is a block argument that no operation defines:
// it is the stream that the loop's operations run on all the same.
// CHECK-LABEL: func.func @loop(
// CHECK: %[[FIRST:.*]] = gpu.wait async
// CHECK: %[[DONE:.*]] = scf.for {{.*}} iter_args(%[[T:.*]] = %[[FIRST]]) -> (!gpu.async.token)
// CHECK-NEXT: %[[NEXT:.*]] = gpu.memset async [%[[T]]]
// CHECK-NEXT: scf.yield %[[NEXT]]
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[DONE]] : !gpu.async.token to !llvm.ptr
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[S]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: return
// Inside a gpu.module, nothing changes.
// CHECK: gpu.module @device
// CHECK-NEXT: func.func @wait(%[[DT:.*]]: !gpu.async.token)
// CHECK-NEXT: gpu.wait [%[[DT]]]
// CHECK-DAG: llvm.func @mgpuStreamSynchronize(!llvm.ptr)
// CHECK-DAG: llvm.func @mgpuStreamDestroy(!llvm.ptr)
module @loop attributes {gpu.container_module} {
  func.func @loop(%buf: memref<4xf32>, %v: f32, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = gpu.wait async
    %done = scf.for %i = %c0 to %n step %c1 iter_args(%t = %first) -> !gpu.async.token {
      %next = gpu.memset async [%t] %buf, %v : memref<4xf32>, f32
      scf.yield %next : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
  gpu.module @device {
    func.func @wait(%t: !gpu.async.token) {
      gpu.wait [%t]
      return
    }
  }
}

// -----

// The runtime's functions, declared already with their types, are the ones
// called; none is declared twice.
// CHECK-LABEL: module @declared
// CHECK: llvm.func @mgpuStreamCreate() -> !llvm.ptr
// CHECK: llvm.func @mgpuStreamSynchronize(!llvm.ptr)
// CHECK: func.func @join
// CHECK: %[[NEW:.*]] = llvm.call @mgpuStreamCreate() : () -> !llvm.ptr
// CHECK: llvm.call @mgpuEventRecord
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[NEW]],
// CHECK: %[[T:.*]] = builtin.unrealized_conversion_cast %[[NEW]] : !llvm.ptr to !gpu.async.token
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[T]] : !gpu.async.token to !llvm.ptr
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK-NOT: llvm.func @mgpuStreamCreate
// CHECK-NOT: llvm.func @mgpuStreamSynchronize
module @declared {
  llvm.func @mgpuStreamCreate() -> !llvm.ptr
  llvm.func @mgpuStreamSynchronize(!llvm.ptr)
  func.func @join(%a: !gpu.async.token, %b: !gpu.async.token) {
    %t = gpu.wait async [%a, %b]
    gpu.wait [%t]
    return
  }
}

// -----

module @taken_by_wait {
  func.func private @mgpuStreamSynchronize(i32)
  func.func @wait(%t: !gpu.async.token) {
    // expected-error @below {{the symbol @mgpuStreamSynchronize is taken: the mgpu runtime's entry point of that name has type '!llvm.func<void (ptr)>'}}
    gpu.wait [%t]
    return
  }
}

// -----

module @taken_by_join {
  llvm.mlir.global internal @mgpuEventRecord(0 : i32) : i32
  func.func @join(%a: !gpu.async.token) -> !gpu.async.token {
    // expected-error @below {{the symbol @mgpuEventRecord is taken: the mgpu runtime's entry point of that name has type '!llvm.func<void (ptr, ptr)>'}}
    %t = gpu.wait async [%a]
    return %t : !gpu.async.token
  }
}
