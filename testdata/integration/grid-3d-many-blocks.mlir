// A 3-D grid of 5x7x9 blocks, more blocks than a worker takes at a time on
// the host, so that its ranges of blocks start and end inside rows and
// planes: every block writes its linear id where gpu.block_id says it
// belongs, and a cell that two blocks hit or none does shows up.
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c9 = arith.constant 9 : index
  %ids = gpu.alloc host_shared () : memref<9x7x5xi32>
  %hits = gpu.alloc host_shared () : memref<9x7x5xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %hits, %zero : memref<9x7x5xi32>, i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c5, %gy = %c7, %gz = %c9)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %plane = arith.muli %bz, %gy : index
    %row = arith.addi %plane, %by : index
    %scaled = arith.muli %row, %gx : index
    %linear = arith.addi %scaled, %bx : index
    %id = arith.index_cast %linear : index to i32
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      memref.store %id, %ids[%bz, %by, %bx] : memref<9x7x5xi32>
    }
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addi %one, %hits[%bz, %by, %bx] : (i32, memref<9x7x5xi32>) -> i32
    gpu.terminator
  }
  // Cell (z, y, x) holds (z * 7 + y) * 5 + x, and was hit by both threads
  // of its block.
  %wrong = scf.for %z = %c0 to %c9 step %c1 iter_args(%w0 = %zero) -> i32 {
    %wz = scf.for %y = %c0 to %c7 step %c1 iter_args(%w1 = %w0) -> i32 {
      %wy = scf.for %x = %c0 to %c5 step %c1 iter_args(%w2 = %w1) -> i32 {
        %zy = arith.muli %z, %c7 : index
        %zy2 = arith.addi %zy, %y : index
        %zyx = arith.muli %zy2, %c5 : index
        %expected_index = arith.addi %zyx, %x : index
        %expected = arith.index_cast %expected_index : index to i32
        %got = memref.load %ids[%z, %y, %x] : memref<9x7x5xi32>
        %hit = memref.load %hits[%z, %y, %x] : memref<9x7x5xi32>
        %two = arith.constant 2 : i32
        %bad_id = arith.cmpi ne, %got, %expected : i32
        %bad_hit = arith.cmpi ne, %hit, %two : i32
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
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %first_id = memref.load %ids[%c0, %c0, %c0] : memref<9x7x5xi32>
  %last_id = memref.load %ids[%c8, %c6, %c4] : memref<9x7x5xi32>
  memref.store %wrong, %summary[%c0] : memref<3xi32>
  memref.store %first_id, %summary[%c1] : memref<3xi32>
  memref.store %last_id, %summary[%c2] : memref<3xi32>
  %summary_u = memref.cast %summary : memref<3xi32> to memref<*xi32>
  // Wrong cells, the first id, the last id.
  // CHECK: [0, 0, 314]
  call @printMemrefI32(%summary_u) : (memref<*xi32>) -> ()
  gpu.dealloc %ids : memref<9x7x5xi32>
  gpu.dealloc %hits : memref<9x7x5xi32>
  return
}
