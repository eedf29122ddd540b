// Loops whose trip count MLIR 22's folding gets wrong (passes/
// offload-exact-trip-counts.mlir), run in kernels on every target: each
// runs exactly its iterations. Found by fuzz/random_kernels. The answers
// are worked out by hand below.
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefI32(memref<*xi32>)

// From MIN + 69 to 69 (bounds 2^63 + 69 apart) by 2^62, a step known at
// run time and a constant one: MIN + 69 and MIN + 69 + 2^62; the next,
// MIN + 69 + 2^63, is 69 itself. Each of the 2 threads counts 2 iterations
// and keeps the last value of each loop.
// CHECK: [2, 2, -4611686018427387835, -4611686018427387835, 2, 2, -4611686018427387835, -4611686018427387835]
func.func @wide_span() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %params = memref.alloca() : memref<1xi64>
  %quarter = arith.constant 4611686018427387904 : i64
  memref.store %quarter, %params[%c0] : memref<1xi64>
  %step = memref.load %params[%c0] : memref<1xi64>
  %out = gpu.alloc host_shared () : memref<8xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %lb = arith.constant -9223372036854775739 : i64
    %ub = arith.constant 69 : i64
    %constantStep = arith.constant 4611686018427387904 : i64
    %zero = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %c4 = arith.constant 4 : index
    %n:2 = scf.for %i = %lb to %ub step %step iter_args(%count = %zero, %last = %zero) -> (i64, i64) : i64 {
      %next = arith.addi %count, %one : i64
      scf.yield %next, %i : i64, i64
    }
    %m:2 = scf.for %i = %lb to %ub step %constantStep iter_args(%count = %zero, %last = %zero) -> (i64, i64) : i64 {
      %next = arith.addi %count, %one : i64
      scf.yield %next, %i : i64, i64
    }
    %at = arith.addi %tx, %c2 : index
    %second = arith.addi %tx, %c4 : index
    %secondLast = arith.addi %second, %c2 : index
    memref.store %n#0, %out[%tx] : memref<8xi64>
    memref.store %n#1, %out[%at] : memref<8xi64>
    memref.store %m#0, %out[%second] : memref<8xi64>
    memref.store %m#1, %out[%secondLast] : memref<8xi64>
    gpu.terminator
  }
  %u = memref.cast %out : memref<8xi64> to memref<*xi64>
  call @printMemrefI64(%u) : (memref<*xi64>) -> ()
  return
}

// An unsigned loop of i32 from 1825791205 + x to 1825791251 by 2^31 + 6,
// a step whose sign bit is set: thread x below 46 runs once (its next
// value, 3973274859 + x, is past the bound without wrapping), the others
// not at all.
// CHECK: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0]
func.func @sign_bit_step() {
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  %out = gpu.alloc host_shared () : memref<48xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c48, %sy = %c1, %sz = %c1) {
    %base = arith.constant 1825791205 : i32
    %ub = arith.constant 1825791251 : i32
    %step = arith.constant -2147483642 : i32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %x = arith.index_cast %tx : index to i32
    %lb = arith.addi %base, %x : i32
    %n = scf.for unsigned %i = %lb to %ub step %step iter_args(%count = %zero) -> (i32) : i32 {
      %next = arith.addi %count, %one : i32
      scf.yield %next : i32
    }
    memref.store %n, %out[%tx] : memref<48xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<48xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}

func.func @main() {
  call @wide_span() : () -> ()
  call @sign_bit_step() : () -> ()
  return
}
