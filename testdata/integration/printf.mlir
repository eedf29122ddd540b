// gpu.printf from every thread of 2 blocks of 3 threads, with arguments of
// several types (promoted as C varargs are). Blocks run concurrently, so the
// lines are checked in any order.
//
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no gpu.printf; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'gpu.printf' has no meaning for #offload.vulkan

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c3, %sy = %c1, %sz = %c1) {
    %b = arith.index_cast %bx : index to i32
    %t = arith.index_cast %tx : index to i32
    %small = arith.trunci %t : i32 to i8
    %wide = arith.index_cast %tx : index to i64
    %big = arith.constant 4294967296 : i64
    %large = arith.addi %wide, %big : i64
    %tf = arith.sitofp %t : i32 to f32
    %quarter = arith.constant 0.25 : f32
    %f = arith.addf %tf, %quarter : f32
    %half = arith.constant 0.5 : f64
    %td = arith.sitofp %t : i32 to f64
    %d = arith.subf %td, %half : f64
    gpu.printf "block %d thread %d: %d %lld %.2f %.1f\n", %b, %t, %small, %large, %f, %d : i32, i32, i8, i64, f32, f64
    gpu.terminator
  }
  return
}

// CHECK-DAG: block 0 thread 0: 0 4294967296 0.25 -0.5
// CHECK-DAG: block 0 thread 1: 1 4294967297 1.25 0.5
// CHECK-DAG: block 0 thread 2: 2 4294967298 2.25 1.5
// CHECK-DAG: block 1 thread 0: 0 4294967296 0.25 -0.5
// CHECK-DAG: block 1 thread 1: 1 4294967297 1.25 0.5
// CHECK-DAG: block 1 thread 2: 2 4294967298 2.25 1.5
