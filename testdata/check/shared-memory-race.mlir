// The host target's kernel checks (docs/checking.md): two threads of a block
// that touch the same byte of workgroup memory with no gpu.barrier between
// them, one of them writing, race; atomics with atomics do not. Each race is
// one finding, named by the thread that comes second, its op, the byte, and
// the other thread and its op. The clean kernel, first, finds nothing.
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
  %c8 = arith.constant 8 : index
  %out = gpu.alloc host_shared () : memref<2x8xi32>
  %cast = memref.cast %out : memref<2x8xi32> to memref<*xi32>
  %racy = gpu.alloc host_shared () : memref<2xi32>

  // Clean: each thread writes its slot, and after a barrier reads its
  // neighbour's, and after another overwrites its own; then every thread
  // adds to slot 0 atomically.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %shared = memref.alloc() : memref<8xi32, #gpu.address_space<workgroup>>
    %id = arith.index_cast %tx : index to i32
    memref.store %id, %shared[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %next0 = arith.addi %tx, %c1 : index
    %next = arith.remui %next0, %c8 : index
    %v = memref.load %shared[%next] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    memref.store %v, %shared[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addi %one, %shared[%c0] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
    gpu.barrier
    %w = memref.load %shared[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%c0, %tx] : memref<2x8xi32>
    gpu.terminator
  }
  // The same without the barrier between the read and the write: thread 1
  // overwrites the slot that thread 0 read, and so on around.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %shared = memref.alloc() : memref<8xi32, #gpu.address_space<workgroup>>
    %id = arith.index_cast %tx : index to i32
    memref.store %id, %shared[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %next0 = arith.addi %tx, %c1 : index
    %next = arith.remui %next0, %c8 : index
    // ERR: offload-check: shared-memory race, thread (1, 0, 0): {{.*}}shared-memory-race.mlir:[[@LINE+2]]:5: memref.store of the memref.alloc at {{.*}} (memref<8xi32, #gpu.address_space<workgroup>>): writes byte 4 of a 32 bytes buffer of workgroup memory, which thread (0, 0, 0) read at {{.*}}shared-memory-race.mlir:[[@LINE+1]]:10: memref.load of {{.*}}, with no gpu.barrier between them (kernel 'main_kernel', block (0, 0, 0))
    %v = memref.load %shared[%next] : memref<8xi32, #gpu.address_space<workgroup>>
    memref.store %v, %shared[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    // ERR: offload-check: shared-memory race, thread (2, 0, 0): {{.*}}: writes byte 8 of {{.*}} which thread (1, 0, 0) read
    // ERR: offload-check: shared-memory race, thread (3, 0, 0)
    // ERR: offload-check: shared-memory race, thread (4, 0, 0)
    // ERR: offload-check: shared-memory race, thread (5, 0, 0)
    // ERR: offload-check: shared-memory race, thread (6, 0, 0)
    // ERR: offload-check: shared-memory race, thread (7, 0, 0): {{.*}}: reads byte 0 of {{.*}} which thread (0, 0, 0) wrote at {{.*}}shared-memory-race.mlir:{{[0-9]+}}:5
    // ERR: offload-check: shared-memory race, thread (7, 0, 0): {{.*}}: writes byte 28 of {{.*}} which thread (6, 0, 0) read
    gpu.terminator
  }
  // A plain read of what another thread updates atomically, with no
  // barrier between: each of the two threads' atomics races with the other's
  // read.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %shared = memref.alloc() : memref<1xi32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.store %zero, %shared[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %one = arith.constant 1 : i32
    // ERR: offload-check: shared-memory race, thread (1, 0, 0): {{.*}}shared-memory-race.mlir:[[@LINE+2]]:12: memref.atomic_rmw of {{.*}}: updates atomically byte 0 of a 4 bytes buffer of workgroup memory, which thread (0, 0, 0) read at {{.*}}shared-memory-race.mlir:[[@LINE+3]]:12: memref.load of
    // ERR: offload-check: shared-memory race, thread (1, 0, 0): {{.*}}shared-memory-race.mlir:[[@LINE+2]]:12: memref.load of {{.*}}: reads byte 0 of a 4 bytes buffer of workgroup memory, which thread (0, 0, 0) updated atomically at {{.*}}shared-memory-race.mlir:[[@LINE+1]]:12: memref.atomic_rmw of
    %old = memref.atomic_rmw addi %one, %shared[%c0] : (i32, memref<1xi32, #gpu.address_space<workgroup>>) -> i32
    %now = memref.load %shared[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    memref.store %now, %racy[%tx] : memref<2xi32>
    gpu.terminator
  }
  // Bytes of a buffer that is also accessed as words: races are of bytes.
  // Each thread writes its word, and after a barrier its own byte of the
  // first two words (no race); after another, thread t writes byte t % 4:
  // threads 4 to 7 write the bytes that threads 0 to 3 wrote.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %raw = memref.alloc() : memref<32xi8, #gpu.address_space<workgroup>>
    %words = memref.view %raw[%c0][] : memref<32xi8, #gpu.address_space<workgroup>> to memref<8xi32, #gpu.address_space<workgroup>>
    %zero = arith.constant 0 : i32
    memref.store %zero, %words[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %byte = arith.index_cast %tx : index to i8
    memref.store %byte, %raw[%tx] : memref<32xi8, #gpu.address_space<workgroup>>
    gpu.barrier
    %c4 = arith.constant 4 : index
    %low = arith.remui %tx, %c4 : index
    // ERR: offload-check: shared-memory race, thread (4, 0, 0): {{.*}}shared-memory-race.mlir:[[@LINE+4]]:5: memref.store of {{.*}}: writes byte 0 of a 32 bytes buffer of workgroup memory, which thread (0, 0, 0) wrote at {{.*}}shared-memory-race.mlir:[[@LINE+4]]:5: memref.store of
    // ERR: offload-check: shared-memory race, thread (5, 0, 0): {{.*}}: writes byte 1 of {{.*}} which thread (1, 0, 0) wrote
    // ERR: offload-check: shared-memory race, thread (6, 0, 0): {{.*}}: writes byte 2 of {{.*}} which thread (2, 0, 0) wrote
    // ERR: offload-check: shared-memory race, thread (7, 0, 0): {{.*}}: writes byte 3 of {{.*}} which thread (3, 0, 0) wrote
    memref.store %byte, %raw[%low] : memref<32xi8, #gpu.address_space<workgroup>>
    gpu.terminator
  }
  // Clean, of bytes from the first access on: each thread writes its
  // byte, and after a barrier reads its neighbour's.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %raw = memref.alloc() : memref<8xi8, #gpu.address_space<workgroup>>
    %byte = arith.index_cast %tx : index to i8
    memref.store %byte, %raw[%tx] : memref<8xi8, #gpu.address_space<workgroup>>
    gpu.barrier
    %next0 = arith.addi %tx, %c1 : index
    %next = arith.remui %next0, %c8 : index
    %v = memref.load %raw[%next] : memref<8xi8, #gpu.address_space<workgroup>>
    %w = arith.extui %v : i8 to i32
    memref.store %w, %racy[%c0] : memref<2xi32>
    gpu.terminator
  }
  // OUT: {{\[}}[9,   2,   3,   4,   5,   6,   7,   0],
  call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
  return
}
