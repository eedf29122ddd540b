// memref.alloc of workgroup memory inside a kernel is one buffer per block,
// as a workgroup attribution is and as a GPU's shared variable is, wherever
// the kernel allocates it (a memref.dealloc of it does nothing: it lives as
// long as the block). It was one buffer per thread (malloc), so that no
// thread saw what another wrote. In 2 blocks of 64 threads:
//   - at the kernel's top level: thread t of block b writes t + 100 b, and
//     after a barrier reads its mirror's, 63 - t + 100 b, plus a counter
//     that every thread raised by 1 with an atomic: 127 - t + 100 b;
//   - in a loop with barriers, allocated (and deallocated) in each of 4
//     iterations: iteration k writes t k and reads its mirror's, (63 - t) k,
//     which add up to 6 (63 - t);
//   - 8 x 8 of 2-D memory, 64-byte aligned, with 8 x 8 threads: a
//     transposition, thread (x, y) reading what (y, x) wrote, 8 x + y + 100 b.
// The host checks each element against those sums: the line is [the count
// of wrong elements, then block 1's first elements of each kernel].
//

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %out = gpu.alloc host_shared () : memref<3x2x64xi32>

  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %z = arith.constant 0 : index
    %c63 = arith.constant 63 : index
    %s = memref.alloc() : memref<64xi32, #gpu.address_space<workgroup>>
    %count = memref.alloc() : memref<1xi32, #gpu.address_space<workgroup>>
    %t = arith.index_cast %tx : index to i32
    %b = arith.index_cast %bx : index to i32
    %hundred = arith.constant 100 : i32
    %b100 = arith.muli %b, %hundred : i32
    %v = arith.addi %t, %b100 : i32
    memref.store %v, %s[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
    %first = arith.cmpi eq, %tx, %z : index
    scf.if %first {
      %zero = arith.constant 0 : i32
      memref.store %zero, %count[%z] : memref<1xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addi %one, %count[%z] : (i32, memref<1xi32, #gpu.address_space<workgroup>>) -> i32
    gpu.barrier
    %mirror = arith.subi %c63, %tx : index
    %w = memref.load %s[%mirror] : memref<64xi32, #gpu.address_space<workgroup>>
    %n = memref.load %count[%z] : memref<1xi32, #gpu.address_space<workgroup>>
    %sum = arith.addi %w, %n : i32
    memref.store %sum, %out[%z, %bx, %tx] : memref<3x2x64xi32>
    gpu.terminator
  }

  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %z = arith.constant 0 : index
    %one = arith.constant 1 : index
    %four = arith.constant 4 : index
    %c63 = arith.constant 63 : index
    %none = arith.constant 0 : i32
    %t = arith.index_cast %tx : index to i32
    %mirror = arith.subi %c63, %tx : index
    %total = scf.for %k = %z to %four step %one iter_args(%acc = %none) -> i32 {
      %s = memref.alloc() : memref<64xi32, #gpu.address_space<workgroup>>
      %kk = arith.index_cast %k : index to i32
      %v = arith.muli %t, %kk : i32
      memref.store %v, %s[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %s[%mirror] : memref<64xi32, #gpu.address_space<workgroup>>
      %more = arith.addi %acc, %w : i32
      gpu.barrier
      memref.dealloc %s : memref<64xi32, #gpu.address_space<workgroup>>
      scf.yield %more : i32
    }
    memref.store %total, %out[%one, %bx, %tx] : memref<3x2x64xi32>
    gpu.terminator
  }

  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %two = arith.constant 2 : index
    %eight = arith.constant 8 : index
    %tile = memref.alloc() {alignment = 64 : i64} : memref<8x8xi32, #gpu.address_space<workgroup>>
    %row = arith.muli %ty, %eight : index
    %linear = arith.addi %row, %tx : index
    %l = arith.index_cast %linear : index to i32
    %b = arith.index_cast %bx : index to i32
    %hundred = arith.constant 100 : i32
    %b100 = arith.muli %b, %hundred : i32
    %v = arith.addi %l, %b100 : i32
    memref.store %v, %tile[%ty, %tx] : memref<8x8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx, %ty] : memref<8x8xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%two, %bx, %linear] : memref<3x2x64xi32>
    gpu.terminator
  }

  // The expected values, element by element.
  %none = arith.constant 0 : i32
  %wrong = scf.for %b = %c0 to %c2 step %c1 iter_args(%w0 = %none) -> i32 {
    %wb = scf.for %t = %c0 to %c64 step %c1 iter_args(%w1 = %w0) -> i32 {
      %bb = arith.index_cast %b : index to i32
      %tt = arith.index_cast %t : index to i32
      %hundred = arith.constant 100 : i32
      %b100 = arith.muli %bb, %hundred : i32
      %i127 = arith.constant 127 : i32
      %i63 = arith.constant 63 : i32
      %i6 = arith.constant 6 : i32
      %i8 = arith.constant 8 : i32
      %m127 = arith.subi %i127, %tt : i32
      %want0 = arith.addi %m127, %b100 : i32
      %m63 = arith.subi %i63, %tt : i32
      %want1 = arith.muli %m63, %i6 : i32
      %x = arith.remui %tt, %i8 : i32
      %y = arith.divui %tt, %i8 : i32
      %x8 = arith.muli %x, %i8 : i32
      %xy = arith.addi %x8, %y : i32
      %want2 = arith.addi %xy, %b100 : i32
      %got0 = memref.load %out[%c0, %b, %t] : memref<3x2x64xi32>
      %got1 = memref.load %out[%c1, %b, %t] : memref<3x2x64xi32>
      %got2 = memref.load %out[%c2, %b, %t] : memref<3x2x64xi32>
      %bad0 = arith.cmpi ne, %got0, %want0 : i32
      %bad1 = arith.cmpi ne, %got1, %want1 : i32
      %bad2 = arith.cmpi ne, %got2, %want2 : i32
      %n0 = arith.extui %bad0 : i1 to i32
      %n1 = arith.extui %bad1 : i1 to i32
      %n2 = arith.extui %bad2 : i1 to i32
      %s0 = arith.addi %w1, %n0 : i32
      %s1 = arith.addi %s0, %n1 : i32
      %s2 = arith.addi %s1, %n2 : i32
      scf.yield %s2 : i32
    }
    scf.yield %wb : i32
  }
  %summary = memref.alloca() : memref<7xi32>
  memref.store %wrong, %summary[%c0] : memref<7xi32>
  scf.for %i = %c0 to %c3 step %c1 {
    %first = memref.load %out[%i, %c1, %c0] : memref<3x2x64xi32>
    %second = memref.load %out[%i, %c1, %c1] : memref<3x2x64xi32>
    %twice = arith.addi %i, %i : index
    %at = arith.addi %twice, %c1 : index
    %next = arith.addi %at, %c1 : index
    memref.store %first, %summary[%at] : memref<7xi32>
    memref.store %second, %summary[%next] : memref<7xi32>
  }
  %u = memref.cast %summary : memref<7xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
// 227, 226; 378, 372; 100, 108.
// CHECK: {{\[}}0,  227,  226,  378,  372,  100,  108]
