// Private memory that lives across a barrier, in blocks of 1024 threads: 64
// KiB per thread (a memref.alloca of 16384 i32) and a private attribution of
// another address space, 64 MiB per block in all, which a worker's stack
// could not hold (once a SIGSEGV). Thread t of block b writes b + t + i to
// element i of its array, then after the barrier reads elements 16383 and
// 100; its attribution holds 2 * t. out = elem[16383] + elem[100] + attr:
// (b + t + 16383) + (b + t + 100) + 2t = 2b + 4t + 16483.
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c1024 = arith.constant 1024 : index
  %out = gpu.alloc host_shared () : memref<4x1024xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1024, %sy = %c1, %sz = %c1)
             private(%attribution : memref<4xi32, #gpu.address_space<private>>) {
    %c0 = arith.constant 0 : index
    %c1_ = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c100 = arith.constant 100 : index
    %last = arith.constant 16383 : index
    %n = arith.constant 16384 : index
    %array = memref.alloca() : memref<16384xi32>
    %base = arith.addi %bx, %tx : index
    scf.for %i = %c0 to %n step %c1_ {
      %v = arith.addi %base, %i : index
      %v32 = arith.index_cast %v : index to i32
      memref.store %v32, %array[%i] : memref<16384xi32>
    }
    %twice = arith.muli %tx, %c2 : index
    %twice32 = arith.index_cast %twice : index to i32
    memref.store %twice32, %attribution[%c1_] : memref<4xi32, #gpu.address_space<private>>
    gpu.barrier
    %a = memref.load %array[%last] : memref<16384xi32>
    %b = memref.load %array[%c100] : memref<16384xi32>
    %c = memref.load %attribution[%c1_] : memref<4xi32, #gpu.address_space<private>>
    %ab = arith.addi %a, %b : i32
    %abc = arith.addi %ab, %c : i32
    memref.store %abc, %out[%bx, %tx] : memref<4x1024xi32>
    gpu.terminator
  }
  // Threads 0 to 2 and 1021 to 1023 of each block.
  %ends = memref.alloc() : memref<4x6xi32>
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %c1018 = arith.constant 1018 : index
  scf.for %row = %c0 to %c4 step %c1 {
    scf.for %k = %c0 to %c6 step %c1 {
      %late = arith.cmpi uge, %k, %c3 : index
      %shifted = arith.addi %k, %c1018 : index
      %t = arith.select %late, %shifted, %k : index
      %v = memref.load %out[%row, %t] : memref<4x1024xi32>
      memref.store %v, %ends[%row, %k] : memref<4x6xi32>
    }
  }
  %u = memref.cast %ends : memref<4x6xi32> to memref<*xi32>
  // CHECK: {{\[}}[16483, 16487, 16491, 20567, 20571, 20575],
  // CHECK-NEXT: [16485, 16489, 16493, 20569, 20573, 20577],
  // CHECK-NEXT: [16487, 16491, 16495, 20571, 20575, 20579],
  // CHECK-NEXT: [16489, 16493, 16497, 20573, 20577, 20581]]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  memref.dealloc %ends : memref<4x6xi32>
  gpu.dealloc %out : memref<4x1024xi32>
  return
}
