// A launch in thread-block clusters, reading the cluster ids and sizes.
// RUN: %parity %s --chip=sm_90 --features=+ptx80 | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted

module attributes {gpu.container_module} {
  gpu.module @clusters {
    gpu.func @where(%out: memref<16x6xi32>) kernel {
      %block = gpu.block_id x
      %cx = gpu.cluster_id x
      %cy = gpu.cluster_id y
      %dx = gpu.cluster_dim x
      %bx = gpu.cluster_block_id x
      %nx = gpu.cluster_dim_blocks x
      %values = arith.constant 0 : index
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %i0 = arith.index_cast %cx : index to i32
      %i1 = arith.index_cast %cy : index to i32
      %i2 = arith.index_cast %dx : index to i32
      %i3 = arith.index_cast %bx : index to i32
      %i4 = arith.index_cast %nx : index to i32
      memref.store %i0, %out[%block, %c0] : memref<16x6xi32>
      memref.store %i1, %out[%block, %c1] : memref<16x6xi32>
      memref.store %i2, %out[%block, %c2] : memref<16x6xi32>
      memref.store %i3, %out[%block, %c3] : memref<16x6xi32>
      memref.store %i4, %out[%block, %c4] : memref<16x6xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %out = gpu.alloc host_shared () : memref<16x6xi32>
    gpu.launch_func @clusters::@where clusters in (%c2, %c1, %c1)
        blocks in (%c16, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%out : memref<16x6xi32>)
    return
  }
}
