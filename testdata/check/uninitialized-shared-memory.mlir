// The host target's kernel checks (docs/checking.md): a read of workgroup
// memory, static or dynamic, that no thread of the block wrote since the
// launch is one finding, named by the thread, its op and the first byte
// not written. What another block wrote does not count: each block has its
// own. The clean kernels, first, find nothing.
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
  %c7 = arith.constant 7 : index
  %c8 = arith.constant 8 : index
  %bytes = arith.constant 32 : i32
  %out = gpu.alloc host_shared () : memref<8xi32>
  %cast = memref.cast %out : memref<8xi32> to memref<*xi32>
  %scratch = gpu.alloc host_shared () : memref<16xi32>

  // Clean: every slot written before the barrier, static and dynamic.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    %shared = memref.alloc() : memref<8xi32, #gpu.address_space<workgroup>>
    %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %dynamic = memref.view %raw[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi32, #gpu.address_space<workgroup>>
    %id = arith.index_cast %tx : index to i32
    memref.store %id, %shared[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    memref.store %id, %dynamic[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %next0 = arith.addi %tx, %c1 : index
    %next = arith.remui %next0, %c8 : index
    %a = memref.load %shared[%next] : memref<8xi32, #gpu.address_space<workgroup>>
    %b = memref.load %dynamic[%next] : memref<8xi32, #gpu.address_space<workgroup>>
    %sum = arith.addi %a, %b : i32
    // Block 0 alone: two blocks writing one element would race.
    %block0 = arith.cmpi eq, %bx, %c0 : index
    scf.if %block0 {
      memref.store %sum, %out[%tx] : memref<8xi32>
    }
    gpu.terminator
  }
  // Thread 7 writes nothing: thread 6 reads its slot, in each block.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %shared = memref.alloc() : memref<8xi32, #gpu.address_space<workgroup>>
    %writes = arith.cmpi ult, %tx, %c7 : index
    scf.if %writes {
      %id = arith.index_cast %tx : index to i32
      memref.store %id, %shared[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %next0 = arith.addi %tx, %c1 : index
    %next = arith.remui %next0, %c8 : index
    // Two blocks, which may run on two workers at once: in either order.
    // ERR-DAG: offload-check: uninitialized shared memory, thread (6, 0, 0): {{.*}}uninitialized-shared-memory.mlir:[[@LINE+2]]:10: memref.load of the memref.alloc at {{.*}}: reads 4 bytes at byte 28 of a 32 bytes buffer of workgroup memory, of which byte 28 was not written by any thread of the block since the launch (kernel 'main_kernel', block (0, 0, 0))
    // ERR-DAG: offload-check: uninitialized shared memory, thread (6, 0, 0): {{.*}} (kernel 'main_kernel', block (1, 0, 0))
    %v = memref.load %shared[%next] : memref<8xi32, #gpu.address_space<workgroup>>
    %base = arith.muli %bx, %c8 : index
    %slot = arith.addi %base, %tx : index
    memref.store %v, %scratch[%slot] : memref<16xi32>
    gpu.terminator
  }
  // Only block 0 writes the dynamic shared memory; block 1 reads it all.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %bytes {
    %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %dynamic = memref.view %raw[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<8xi32, #gpu.address_space<workgroup>>
    %first = arith.cmpi eq, %bx, %c0 : index
    scf.if %first {
      %one = arith.constant 1 : i32
      memref.store %one, %dynamic[%c2] : memref<8xi32, #gpu.address_space<workgroup>>
    }
    // ERR: offload-check: uninitialized shared memory, thread (0, 0, 0): {{.*}}uninitialized-shared-memory.mlir:[[@LINE+1]]:10: memref.load of the memref.view at {{.*}}: reads 4 bytes at byte 8 of a 32 bytes buffer of workgroup memory, of which byte 8 was not written by any thread of the block since the launch (kernel 'main_kernel', block (1, 0, 0))
    %v = memref.load %dynamic[%c2] : memref<8xi32, #gpu.address_space<workgroup>>
    memref.store %v, %scratch[%bx] : memref<16xi32>
    gpu.terminator
  }
  // OUT: [2,  4,  6,  8,  10,  12,  14,  0]
  call @printMemrefI32(%cast) : (memref<*xi32>) -> ()
  return
}
