// gpu.all_reduce over blocks whose threads do not fill whole subgroups of 8,
// 32 or 64 lanes (9 and 33x3x2 threads): the count of threads, the sum and
// the maximum of their linear ids (n, n(n-1)/2, n-1), and a region's
// product of 1s.
//
// Runs on every target (lit.local.cfg).

// CHECK: [9,  36,  8,  1]
// CHECK: [198,  19503,  197,  1]

func.func private @printMemrefI32(memref<*xi32>)

func.func @reduce(%sx0: index, %sy0: index, %sz0: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ints = gpu.alloc host_shared () : memref<4xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %sx0, %sy = %sy0, %sz = %sz0) {
    %zy = arith.muli %tz, %sy : index
    %row = arith.addi %zy, %ty : index
    %rowx = arith.muli %row, %sx : index
    %linear = arith.addi %rowx, %tx : index
    %t = arith.index_cast %linear : index to i32
    %one = arith.constant 1 : i32
    %cnt = gpu.all_reduce add %one uniform {} : (i32) -> i32
    %sum = gpu.all_reduce add %t uniform {} : (i32) -> i32
    %mx = gpu.all_reduce maxsi %t uniform {} : (i32) -> i32
    %prod = gpu.all_reduce %one uniform {
    ^bb0(%lhs : i32, %rhs : i32):
      %p = arith.muli %lhs, %rhs : i32
      gpu.yield %p : i32
    } : (i32) -> i32
    %first = arith.cmpi eq, %linear, %c0 : index
    scf.if %first {
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      memref.store %cnt, %ints[%c0] : memref<4xi32>
      memref.store %sum, %ints[%c1] : memref<4xi32>
      memref.store %mx, %ints[%c2] : memref<4xi32>
      memref.store %prod, %ints[%c3] : memref<4xi32>
    }
    gpu.terminator
  }
  %u = memref.cast %ints : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  gpu.dealloc %ints : memref<4xi32>
  return
}

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c9 = arith.constant 9 : index
  %c33 = arith.constant 33 : index
  call @reduce(%c9, %c1, %c1) : (index, index, index) -> ()
  call @reduce(%c33, %c3, %c2) : (index, index, index) -> ()
  return
}
