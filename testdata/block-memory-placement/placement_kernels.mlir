// A block sum through a tile of workgroup memory, whose address each block
// also reports: block_memory_placement_test.cc checks both.
module attributes {gpu.container_module} {
  gpu.module @placement {
    // sums[b] = in[256 b] + ... + in[256 b + 255], added up by thread 0 from
    // the tile the block's threads filled; where[b] = the tile's address.
    gpu.func @tile_sums(%in: memref<?xi32, strided<[1], offset: ?>>,
                        %sums: memref<?xi32>, %where: memref<?xindex>)
        workgroup(%tile: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c256 = arith.constant 256 : index
      %zero = arith.constant 0 : i32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %i = gpu.global_id x
      %x = memref.load %in[%i] : memref<?xi32, strided<[1], offset: ?>>
      memref.store %x, %tile[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %sum = scf.for %j = %c0 to %c256 step %c1 iter_args(%s = %zero) -> i32 {
          %y = memref.load %tile[%j] : memref<256xi32, #gpu.address_space<workgroup>>
          %more = arith.addi %s, %y : i32
          scf.yield %more : i32
        }
        memref.store %sum, %sums[%bid] : memref<?xi32>
        %address = memref.extract_aligned_pointer_as_index %tile : memref<256xi32, #gpu.address_space<workgroup>> -> index
        memref.store %address, %where[%bid] : memref<?xindex>
      }
      gpu.return
    }
  }

  func.func @place_tile_sums(%in: memref<?xi32, strided<[1], offset: ?>>,
                             %sums: memref<?xi32>, %where: memref<?xindex>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %blocks = memref.dim %sums, %c0 : memref<?xi32>
    gpu.launch_func @placement::@tile_sums blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1)
        args(%in : memref<?xi32, strided<[1], offset: ?>>,
             %sums : memref<?xi32>, %where : memref<?xindex>)
    return
  }
}
