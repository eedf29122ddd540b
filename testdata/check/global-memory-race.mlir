// The host target's kernel checks (docs/checking.md): two blocks of one
// launch that touch the same bytes of global memory, one of them writing and
// not both atomically, race. Each race is one finding, once every block has
// run, named by the block and thread of the later access in address order,
// its op, and the other block's thread and op. The clean kernel, first,
// finds nothing: each block writes its own elements, and all add to one
// counter atomically.
//
// RUN: offload-opt %s --offload-lower-to-host="check=true" > %t.mlir
// RUN: env MGPU_HOST_CHECK=report %offload_runner %t.mlir > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR --implicit-check-not=offload-check < %t.err

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %out = gpu.alloc host_shared () : memref<9xi32>
  %shared = gpu.alloc host_shared () : memref<4xi32>
  %scratch = gpu.alloc host_shared () : memref<4xi32>
  %cast = memref.cast %out : memref<9xi32> to memref<*xi32>
  // The counter starts at 0 (gpu.alloc does not clear).
  %zero = arith.constant 0 : i32
  %c8 = arith.constant 8 : index
  memref.store %zero, %out[%c8] : memref<9xi32>

  // Clean.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %c4 : index
    %i = arith.addi %base, %tx : index
    %v = arith.index_cast %i : index to i32
    memref.store %v, %out[%i] : memref<9xi32>
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addi %one, %out[%c8] : (i32, memref<9xi32>) -> i32
    gpu.terminator
  }
  // Both blocks write the same four elements.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = arith.index_cast %bx : index to i32
    // ERR: offload-check: global-memory race between blocks, thread (0, 0, 0): {{.*}}global-memory-race.mlir:[[@LINE+1]]:5: memref.store of kernel argument 0 (memref<4xi32>): writes global memory that block (0, 0, 0)'s thread (0, 0, 0) wrote at {{.*}}global-memory-race.mlir:[[@LINE+1]]:5: memref.store of kernel argument 0 (memref<4xi32>) in the same launch (from address 0x{{[0-9a-f]+}}) (kernel 'main_kernel', block (1, 0, 0))
    memref.store %v, %shared[%tx] : memref<4xi32>
    gpu.terminator
  }
  // Block 1 reads what block 0 writes.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %first = arith.cmpi eq, %bx, %c0 : index
    scf.if %first {
      %v = arith.index_cast %tx : index to i32
      memref.store %v, %shared[%tx] : memref<4xi32>
    } else {
      // ERR: offload-check: global-memory race between blocks, thread (0, 0, 0): {{.*}}global-memory-race.mlir:[[@LINE+1]]:12: memref.load of kernel argument {{[0-9]+}} (memref<4xi32>): reads global memory that block (0, 0, 0)'s thread (0, 0, 0) wrote at {{.*}}global-memory-race.mlir:[[@LINE-2]]:7: memref.store {{.*}} (kernel 'main_kernel', block (1, 0, 0))
      %w = memref.load %shared[%tx] : memref<4xi32>
      memref.store %w, %scratch[%tx] : memref<4xi32>
    }
    gpu.terminator
  }
  // Clean, with more access ops to global memory than the runs a kernel
  // extends itself (MGPU_HOST_CHECK_RUNS): each block writes its own 9
  // elements, one op each, and both read the same 9 of %out.
  %wide = gpu.alloc host_shared () : memref<18xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c9 = arith.constant 9 : index
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %base = arith.muli %bx, %c9 : index
    %v = arith.index_cast %bx : index to i32
    %i0 = arith.addi %base, %k0 : index
    memref.store %v, %wide[%i0] : memref<18xi32>
    %i1 = arith.addi %base, %k1 : index
    memref.store %v, %wide[%i1] : memref<18xi32>
    %i2 = arith.addi %base, %k2 : index
    memref.store %v, %wide[%i2] : memref<18xi32>
    %i3 = arith.addi %base, %k3 : index
    memref.store %v, %wide[%i3] : memref<18xi32>
    %i4 = arith.addi %base, %k4 : index
    memref.store %v, %wide[%i4] : memref<18xi32>
    %i5 = arith.addi %base, %k5 : index
    memref.store %v, %wide[%i5] : memref<18xi32>
    %i6 = arith.addi %base, %k6 : index
    memref.store %v, %wide[%i6] : memref<18xi32>
    %i7 = arith.addi %base, %k7 : index
    memref.store %v, %wide[%i7] : memref<18xi32>
    %i8 = arith.addi %base, %k8 : index
    memref.store %v, %wide[%i8] : memref<18xi32>
    %r0 = memref.load %out[%k0] : memref<9xi32>
    %r1 = memref.load %out[%k1] : memref<9xi32>
    %r2 = memref.load %out[%k2] : memref<9xi32>
    %r3 = memref.load %out[%k3] : memref<9xi32>
    %r4 = memref.load %out[%k4] : memref<9xi32>
    %r5 = memref.load %out[%k5] : memref<9xi32>
    %r6 = memref.load %out[%k6] : memref<9xi32>
    %r7 = memref.load %out[%k7] : memref<9xi32>
    %r8 = memref.load %out[%k8] : memref<9xi32>
    gpu.terminator
  }
  // Each block's threads walk down its elements, from 3 and from 6: both
  // write element 3.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %c3 = arith.constant 3 : index
    %top0 = arith.muli %bx, %c3 : index
    %top = arith.addi %top0, %c3 : index
    %i = arith.subi %top, %tx : index
    %v = arith.index_cast %i : index to i32
    // ERR: offload-check: global-memory race between blocks, thread (0, 0, 0): {{.*}}global-memory-race.mlir:[[@LINE+1]]:5: memref.store of kernel argument {{[0-9]+}} (memref<18xi32>): writes global memory that block (0, 0, 0)'s thread (0, 0, 0) wrote at {{.*}}global-memory-race.mlir:[[@LINE+1]]:5: memref.store of kernel argument {{[0-9]+}} (memref<18xi32>) in the same launch (from address 0x{{[0-9a-f]+}}) (kernel 'main_kernel', block (1, 0, 0))
    memref.store %v, %wide[%i] : memref<18xi32>
    gpu.terminator
  }
  // OUT: [0,  1,  2,  3,  4,  5,  6,  7,  8]
  call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
  return
}
