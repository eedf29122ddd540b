// offload-lower-gpu-waits tracks streams, not tokens: tokens forked from one
// token share its stream, which is synchronized where waited for and
// destroyed once, after the last wait on it.

// RUN: offload-opt %s --offload-lower-gpu-waits | FileCheck %s

// Two operations forked from one token, joined by one wait: one stream.
// CHECK-LABEL: func.func @fork_join(
// CHECK-SAME: %[[T0:[^:]*]]: !gpu.async.token
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast %[[T0]] : !gpu.async.token to !llvm.ptr
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK-NEXT: return
func.func @fork_join(%t0: !gpu.async.token, %buf: memref<4xf32>, %v: f32) {
  %t1 = gpu.memset async [%t0] %buf, %v : memref<4xf32>, f32
  %t2 = gpu.memset async [%t0] %buf, %v : memref<4xf32>, f32
  gpu.wait [%t1, %t2]
  return
}

// A diamond: forked, extended on each side, joined.
// CHECK-LABEL: func.func @diamond(
// CHECK-SAME: %[[T0:[^:]*]]: !gpu.async.token
// CHECK-COUNT-1: llvm.call @mgpuStreamSynchronize
// CHECK-NOT: llvm.call @mgpuStreamSynchronize
// CHECK: llvm.call @mgpuStreamDestroy
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
func.func @diamond(%t0: !gpu.async.token, %buf: memref<4xf32>, %v: f32) {
  %t1 = gpu.memset async [%t0] %buf, %v : memref<4xf32>, f32
  %t2 = gpu.memset async [%t0] %buf, %v : memref<4xf32>, f32
  %t3 = gpu.memset async [%t1] %buf, %v : memref<4xf32>, f32
  %t4 = gpu.memset async [%t2] %buf, %v : memref<4xf32>, f32
  gpu.wait [%t3, %t4]
  return
}

// Tokens of one stream waited for one after the other: each wait
// synchronizes, the last destroys.
// CHECK-LABEL: func.func @waited_twice(
// CHECK-SAME: %[[T0:[^:]*]]: !gpu.async.token
// CHECK: %[[S1:.*]] = builtin.unrealized_conversion_cast %[[T0]]
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S1]])
// CHECK-NEXT: %[[S2:.*]] = builtin.unrealized_conversion_cast %[[T0]]
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S2]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[S2]])
// CHECK-NEXT: return
func.func @waited_twice(%t0: !gpu.async.token, %buf: memref<4xf32>, %v: f32) {
  %t1 = gpu.memset async [%t0] %buf, %v : memref<4xf32>, f32
  %t2 = gpu.memset async [%t0] %buf, %v : memref<4xf32>, f32
  gpu.wait [%t1]
  gpu.wait [%t2]
  return
}

// Waits on both arms of a branch: neither comes after the other, so the
// stream is synchronized on each arm and destroyed on none.
// CHECK-LABEL: func.func @branches(
// CHECK: scf.if
// CHECK: llvm.call @mgpuStreamSynchronize
// CHECK: else
// CHECK: llvm.call @mgpuStreamSynchronize
// CHECK-NOT: llvm.call @mgpuStreamDestroy
// CHECK: return
func.func @branches(%t0: !gpu.async.token, %c: i1, %buf: memref<4xf32>, %v: f32) {
  %t1 = gpu.memset async [%t0] %buf, %v : memref<4xf32>, f32
  scf.if %c {
    gpu.wait [%t1]
  } else {
    gpu.wait [%t0]
  }
  return
}

// Separate streams are each destroyed; a stream joined into another by
// gpu.wait async stays its own.
// CHECK-LABEL: func.func @separate(
// CHECK-SAME: %[[A:[^:]*]]: !gpu.async.token, %[[B:[^:]*]]: !gpu.async.token
// CHECK: %[[J:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: %[[SJ:.*]] = builtin.unrealized_conversion_cast %[[J]] : !llvm.ptr to !gpu.async.token
// CHECK: %[[SA:.*]] = builtin.unrealized_conversion_cast %[[A]]
// CHECK-NEXT: %[[SB:.*]] = builtin.unrealized_conversion_cast %[[SJ]]
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[SA]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[SA]])
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[SB]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[SB]])
func.func @separate(%a: !gpu.async.token, %b: !gpu.async.token, %buf: memref<4xf32>, %v: f32) {
  %j = gpu.wait async [%b]
  %t = gpu.memset async [%j] %buf, %v : memref<4xf32>, f32
  gpu.wait [%a, %t]
  return
}
