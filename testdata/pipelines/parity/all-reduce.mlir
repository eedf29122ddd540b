// gpu.all_reduce inside gpu.launch, every kind, not marked uniform, and the
// region form: upstream's early canonicalization marks them uniform while
// they are still in the launch.
// RUN: %parity %s --chip=sm_80 --features=+ptx80 | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted

func.func @main() {
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %ints = gpu.alloc host_shared () : memref<16xi32>
  %floats = gpu.alloc host_shared () : memref<16xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c128, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %f = arith.sitofp %i : i32 to f32
    %add = gpu.all_reduce add %i {} : (i32) -> i32
    %mul = gpu.all_reduce mul %i {} : (i32) -> i32
    %minsi = gpu.all_reduce minsi %i {} : (i32) -> i32
    %minui = gpu.all_reduce minui %i {} : (i32) -> i32
    %maxsi = gpu.all_reduce maxsi %i {} : (i32) -> i32
    %maxui = gpu.all_reduce maxui %i {} : (i32) -> i32
    %and = gpu.all_reduce and %i {} : (i32) -> i32
    %or = gpu.all_reduce or %i {} : (i32) -> i32
    %xor = gpu.all_reduce xor %i {} : (i32) -> i32
    %fadd = gpu.all_reduce add %f {} : (f32) -> f32
    %minnumf = gpu.all_reduce minnumf %f {} : (f32) -> f32
    %maxnumf = gpu.all_reduce maxnumf %f {} : (f32) -> f32
    %minimumf = gpu.all_reduce minimumf %f {} : (f32) -> f32
    %maximumf = gpu.all_reduce maximumf %f {} : (f32) -> f32
    %region = gpu.all_reduce %i {
    ^bb(%lhs : i32, %rhs : i32):
      %sum = arith.addi %lhs, %rhs : i32
      "gpu.yield"(%sum) : (i32) -> ()
    } : (i32) -> (i32)
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c10 = arith.constant 10 : index
    memref.store %add, %ints[%c0] : memref<16xi32>
    memref.store %mul, %ints[%c1] : memref<16xi32>
    memref.store %minsi, %ints[%c2] : memref<16xi32>
    memref.store %minui, %ints[%c3] : memref<16xi32>
    memref.store %maxsi, %ints[%c4] : memref<16xi32>
    memref.store %maxui, %ints[%c5] : memref<16xi32>
    memref.store %and, %ints[%c6] : memref<16xi32>
    memref.store %or, %ints[%c7] : memref<16xi32>
    memref.store %xor, %ints[%c8] : memref<16xi32>
    memref.store %region, %ints[%c9] : memref<16xi32>
    memref.store %fadd, %floats[%c0] : memref<16xf32>
    memref.store %minnumf, %floats[%c1] : memref<16xf32>
    memref.store %maxnumf, %floats[%c2] : memref<16xf32>
    memref.store %minimumf, %floats[%c3] : memref<16xf32>
    memref.store %maximumf, %floats[%c4] : memref<16xf32>
    gpu.terminator
  }
  return
}
