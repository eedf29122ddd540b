// Uniform gpu.subgroup_reduce of an i32 over the whole subgroup, which
// convert-gpu-to-nvvm lowers to redux.sync on sm_80 and later, but only when
// allowed to (has-redux), which upstream's pipeline never does; nor does it
// map minui and maxui, which ours expands into shuffles.
// RUN: %parity %s --chip=sm_80 --features=+ptx80 | FileCheck %s
// CHECK: upstream: rejected at pipeline: {{.*}}gpu.subgroup_reduce
// CHECK: ours: accepted

func.func @main() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %out = gpu.alloc host_shared () : memref<4x64xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %sum = gpu.subgroup_reduce add %i uniform : (i32) -> i32
    %max = gpu.subgroup_reduce maxui %i uniform : (i32) -> i32
    %min = gpu.subgroup_reduce minui %i uniform : (i32) -> i32
    %xor = gpu.subgroup_reduce xor %i uniform : (i32) -> i32
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    memref.store %sum, %out[%c0, %tx] : memref<4x64xi32>
    memref.store %max, %out[%c1, %tx] : memref<4x64xi32>
    memref.store %xor, %out[%c2, %tx] : memref<4x64xi32>
    %c3 = arith.constant 3 : index
    memref.store %min, %out[%c3, %tx] : memref<4x64xi32>
    gpu.terminator
  }
  return
}
