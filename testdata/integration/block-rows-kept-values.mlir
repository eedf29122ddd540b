// A kernel whose blocks of a row run together on the host
// (conversion/host/BlockRows.h) and that keeps 9 vectors of 64 f32 (2304
// bytes) per thread across a loop that the host hoists out of its thread
// loops: arrays that long for every thread that one call runs, on the
// worker's stack. 1024 blocks of 32 threads: were a call to run as many
// blocks as the runtime gives it (16384 threads' worth, 36 MiB of arrays),
// the stack would overflow; the lowering holds a call to as many threads as
// 4 MiB of such arrays allow. On 1 thread, every block runs on one stack.
// Each cell holds 9 * 4 * 1.
//
// Runs on every target (lit.local.cfg) but Vulkan, and on the host with one
// thread:
// UNSUPPORTED-TARGET: vulkan: its vector<64xf32> has no SPIR-V type
// RUN: offload-opt %s --offload-lower-to-host \
// RUN:   | env MGPU_HOST_THREADS=1 %offload_runner | FileCheck %s

func.func private @printMemrefI32(memref<*xi32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c1024 = arith.constant 1024 : index
  %one = arith.constant 1.0 : f32
  %b = gpu.alloc host_shared () : memref<4x32768xf32>
  %o = gpu.alloc host_shared () : memref<32768xf32>
  gpu.memset %b, %one : memref<4x32768xf32>, f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1024, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %xs = arith.muli %bx, %sx : index
    %g = arith.addi %xs, %tx : index
    %z = arith.constant dense<0.0> : vector<64xf32>
    %tx0 = arith.constant 0.0 : f32
    %acc:9 = scf.for %k = %c0 to %c4 step %c1 iter_args(%a0 = %z, %a1 = %z, %a2 = %z, %a3 = %z, %a4 = %z, %a5 = %z, %a6 = %z, %a7 = %z, %a8 = %z) -> (vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>) {
        %v = memref.load %b[%k, %g] : memref<4x32768xf32>
        %bc = vector.broadcast %v : f32 to vector<64xf32>
        %s0 = arith.addf %a0, %bc : vector<64xf32>
        %s1 = arith.addf %a1, %bc : vector<64xf32>
        %s2 = arith.addf %a2, %bc : vector<64xf32>
        %s3 = arith.addf %a3, %bc : vector<64xf32>
        %s4 = arith.addf %a4, %bc : vector<64xf32>
        %s5 = arith.addf %a5, %bc : vector<64xf32>
        %s6 = arith.addf %a6, %bc : vector<64xf32>
        %s7 = arith.addf %a7, %bc : vector<64xf32>
        %s8 = arith.addf %a8, %bc : vector<64xf32>
        scf.yield %s0, %s1, %s2, %s3, %s4, %s5, %s6, %s7, %s8 : vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>, vector<64xf32>
    }
    %tx_ = arith.addf %tx0, %tx0 : f32
    %r0 = vector.extract %acc#0[0] : f32 from vector<64xf32>
    %t0 = arith.addf %tx_, %r0 : f32
    %r1 = vector.extract %acc#1[0] : f32 from vector<64xf32>
    %t1 = arith.addf %t0, %r1 : f32
    %r2 = vector.extract %acc#2[0] : f32 from vector<64xf32>
    %t2 = arith.addf %t1, %r2 : f32
    %r3 = vector.extract %acc#3[0] : f32 from vector<64xf32>
    %t3 = arith.addf %t2, %r3 : f32
    %r4 = vector.extract %acc#4[0] : f32 from vector<64xf32>
    %t4 = arith.addf %t3, %r4 : f32
    %r5 = vector.extract %acc#5[0] : f32 from vector<64xf32>
    %t5 = arith.addf %t4, %r5 : f32
    %r6 = vector.extract %acc#6[0] : f32 from vector<64xf32>
    %t6 = arith.addf %t5, %r6 : f32
    %r7 = vector.extract %acc#7[0] : f32 from vector<64xf32>
    %t7 = arith.addf %t6, %r7 : f32
    %r8 = vector.extract %acc#8[0] : f32 from vector<64xf32>
    %t8 = arith.addf %t7, %r8 : f32
    memref.store %t8, %o[%g] : memref<32768xf32>
    gpu.terminator
  }
  %c32768 = arith.constant 32768 : index
  %zero = arith.constant 0 : i32
  %want = arith.constant 36.0 : f32
  %wrong = scf.for %i = %c0 to %c32768 step %c1 iter_args(%w = %zero) -> i32 {
    %got = memref.load %o[%i] : memref<32768xf32>
    %bad = arith.cmpf une, %got, %want : f32
    %bad_i32 = arith.extui %bad : i1 to i32
    %w1 = arith.addi %w, %bad_i32 : i32
    scf.yield %w1 : i32
  }
  %summary = memref.alloca() : memref<1xi32>
  memref.store %wrong, %summary[%c0] : memref<1xi32>
  %u = memref.cast %summary : memref<1xi32> to memref<*xi32>
  // Wrong cells.
  // CHECK: [0]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  gpu.dealloc %b : memref<4x32768xf32>
  gpu.dealloc %o : memref<32768xf32>
  return
}
