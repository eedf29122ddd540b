// The host-target benchmark's kernels, written as for a GPU, and the host
// functions that launch them synchronously on device memory (which, on the
// host backend, is host memory: no copies are timed). Each kernel declares the
// block it is launched with (known_block_size), as one outlined from a
// gpu.launch of constant sizes does: the host target's thread loops then run
// a constant number of threads.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // c[i] = a[i] + b[i], one element per thread.
    gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>,
                  %n: index) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %c[%i] : memref<?xf32>
      }
      gpu.return
    }

    // partial[block] = the sum of the block's 256 elements: a tree in shared
    // memory, halving the active threads after each barrier.
    gpu.func @block_sum(%in: memref<?xf32>, %partial: memref<?xf32>,
                        %n: index)
        workgroup(%tile: memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      %v = scf.if %inside -> f32 {
        %x = memref.load %in[%i] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %v, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %step = %c0 to %c8 step %c1 {
        %half = arith.shrui %c128, %step : index
        %active = arith.cmpi ult, %tid, %half : index
        scf.if %active {
          %other = arith.addi %tid, %half : index
          %mine = memref.load %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
          %theirs = memref.load %tile[%other] : memref<256xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %mine, %theirs : f32
          memref.store %s, %tile[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %total = memref.load %tile[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %total, %partial[%bid] : memref<?xf32>
      }
      gpu.return
    }

    // C = A B for n x n matrices, n a multiple of 16: each 16 x 16 block of
    // threads computes a 16 x 16 tile of C from tiles of A and B staged in
    // shared memory.
    gpu.func @matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                     %c: memref<?x?xf32>)
        workgroup(%as: memref<16x16xf32, #gpu.address_space<workgroup>>,
                  %bs: memref<16x16xf32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c16 = arith.constant 16 : index
      %zero = arith.constant 0.0 : f32
      %tx = gpu.thread_id x
      %ty = gpu.thread_id y
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %n = memref.dim %a, %c0 : memref<?x?xf32>
      %row0 = arith.muli %by, %c16 : index
      %row = arith.addi %row0, %ty : index
      %col0 = arith.muli %bx, %c16 : index
      %col = arith.addi %col0, %tx : index
      %sum = scf.for %k0 = %c0 to %n step %c16 iter_args(%acc = %zero) -> f32 {
        %ak = arith.addi %k0, %tx : index
        %bk = arith.addi %k0, %ty : index
        %x = memref.load %a[%row, %ak] : memref<?x?xf32>
        %y = memref.load %b[%bk, %col] : memref<?x?xf32>
        memref.store %x, %as[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        memref.store %y, %bs[%ty, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
        gpu.barrier
        %tile = scf.for %k = %c0 to %c16 step %c1 iter_args(%t = %acc) -> f32 {
          %p = memref.load %as[%ty, %k] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %q = memref.load %bs[%k, %tx] : memref<16x16xf32, #gpu.address_space<workgroup>>
          %pq = arith.mulf %p, %q : f32
          %t2 = arith.addf %t, %pq : f32
          scf.yield %t2 : f32
        }
        gpu.barrier
        scf.yield %tile : f32
      }
      memref.store %sum, %c[%row, %col] : memref<?x?xf32>
      gpu.return
    }
  }

  func.func @bench_vector_add(%a: memref<?xf32>, %b: memref<?xf32>,
                              %c: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @kernels::@add blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1)
        args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>,
             %n : index)
    return
  }

  func.func @bench_block_reduce(%in: memref<?xf32>, %partial: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %in, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @kernels::@block_sum blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1)
        args(%in : memref<?xf32>, %partial : memref<?xf32>, %n : index)
    return
  }

  func.func @bench_matmul(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                          %c: memref<?x?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %n = memref.dim %a, %c0 : memref<?x?xf32>
    %tiles = arith.ceildivui %n, %c16 : index
    gpu.launch_func @kernels::@matmul blocks in (%tiles, %tiles, %c1)
        threads in (%c16, %c16, %c1)
        args(%a : memref<?x?xf32>, %b : memref<?x?xf32>, %c : memref<?x?xf32>)
    return
  }
}
