// A memref.generic_atomic_rmw whose body holds structured control flow,
// which the host target lowers to blocks before the compare-and-swap loop
// takes the body in: 64 threads in 4 blocks each add 4 quarters (an scf.for)
// to an f32 unless it is 10 or more already (an scf.if), so 10 threads add
// and the value stops at 10, whatever the order; the 10 threads whose old
// value was below 10 are counted.
//
// UNSUPPORTED-TARGET: vulkan: upstream's SPIR-V conversion does not take memref.generic_atomic_rmw
// CHECK: {{\[}}10]
// CHECK: {{\[}}10]

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %value = gpu.alloc host_shared () : memref<1xf32>
  %count = gpu.alloc host_shared () : memref<1xi32>
  %zero = arith.constant 0.0 : f32
  %izero = arith.constant 0 : i32
  memref.store %zero, %value[%c0] : memref<1xf32>
  memref.store %izero, %count[%c0] : memref<1xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %z = arith.constant 0 : index
    %o = arith.constant 1 : index
    %steps = arith.constant 4 : index
    %quarter = arith.constant 0.25 : f32
    %ten = arith.constant 10.0 : f32
    %old = memref.generic_atomic_rmw %value[%z] : memref<1xf32> {
    ^bb0(%current: f32):
      %full = arith.cmpf oge, %current, %ten : f32
      %new = scf.if %full -> f32 {
        scf.yield %current : f32
      } else {
        %sum = scf.for %i = %z to %steps step %o iter_args(%acc = %current) -> f32 {
          %next = arith.addf %acc, %quarter : f32
          scf.yield %next : f32
        }
        scf.yield %sum : f32
      }
      memref.atomic_yield %new : f32
    }
    %added = arith.cmpf olt, %old, %ten : f32
    scf.if %added {
      %one = arith.constant 1 : i32
      %c = memref.atomic_rmw addi %one, %count[%z] : (i32, memref<1xi32>) -> i32
    }
    gpu.terminator
  }
  %v = memref.cast %value : memref<1xf32> to memref<*xf32>
  call @printMemrefF32(%v) : (memref<*xf32>) -> ()
  %n = memref.cast %count : memref<1xi32> to memref<*xi32>
  call @printMemrefI32(%n) : (memref<*xi32>) -> ()
  return
}
