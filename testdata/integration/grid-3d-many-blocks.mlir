// A 3-D grid of 7x9x9 blocks of 1024 threads: on the host, a worker takes
// ranges of blocks that start and end inside rows and planes, and runs a
// range in several calls of at most 16 such blocks. Every block writes its
// linear id where gpu.block_id says it belongs, and each of its threads
// counts a hit there: a cell that two blocks hit or none does shows up.
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %c1024 = arith.constant 1024 : index
  %ids = gpu.alloc host_shared () : memref<9x9x7xi32>
  %hits = gpu.alloc host_shared () : memref<9x9x7xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %hits, %zero : memref<9x9x7xi32>, i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c7, %gy = %c9, %gz = %c9)
             threads(%tx, %ty, %tz) in (%sx = %c1024, %sy = %c1, %sz = %c1) {
    %plane = arith.muli %bz, %gy : index
    %row = arith.addi %plane, %by : index
    %scaled = arith.muli %row, %gx : index
    %linear = arith.addi %scaled, %bx : index
    %id = arith.index_cast %linear : index to i32
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.store %id, %ids[%bz, %by, %bx] : memref<9x9x7xi32>
    }
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addi %one, %hits[%bz, %by, %bx] : (i32, memref<9x9x7xi32>) -> i32
    gpu.terminator
  }
  // Cell (z, y, x) holds (z * 9 + y) * 7 + x, and was hit by every thread
  // of its block.
  %wrong = scf.for %z = %c0 to %c9 step %c1 iter_args(%w0 = %zero) -> i32 {
    %wz = scf.for %y = %c0 to %c9 step %c1 iter_args(%w1 = %w0) -> i32 {
      %wy = scf.for %x = %c0 to %c7 step %c1 iter_args(%w2 = %w1) -> i32 {
        %zy = arith.muli %z, %c9 : index
        %zy2 = arith.addi %zy, %y : index
        %zyx = arith.muli %zy2, %c7 : index
        %expected_index = arith.addi %zyx, %x : index
        %expected = arith.index_cast %expected_index : index to i32
        %got = memref.load %ids[%z, %y, %x] : memref<9x9x7xi32>
        %hit = memref.load %hits[%z, %y, %x] : memref<9x9x7xi32>
        %all = arith.constant 1024 : i32
        %bad_id = arith.cmpi ne, %got, %expected : i32
        %bad_hit = arith.cmpi ne, %hit, %all : i32
        %bad = arith.ori %bad_id, %bad_hit : i1
        %bad_i32 = arith.extui %bad : i1 to i32
        %w3 = arith.addi %w2, %bad_i32 : i32
        scf.yield %w3 : i32
      }
      scf.yield %wy : i32
    }
    scf.yield %wz : i32
  }
  %summary = memref.alloca() : memref<3xi32>
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %first_id = memref.load %ids[%c0, %c0, %c0] : memref<9x9x7xi32>
  %last_id = memref.load %ids[%c8, %c8, %c6] : memref<9x9x7xi32>
  memref.store %wrong, %summary[%c0] : memref<3xi32>
  memref.store %first_id, %summary[%c1] : memref<3xi32>
  memref.store %last_id, %summary[%c2] : memref<3xi32>
  %summary_u = memref.cast %summary : memref<3xi32> to memref<*xi32>
  // Wrong cells, the first id, the last id.
  // CHECK: [0, 0, 566]
  call @printMemrefI32(%summary_u) : (memref<*xi32>) -> ()
  gpu.dealloc %ids : memref<9x9x7xi32>
  gpu.dealloc %hits : memref<9x9x7xi32>
  return
}
