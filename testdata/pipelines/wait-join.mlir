// offload-lower-gpu-waits: every token is a stream, wherever it comes from.

// RUN: offload-opt %s --offload-lower-gpu-waits | FileCheck %s

// CHECK-LABEL: func.func @join(
// CHECK-SAME: %[[A:.*]]: !gpu.async.token, %[[B:.*]]: !gpu.async.token)
// CHECK: %[[SA:.*]] = builtin.unrealized_conversion_cast %[[A]] : !gpu.async.token to !llvm.ptr
// CHECK: %[[SB:.*]] = builtin.unrealized_conversion_cast %[[B]] : !gpu.async.token to !llvm.ptr
// CHECK: %[[NEW:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: %[[E1:.*]] = llvm.call @mgpuEventCreate()
// CHECK: llvm.call @mgpuEventRecord(%[[E1]], %[[SA]])
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[NEW]], %[[E1]])
// CHECK: llvm.call @mgpuEventDestroy(%[[E1]])
// CHECK: %[[E2:.*]] = llvm.call @mgpuEventCreate()
// CHECK: llvm.call @mgpuEventRecord(%[[E2]], %[[SB]])
// CHECK: llvm.call @mgpuStreamWaitEvent(%[[NEW]], %[[E2]])
// CHECK: %[[T:.*]] = builtin.unrealized_conversion_cast %[[NEW]] : !llvm.ptr to !gpu.async.token
// CHECK: return %[[T]]
func.func @join(%a: !gpu.async.token, %b: !gpu.async.token) -> !gpu.async.token {
  %t = gpu.wait async [%a, %b]
  return %t : !gpu.async.token
}

// A token listed twice is one stream: synchronized and destroyed once.
// CHECK-LABEL: func.func @sync(
// CHECK: %[[S:.*]] = builtin.unrealized_conversion_cast
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[S]])
// CHECK-NEXT: return
func.func @sync(%a: !gpu.async.token) {
  gpu.wait [%a, %a]
  return
}

// Without dependencies, gpu.wait is left to gpu-to-llvm.
// CHECK-LABEL: func.func @fresh(
// CHECK-NEXT: gpu.wait async
// CHECK-NEXT: gpu.wait
// CHECK-NEXT: return
func.func @fresh() -> !gpu.async.token {
  %t = gpu.wait async
  gpu.wait
  return %t : !gpu.async.token
}
