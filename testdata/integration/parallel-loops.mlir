// A program without a kernel written by hand: scf.parallel loops, which
// offload-lower-loops-to-host (and -to-cuda) tile into blocks of threads and
// outline, over a 2-D array whose sizes are no multiple of the tiles, and a
// 1-D loop with a step.
//
// TARGET-PIPELINE: offload-lower-loops-to
// RUN: offload-opt %s --offload-lower-loops-to-host="tile-sizes=4,8" | %offload_runner | FileCheck %s

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c20 = arith.constant 20 : index
  %x = gpu.alloc host_shared () : memref<5x7xf32>
  %y = gpu.alloc host_shared () : memref<5x7xf32>
  %marks = gpu.alloc host_shared () : memref<20xi32>
  %a = arith.constant 2.0 : f32
  %zero = arith.constant 0 : i32
  // x[i, j] = i + j / 10, y[i, j] = 100
  scf.parallel (%i, %j) = (%c0, %c0) to (%c5, %c7) step (%c1, %c1) {
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %fi = arith.sitofp %ii : i32 to f32
    %fj = arith.sitofp %jj : i32 to f32
    %ten = arith.constant 10.0 : f32
    %tenth = arith.divf %fj, %ten : f32
    %v = arith.addf %fi, %tenth : f32
    memref.store %v, %x[%i, %j] : memref<5x7xf32>
    %hundred = arith.constant 100.0 : f32
    memref.store %hundred, %y[%i, %j] : memref<5x7xf32>
  }
  // y = a * x + y
  scf.parallel (%i, %j) = (%c0, %c0) to (%c5, %c7) step (%c1, %c1) {
    %xv = memref.load %x[%i, %j] : memref<5x7xf32>
    %yv = memref.load %y[%i, %j] : memref<5x7xf32>
    %ax = arith.mulf %a, %xv : f32
    %sum = arith.addf %ax, %yv : f32
    memref.store %sum, %y[%i, %j] : memref<5x7xf32>
  }
  // marks[k] = k for k = 0, 3, 6, ..., else 0.
  scf.parallel (%k) = (%c0) to (%c20) step (%c1) {
    memref.store %zero, %marks[%k] : memref<20xi32>
  }
  scf.parallel (%k) = (%c0) to (%c20) step (%c3) {
    %kk = arith.index_cast %k : index to i32
    memref.store %kk, %marks[%k] : memref<20xi32>
  }
  %y_u = memref.cast %y : memref<5x7xf32> to memref<*xf32>
  %marks_u = memref.cast %marks : memref<20xi32> to memref<*xi32>
  // CHECK: {{\[}}[100, 100.2, 100.4, 100.6, 100.8, 101, 101.2],
  // CHECK-NEXT: [102, 102.2, 102.4, 102.6, 102.8, 103, 103.2],
  // CHECK-NEXT: [104, 104.2, 104.4, 104.6, 104.8, 105, 105.2],
  // CHECK-NEXT: [106, 106.2, 106.4, 106.6, 106.8, 107, 107.2],
  // CHECK-NEXT: [108, 108.2, 108.4, 108.6, 108.8, 109, 109.2]]
  call @printMemrefF32(%y_u) : (memref<*xf32>) -> ()
  // CHECK: [0, 0, 0, 3, 0, 0, 6, 0, 0, 9, 0, 0, 12, 0, 0, 15, 0, 0, 18, 0]
  call @printMemrefI32(%marks_u) : (memref<*xi32>) -> ()
  gpu.dealloc %x : memref<5x7xf32>
  gpu.dealloc %y : memref<5x7xf32>
  gpu.dealloc %marks : memref<20xi32>
  return
}
