// offload-lower-nvgpu: upstream's convert-nvgpu-to-nvvm patterns and type
// conversions, before outlining, keeping !gpu.async.token as it is. A TMA
// descriptor made on the host becomes the runtime's call and a pointer,
// which the launch then uses as one; an scf.for that carries a token stays
// legal (upstream's pass fails on it: pipelines/async-loop.mlir). Without
// nvgpu operations nothing is converted. The pass has no errors of its own.
// pipelines/parity/ compiles TMA, mbarrier and mma.sync programs through it.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-lower-nvgpu | FileCheck %s

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>

// CHECK-LABEL: func.func @tma(
// CHECK-SAME: %[[BUF:[^:]*]]: memref<64x8xf16>, %[[STAGING:[^:]*]]: memref<4xf32>, %[[V:[^:]*]]: f32, %[[N:[^:]*]]: index)
// CHECK: %[[DESC:.*]] = llvm.call @mgpuTensorMapEncodeTiledMemref({{.*}}) : (i64, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr) -> !llvm.ptr
// CHECK-NOT: nvgpu.
// CHECK: gpu.launch
// CHECK-NEXT: nvvm.prefetch tensormap, %[[DESC]] : !llvm.ptr
// CHECK: %[[FIRST:.*]] = gpu.wait async
// CHECK-NEXT: %[[DONE:.*]] = scf.for %{{.*}} = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[T:.*]] = %[[FIRST]]) -> (!gpu.async.token) {
// CHECK-NEXT: %[[NEXT:.*]] = gpu.memset async [%[[T]]] %[[STAGING]], %[[V]] : memref<4xf32>, f32
// CHECK-NEXT: scf.yield %[[NEXT]] : !gpu.async.token
// CHECK: gpu.wait [%[[DONE]]]
// CHECK: llvm.func @mgpuTensorMapEncodeTiledMemref(i64, !llvm.ptr, i64, i64, i64, i64, i64, !llvm.ptr) -> !llvm.ptr
func.func @tma(%buf: memref<64x8xf16>, %staging: memref<4xf32>, %v: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %cast = memref.cast %buf : memref<64x8xf16> to memref<*xf16>
  %d = nvgpu.tma.create.descriptor %cast box[%c64, %c8] : memref<*xf16> -> !desc
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    nvgpu.tma.prefetch.descriptor %d : !desc
    gpu.terminator
  }
  %first = gpu.wait async
  %done = scf.for %i = %c0 to %n step %c1 iter_args(%t = %first) -> !gpu.async.token {
    %next = gpu.memset async [%t] %staging, %v : memref<4xf32>, f32
    scf.yield %next : !gpu.async.token
  }
  gpu.wait [%done]
  return
}

// -----

// In a gpu.module too: an mbarrier in shared memory.
// CHECK-LABEL: gpu.func @mbarrier(
// CHECK-NOT: nvgpu.
// CHECK: nvvm.mbarrier.init %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
// CHECK: gpu.return
!barrier = !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
gpu.module @kernels {
  gpu.func @mbarrier() kernel {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %b = nvgpu.mbarrier.create -> !barrier
    nvgpu.mbarrier.init %b[%c0], %c32 : !barrier
    gpu.return
  }
}

// -----

// Without nvgpu operations the pass converts nothing: an scf.for over index
// keeps its types (with one, the module's loops would get LLVM's, through
// casts).
// CHECK-LABEL: func.func @none(
// CHECK-SAME: %[[A:[^:]*]]: index, %[[N:[^:]*]]: index)
// CHECK-NOT: unrealized_conversion_cast
// CHECK: %[[R:.*]] = scf.for %[[I:.*]] = %{{.*}} to %[[N]] step %{{.*}} iter_args(%[[X:.*]] = %[[A]]) -> (index) {
// CHECK-NEXT: %[[Y:.*]] = arith.addi %[[X]], %[[I]] : index
// CHECK-NEXT: scf.yield %[[Y]] : index
// CHECK: return %[[R]] : index
func.func @none(%a: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> index {
    %y = arith.addi %x, %i : index
    scf.yield %y : index
  }
  return %r : index
}
