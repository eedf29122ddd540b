// The host target's kernel checks (docs/checking.md) of accesses in loops.
// A load or store in an scf.for without a barrier, at an index that moves
// with the loop, is told to the runtime once before the loop, as all its
// iterations' elements, when they are all in bounds; the findings are those
// of the accesses one by one: reads and writes of workgroup memory in one
// loop keep their order (a read before the same thread's write is of a byte
// not written), an iteration out of bounds is reported and skipped, and a
// loop's run of global memory meets another block's. The clean kernel,
// first, finds nothing.
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
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i32
  %out = gpu.alloc host_shared () : memref<8xi32>
  %cast = memref.cast %out : memref<8xi32> to memref<*xi32>
  %in = gpu.alloc host_shared () : memref<16xi32>
  scf.for %i = %c0 to %c16 step %c1 {
    %v = arith.index_cast %i : index to i32
    memref.store %v, %in[%i] : memref<16xi32>
  }

  // Clean: each of 4 threads writes its 4 elements of a tile in a loop and,
  // after a barrier, sums the whole tile, every second element of it, and
  // no element (a loop that runs no iteration); and reads all of %in. Each
  // of 2 blocks writes its own half of %out in a loop.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %tile = memref.alloc() : memref<16xi32, #gpu.address_space<workgroup>>
    %base = arith.muli %tx, %c4 : index
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %j, %base : index
      %x = memref.load %in[%e] : memref<16xi32>
      memref.store %x, %tile[%e] : memref<16xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %all = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %zero) -> i32 {
      %x = memref.load %tile[%k] : memref<16xi32, #gpu.address_space<workgroup>>
      %y = memref.load %in[%k] : memref<16xi32>
      %xy = arith.addi %x, %y : i32
      %s2 = arith.addi %s, %xy : i32
      scf.yield %s2 : i32
    }
    %even = scf.for %k = %c0 to %c16 step %c2 iter_args(%s = %all) -> i32 {
      %x = memref.load %tile[%k] : memref<16xi32, #gpu.address_space<workgroup>>
      %s2 = arith.addi %s, %x : i32
      scf.yield %s2 : i32
    }
    %none = scf.for %k = %c4 to %c4 step %c1 iter_args(%s = %even) -> i32 {
      %x = memref.load %tile[%k] : memref<16xi32, #gpu.address_space<workgroup>>
      %s2 = arith.addi %s, %x : i32
      scf.yield %s2 : i32
    }
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      %half = arith.muli %bx, %c4 : index
      scf.for %j = %c0 to %c4 step %c1 {
        %e = arith.addi %half, %j : index
        memref.store %none, %out[%e] : memref<8xi32>
      }
    }
    gpu.terminator
  }
  // OUT: [296,  296,  296,  296,  296,  296,  296,  296]
  call @printMemrefI32(%cast) : (memref<*xi32>) -> ()

  // Two threads: each writes its element, with no barrier before a loop
  // reads both. Thread 0 reads element 1 before thread 1 writes it; thread
  // 1 reads element 0, which thread 0 wrote.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %pair = memref.alloc() : memref<2xi32, #gpu.address_space<workgroup>>
    // ERR: offload-check: uninitialized shared memory, thread (0, 0, 0): {{.*}}loops.mlir:[[@LINE+6]]:12: memref.load of the memref.alloc at {{.*}}: reads 4 bytes at byte 4 of a 8 bytes buffer of workgroup memory, of which byte 4 was not written by any thread of the block since the launch (kernel 'main_kernel', block (0, 0, 0))
    // ERR: offload-check: shared-memory race, thread (1, 0, 0): {{.*}}loops.mlir:[[@LINE+3]]:5: memref.store of {{.*}}: writes byte 4 of a 8 bytes buffer of workgroup memory, which thread (0, 0, 0) read at {{.*}}loops.mlir:[[@LINE+5]]:12: memref.load
    // ERR: offload-check: shared-memory race, thread (1, 0, 0): {{.*}}loops.mlir:[[@LINE+4]]:12: memref.load of {{.*}}: reads byte 0 of a 8 bytes buffer of workgroup memory, which thread (0, 0, 0) wrote at {{.*}}loops.mlir:[[@LINE+2]]:5: memref.store
    %id = arith.index_cast %tx : index to i32
    memref.store %id, %pair[%tx] : memref<2xi32, #gpu.address_space<workgroup>>
    %sum = scf.for %k = %c0 to %c2 step %c1 iter_args(%s = %zero) -> i32 {
      %x = memref.load %pair[%k] : memref<2xi32, #gpu.address_space<workgroup>>
      %s2 = arith.addi %s, %x : i32
      scf.yield %s2 : i32
    }
    memref.store %sum, %out[%tx] : memref<8xi32>
    gpu.terminator
  }

  // One thread reads each element before it writes it, in one loop: both
  // reads are of bytes not written.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %pair = memref.alloc() : memref<2xi32, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c2 step %c1 {
      // ERR: offload-check: uninitialized shared memory, thread (0, 0, 0): {{.*}}loops.mlir:[[@LINE+2]]:12: memref.load of {{.*}}: reads 4 bytes at byte 0 of a 8 bytes buffer
      // ERR: offload-check: uninitialized shared memory, thread (0, 0, 0): {{.*}}loops.mlir:[[@LINE+1]]:12: memref.load of {{.*}}: reads 4 bytes at byte 4 of a 8 bytes buffer
      %x = memref.load %pair[%k] : memref<2xi32, #gpu.address_space<workgroup>>
      %y = arith.addi %x, %zero : i32
      memref.store %y, %pair[%k] : memref<2xi32, #gpu.address_space<workgroup>>
    }
    gpu.terminator
  }

  // A loop one iteration too long: its last is out of bounds, reported and
  // skipped; the others are in bounds, and of bytes written.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %pair = memref.alloc() : memref<2xi32, #gpu.address_space<workgroup>>
    memref.store %zero, %pair[%c0] : memref<2xi32, #gpu.address_space<workgroup>>
    memref.store %zero, %pair[%c1] : memref<2xi32, #gpu.address_space<workgroup>>
    %sum = scf.for %k = %c0 to %c3 step %c1 iter_args(%s = %zero) -> i32 {
      // ERR: offload-check: out-of-bounds access, thread (0, 0, 0): {{.*}}loops.mlir:[[@LINE+1]]:12: memref.load of the memref.alloc at {{.*}}: index 2 in dimension 0, whose size is 2; the access was skipped (a load gives 0) (kernel 'main_kernel', block (0, 0, 0))
      %x = memref.load %pair[%k] : memref<2xi32, #gpu.address_space<workgroup>>
      %s2 = arith.addi %s, %x : i32
      scf.yield %s2 : i32
    }
    memref.store %sum, %out[%c0] : memref<8xi32>
    gpu.terminator
  }

  // Two blocks, each writing 4 elements from its own first in a loop: the
  // last 3 of block 0's are block 1's first 3.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    scf.for %j = %c0 to %c4 step %c1 {
      %e = arith.addi %bx, %j : index
      // ERR: offload-check: global-memory race between blocks, thread (0, 0, 0): {{.*}}loops.mlir:[[@LINE+1]]:7: memref.store of kernel argument {{[0-9]+}} (memref<8xi32>): writes global memory that block (0, 0, 0)'s thread (0, 0, 0) wrote at {{.*}}loops.mlir:[[@LINE+1]]:7: memref.store of kernel argument {{[0-9]+}} (memref<8xi32>) in the same launch (from address 0x{{[0-9a-f]+}}) (kernel 'main_kernel', block (1, 0, 0))
      memref.store %zero, %out[%e] : memref<8xi32>
    }
    gpu.terminator
  }
  return
}
