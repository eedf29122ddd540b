// A 3-D grid of 3-D blocks (grid 2x3x2, blocks 4x2x3): every thread writes
// its global linear id where the ids and sizes of gpu.block_id, gpu.thread_id,
// gpu.block_dim, gpu.grid_dim and gpu.global_id say it belongs, and a cell
// that two threads hit or none does shows up.
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  // z = 6, y = 6, x = 8 cells; and each cell's hit count.
  %ids = gpu.alloc host_shared () : memref<6x6x8xi32>
  %hits = gpu.alloc host_shared () : memref<6x6x8xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %hits, %zero : memref<6x6x8xi32>, i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c3, %gz = %c2)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c2, %sz = %c3) {
    %x = gpu.global_id x
    %y = gpu.global_id y
    %z = gpu.global_id z
    // The same from the parts.
    %bdx = gpu.block_dim x
    %bdy = gpu.block_dim y
    %bdz = gpu.block_dim z
    %gdx = gpu.grid_dim x
    %gdy = gpu.grid_dim y
    %x2 = arith.muli %bx, %bdx : index
    %x3 = arith.addi %x2, %tx : index
    %y2 = arith.muli %by, %bdy : index
    %y3 = arith.addi %y2, %ty : index
    %z2 = arith.muli %bz, %bdz : index
    %z3 = arith.addi %z2, %tz : index
    %width = arith.muli %gdx, %bdx : index
    %height = arith.muli %gdy, %bdy : index
    %plane = arith.muli %z3, %height : index
    %row = arith.addi %plane, %y3 : index
    %scaled = arith.muli %row, %width : index
    %linear = arith.addi %scaled, %x3 : index
    %id = arith.index_cast %linear : index to i32
    memref.store %id, %ids[%z, %y, %x] : memref<6x6x8xi32>
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addi %one, %hits[%z3, %y3, %x3] : (i32, memref<6x6x8xi32>) -> i32
    gpu.terminator
  }
  // Cell (z, y, x) holds (z * 6 + y) * 8 + x: 0 to 287 in order.
  %c0 = arith.constant 0 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %wrong = scf.for %z = %c0 to %c6 step %c1 iter_args(%w0 = %zero) -> i32 {
    %wz = scf.for %y = %c0 to %c6 step %c1 iter_args(%w1 = %w0) -> i32 {
      %wy = scf.for %x = %c0 to %c8 step %c1 iter_args(%w2 = %w1) -> i32 {
        %zy = arith.muli %z, %c6 : index
        %zy2 = arith.addi %zy, %y : index
        %zyx = arith.muli %zy2, %c8 : index
        %expected_index = arith.addi %zyx, %x : index
        %expected = arith.index_cast %expected_index : index to i32
        %got = memref.load %ids[%z, %y, %x] : memref<6x6x8xi32>
        %hit = memref.load %hits[%z, %y, %x] : memref<6x6x8xi32>
        %one = arith.constant 1 : i32
        %bad_id = arith.cmpi ne, %got, %expected : i32
        %bad_hit = arith.cmpi ne, %hit, %one : i32
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
  %first = memref.load %ids[%c0, %c0, %c0] : memref<6x6x8xi32>
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %last = memref.load %ids[%c5, %c5, %c7] : memref<6x6x8xi32>
  memref.store %wrong, %summary[%c0] : memref<3xi32>
  memref.store %first, %summary[%c1] : memref<3xi32>
  memref.store %last, %summary[%c2] : memref<3xi32>
  %summary_u = memref.cast %summary : memref<3xi32> to memref<*xi32>
  // Wrong cells, the first id, the last id.
  // CHECK: [0, 0, 287]
  call @printMemrefI32(%summary_u) : (memref<*xi32>) -> ()
  gpu.dealloc %ids : memref<6x6x8xi32>
  gpu.dealloc %hits : memref<6x6x8xi32>
  return
}
