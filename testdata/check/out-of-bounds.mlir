// The host target's kernel checks (docs/checking.md): each access out of its
// memref's bounds is one finding, named by its thread, its op's place and
// the index that is out; the thread skips it (a load gives 0). The clean
// kernels of the same shape, first, find nothing.
//
// RUN: offload-opt %s --offload-lower-to-host="check=true" > %t.mlir
// RUN: env MGPU_HOST_CHECK=report %offload_runner %t.mlir > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR --implicit-check-not=offload-check < %t.err
// Unless only asked for reports, the launch fails (the program exits 1).
// RUN: %expect_exit 1 %offload_runner %t.mlir > /dev/null 2> %t.fail
// RUN: FileCheck %s --check-prefix=FAIL < %t.fail
// The same program unchecked runs silently.
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner 2>&1 | FileCheck %s --check-prefix=OUT --implicit-check-not=offload-check

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c17 = arith.constant 17 : index
  %one = arith.constant 1.0 : f32
  %out = gpu.alloc host_shared () : memref<16xf32>
  %c5 = arith.constant 5 : index
  %grid = gpu.alloc host_shared () : memref<4x4xf32>
  %transposed = gpu.alloc host_shared () : memref<4x5xf32>
  %scratch = gpu.alloc host_shared () : memref<16xf32>
  %cast = memref.cast %out : memref<16xf32> to memref<*xf32>

  // Clean: 16 threads, 16 elements.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    memref.store %one, %out[%tx] : memref<16xf32>
    gpu.terminator
  }
  // One thread too many: thread 16 stores past the end.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c17, %sy = %c1, %sz = %c1) {
    // ERR: offload-check: out-of-bounds access, thread (16, 0, 0): {{.*}}out-of-bounds.mlir:[[@LINE+1]]:5: memref.store of kernel argument {{[0-9]+}} (memref<16xf32>): index 16 in dimension 0, whose size is 16; the access was skipped (a load gives 0) (kernel 'main_kernel', block (0, 0, 0))
    memref.store %one, %out[%tx] : memref<16xf32>
    gpu.terminator
  }
  // Rows 0 to 4 of a grid of 4: the threads of row 4 read past its end.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c5, %sz = %c1) {
    // ERR: offload-check: out-of-bounds access, thread (0, 4, 0): {{.*}}out-of-bounds.mlir:[[@LINE+4]]:10: memref.load of kernel argument {{[0-9]+}} (memref<4x4xf32>): index 4 in dimension 0, whose size is 4; {{.*}} (kernel 'main_kernel', block (0, 0, 0))
    // ERR: offload-check: out-of-bounds access, thread (1, 4, 0)
    // ERR: offload-check: out-of-bounds access, thread (2, 4, 0)
    // ERR: offload-check: out-of-bounds access, thread (3, 4, 0)
    %v = memref.load %grid[%ty, %tx] : memref<4x4xf32>
    memref.store %v, %transposed[%tx, %ty] : memref<4x5xf32>
    gpu.terminator
  }
  // A vector of 4 from element 14: elements 14 to 17 of 16.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c14 = arith.constant 14 : index
    // ERR: offload-check: out-of-bounds access, thread (0, 0, 0): {{.*}}out-of-bounds.mlir:[[@LINE+1]]:10: vector.load of kernel argument {{[0-9]+}} (memref<16xf32>): indices 14 to 17 in dimension 0, whose size is 16; {{.*}} (kernel 'main_kernel', block (0, 0, 0))
    %v = vector.load %out[%c14] : memref<16xf32>, vector<4xf32>
    vector.store %v, %scratch[%c0] : memref<16xf32>, vector<4xf32>
    gpu.terminator
  }
  // Workgroup and private memory, and an atomic, each one past its end.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %shared = memref.alloc() : memref<3xf32, #gpu.address_space<workgroup>>
    %private = memref.alloca() : memref<3xf32>
    %c3 = arith.constant 3 : index
    %last = arith.cmpi eq, %tx, %c3 : index
    scf.if %last {
      // Each read, so that the memory is not erased as never read.
      // ERR: offload-check: out-of-bounds access, thread (3, 0, 0): {{.*}}out-of-bounds.mlir:[[@LINE+1]]:12: memref.load of the memref.alloc at {{.*}}out-of-bounds.mlir:{{[0-9]+}}:{{[0-9]+}} (memref<3xf32, #gpu.address_space<workgroup>>): index 3 in dimension 0, whose size is 3; {{.*}} (kernel 'main_kernel', block (0, 0, 0))
      %s = memref.load %shared[%tx] : memref<3xf32, #gpu.address_space<workgroup>>
      memref.store %one, %private[%c0] : memref<3xf32>
      // ERR: offload-check: out-of-bounds access, thread (3, 0, 0): {{.*}}out-of-bounds.mlir:[[@LINE+1]]:12: memref.load of the memref.alloca at {{.*}} (memref<3xf32>): index 3 in dimension 0, whose size is 3; {{.*}} (kernel 'main_kernel', block (0, 0, 0))
      %p = memref.load %private[%tx] : memref<3xf32>
      %sum = arith.addf %s, %p : f32
      memref.store %sum, %scratch[%c0] : memref<16xf32>
      %big = arith.constant 16 : index
      // ERR: offload-check: out-of-bounds access, thread (3, 0, 0): {{.*}}out-of-bounds.mlir:[[@LINE+1]]:14: memref.atomic_rmw of kernel argument {{[0-9]+}} (memref<16xf32>): index 16 in dimension 0, whose size is 16; {{.*}} (kernel 'main_kernel', block (0, 0, 0))
      %old = memref.atomic_rmw addf %one, %scratch[%big] : (f32, memref<16xf32>) -> f32
    }
    gpu.terminator
  }
  // OUT: [1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1,  1]
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  return
}

// FAIL: offload-check: out-of-bounds access, thread (16, 0, 0)
// FAIL: a kernel failed: kernel 'main_kernel': its checks found a problem (set MGPU_HOST_CHECK=report to only report them); the first: offload-check: out-of-bounds access, thread (16, 0, 0)
