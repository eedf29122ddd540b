// gpu.subgroup_reduce, uniform and not, on scalars and vectors, and clustered:
// upstream takes only the uniform i32 form (subgroup-reduce-uniform.mlir).
// RUN: %parity %s --chip=sm_80 --features=+ptx80 | FileCheck %s
// CHECK: upstream: rejected at pipeline: {{.*}}gpu.subgroup_reduce
// CHECK: ours: accepted

func.func @main() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %out = gpu.alloc host_shared () : memref<4x64xi32>
  %vectors = gpu.alloc host_shared () : memref<64xvector<2xf32>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %sum = gpu.subgroup_reduce add %i : (i32) -> i32
    %max = gpu.subgroup_reduce maxsi %i uniform : (i32) -> i32
    %quad = gpu.subgroup_reduce add %i cluster(size = 4) : (i32) -> i32
    %f = arith.sitofp %i : i32 to f32
    %v = vector.broadcast %f : f32 to vector<2xf32>
    %vsum = gpu.subgroup_reduce add %v : (vector<2xf32>) -> vector<2xf32>
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    memref.store %sum, %out[%c0, %tx] : memref<4x64xi32>
    memref.store %max, %out[%c1, %tx] : memref<4x64xi32>
    memref.store %quad, %out[%c2, %tx] : memref<4x64xi32>
    memref.store %vsum, %vectors[%tx] : memref<64xvector<2xf32>>
    gpu.terminator
  }
  return
}
