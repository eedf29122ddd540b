// The host target keeps a block's static workgroup memory on the stack of the
// thread that runs it: MGPU_HOST_MAX_STATIC_SHARED_MEMORY (16 MiB) exactly,
// here 2^21 i64, is written and read across a barrier by 256 threads in each
// of 2 blocks (pipelines/host-lowering-invalid.mlir has one byte more). Thread
// t writes 8192 t + k to w[8192 t + k] and reads the last element of thread
// 255 - t's part, 8192 (256 - t) - 1, plus its block id; on 1, 2 and 4
// worker threads.
//
// UNSUPPORTED-TARGET: vulkan: its 16 MiB of workgroup memory is past any Vulkan device's limit
// UNSUPPORTED-TARGET: cuda: its 16 MiB of workgroup memory is past sm_90's 48 KiB
// RUN: offload-opt %s --offload-lower-to-host -o %t.mlir
// RUN: env MGPU_HOST_THREADS=1 %offload_runner < %t.mlir | FileCheck %s
// RUN: env MGPU_HOST_THREADS=4 %offload_runner < %t.mlir | FileCheck %s
// CHECK: [2097151,   2088959,   2080767,   2072575],
// CHECK-NEXT: [2097152,   2088960,   2080768,   2072576]]

module attributes {gpu.container_module} {
  func.func private @printMemrefI64(memref<*xi64>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c256 = arith.constant 256 : index
    %out = gpu.alloc host_shared () : memref<2x256xi64>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1) threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) workgroup(%w: memref<2097152xi64, #gpu.address_space<workgroup>>) {
      %c8192 = arith.constant 8192 : index
      %c1i = arith.constant 1 : index
      %c0 = arith.constant 0 : index
      %base = arith.muli %tx, %c8192 : index
      scf.for %k = %c0 to %c8192 step %c1i {
        %i = arith.addi %base, %k : index
        %v = arith.index_cast %i : index to i64
        memref.store %v, %w[%i] : memref<2097152xi64, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %n = arith.constant 255 : index
      %o = arith.subi %n, %tx : index
      %obase = arith.muli %o, %c8192 : index
      %last = arith.addi %obase, %c8192 : index
      %l1 = arith.subi %last, %c1i : index
      %r = memref.load %w[%l1] : memref<2097152xi64, #gpu.address_space<workgroup>>
      %b64 = arith.index_cast %bx : index to i64
      %rr = arith.addi %r, %b64 : i64
      memref.store %rr, %out[%bx, %tx] : memref<2x256xi64>
      gpu.terminator
    }
    %u = memref.cast %out : memref<2x256xi64> to memref<*xi64>
    %s = memref.subview %out[0, 0] [2, 4] [1, 1] : memref<2x256xi64> to memref<2x4xi64, strided<[256, 1]>>
    %su = memref.cast %s : memref<2x4xi64, strided<[256, 1]>> to memref<*xi64>
    call @printMemrefI64(%su) : (memref<*xi64>) -> ()
    return
  }
}
