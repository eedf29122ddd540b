// The kernels of the conformance suite, one source for every backend
// (BUILD.bazel compiles it for each), with bare pointers for memrefs: each
// kernel parameter is one value, as params[i] of a launch points to it.
module attributes {gpu.container_module} {
  gpu.module @conformance {
    // out[global id x] = value.
    gpu.func @fill(%out: memref<1024xi32>, %value: i32) kernel {
      %i = gpu.global_id x
      memref.store %value, %out[%i] : memref<1024xi32>
      gpu.return
    }
    // out[global id x] = value + x, x after `iterations` steps of
    // x = x * 1664525 + 1013904223 from 0: a kernel that takes a while, for
    // the tests of ordering. (Mesa's lavapipe ends any loop after 65535
    // iterations: the tests stay below.)
    gpu.func @slow_fill(%out: memref<1024xi32>, %value: i32,
                        %iterations: i32) kernel {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %mul = arith.constant 1664525 : i32
      %add = arith.constant 1013904223 : i32
      %x = scf.for %k = %c0 to %iterations step %c1
          iter_args(%acc = %c0) -> (i32) : i32 {
        %m = arith.muli %acc, %mul : i32
        %next = arith.addi %m, %add : i32
        scf.yield %next : i32
      }
      %sum = arith.addi %value, %x : i32
      %i = gpu.global_id x
      memref.store %sum, %out[%i] : memref<1024xi32>
      gpu.return
    }
  }
}
