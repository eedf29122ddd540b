// host_peers' kernels beyond host_kernels.mlir's three, written as for a GPU,
// and the host functions that launch them synchronously on device memory
// (host memory on the host backend: no copies are timed). The same
// computations are in kernels.cl (PoCL), omp_route.mlir (MLIR's OpenMP
// route) and clang_loops.cc. Each kernel declares the block it is launched
// with (known_block_size), as host_kernels.mlir's do.
module attributes {gpu.container_module} {
  gpu.module @peer_kernels {
    // C = A B for n x n matrices, one element of C per thread, straight from
    // global memory.
    gpu.func @matmul_naive(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                           %c: memref<?x?xf32>) kernel
        attributes {known_block_size = array<i32: 16, 16, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %col = gpu.global_id x
      %row = gpu.global_id y
      %n = memref.dim %a, %c0 : memref<?x?xf32>
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
        %x = memref.load %a[%row, %k] : memref<?x?xf32>
        %y = memref.load %b[%k, %col] : memref<?x?xf32>
        %xy = arith.mulf %x, %y : f32
        %next = arith.addf %acc, %xy : f32
        scf.yield %next : f32
      }
      memref.store %sum, %c[%row, %col] : memref<?x?xf32>
      gpu.return
    }

    // One Jacobi sweep: each interior point of `out` is the mean of its four
    // neighbours in `in`; the border is not written.
    gpu.func @jacobi(%in: memref<?x?xf32>, %out: memref<?x?xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %quarter = arith.constant 0.25 : f32
      %j = gpu.global_id x
      %i = gpu.global_id y
      %n = memref.dim %in, %c0 : memref<?x?xf32>
      %last = arith.subi %n, %c1 : index
      %i_in = arith.cmpi ult, %i, %last : index
      %j_in = arith.cmpi ult, %j, %last : index
      %i_pos = arith.cmpi ugt, %i, %c0 : index
      %j_pos = arith.cmpi ugt, %j, %c0 : index
      %rows = arith.andi %i_in, %i_pos : i1
      %cols = arith.andi %j_in, %j_pos : i1
      %interior = arith.andi %rows, %cols : i1
      scf.if %interior {
        %up = arith.subi %i, %c1 : index
        %down = arith.addi %i, %c1 : index
        %left = arith.subi %j, %c1 : index
        %right = arith.addi %j, %c1 : index
        %n0 = memref.load %in[%up, %j] : memref<?x?xf32>
        %n1 = memref.load %in[%down, %j] : memref<?x?xf32>
        %n2 = memref.load %in[%i, %left] : memref<?x?xf32>
        %n3 = memref.load %in[%i, %right] : memref<?x?xf32>
        %s0 = arith.addf %n0, %n1 : f32
        %s1 = arith.addf %n2, %n3 : f32
        %s = arith.addf %s0, %s1 : f32
        %mean = arith.mulf %s, %quarter : f32
        memref.store %mean, %out[%i, %j] : memref<?x?xf32>
      }
      gpu.return
    }

    // hist[v] += the number of elements equal to v (each in [0, 256)): every
    // block counts its grid-strided share into shared memory with atomics,
    // then adds its 256 counts to `hist` with atomics. 256 threads a block.
    gpu.func @histogram(%in: memref<?xi32>, %hist: memref<256xi32>)
        workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %tid = gpu.thread_id x
      %first = gpu.global_id x
      %bdim = gpu.block_dim x
      %gdim = gpu.grid_dim x
      %stride = arith.muli %bdim, %gdim : index
      %n = memref.dim %in, %c0 : memref<?xi32>
      memref.store %zero, %local[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %i = %first to %n step %stride {
        %v = memref.load %in[%i] : memref<?xi32>
        %bin = arith.index_cast %v : i32 to index
        %old = memref.atomic_rmw addi %one, %local[%bin] : (i32, memref<256xi32, #gpu.address_space<workgroup>>) -> i32
      }
      gpu.barrier
      %count = memref.load %local[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      %old = memref.atomic_rmw addi %count, %hist[%tid] : (i32, memref<256xi32>) -> i32
      gpu.return
    }

    // Softmax of each row of `in`, one subgroup (32 lanes in x) a row: each
    // lane strides over the row, and subgroup reductions give the row's
    // maximum and the sum of its exponentials.
    gpu.func @softmax(%in: memref<?x?xf32>, %out: memref<?x?xf32>) kernel
        attributes {known_block_size = array<i32: 32, 8, 1>} {
      %c1 = arith.constant 1 : index
      %c32 = arith.constant 32 : index
      %lowest = arith.constant 0xFF800000 : f32
      %zero = arith.constant 0.0 : f32
      %one_f = arith.constant 1.0 : f32
      %lane = gpu.thread_id x
      %row = gpu.global_id y
      %cols = memref.dim %in, %c1 : memref<?x?xf32>
      %lane_max = scf.for %j = %lane to %cols step %c32 iter_args(%m = %lowest) -> f32 {
        %x = memref.load %in[%row, %j] : memref<?x?xf32>
        %bigger = arith.maximumf %m, %x : f32
        scf.yield %bigger : f32
      }
      %max = gpu.subgroup_reduce maximumf %lane_max : (f32) -> f32
      %lane_sum = scf.for %j = %lane to %cols step %c32 iter_args(%s = %zero) -> f32 {
        %x = memref.load %in[%row, %j] : memref<?x?xf32>
        %shifted = arith.subf %x, %max : f32
        %e = math.exp %shifted : f32
        %more = arith.addf %s, %e : f32
        scf.yield %more : f32
      }
      %sum = gpu.subgroup_reduce add %lane_sum : (f32) -> f32
      %inverse = arith.divf %one_f, %sum : f32
      scf.for %j = %lane to %cols step %c32 {
        %x = memref.load %in[%row, %j] : memref<?x?xf32>
        %shifted = arith.subf %x, %max : f32
        %e = math.exp %shifted : f32
        %y = arith.mulf %e, %inverse : f32
        memref.store %y, %out[%row, %j] : memref<?x?xf32>
      }
      gpu.return
    }

    gpu.func @empty() kernel
        attributes {known_block_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }

  func.func @peer_matmul_naive(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                               %c: memref<?x?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %n = memref.dim %a, %c0 : memref<?x?xf32>
    %tiles = arith.ceildivui %n, %c16 : index
    gpu.launch_func @peer_kernels::@matmul_naive
        blocks in (%tiles, %tiles, %c1) threads in (%c16, %c16, %c1)
        args(%a : memref<?x?xf32>, %b : memref<?x?xf32>, %c : memref<?x?xf32>)
    return
  }

  // A thread for every point; the kernel leaves out the border.
  func.func @peer_jacobi(%in: memref<?x?xf32>, %out: memref<?x?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %n = memref.dim %in, %c0 : memref<?x?xf32>
    %bx = arith.ceildivui %n, %c32 : index
    %by = arith.ceildivui %n, %c8 : index
    gpu.launch_func @peer_kernels::@jacobi
        blocks in (%bx, %by, %c1) threads in (%c32, %c8, %c1)
        args(%in : memref<?x?xf32>, %out : memref<?x?xf32>)
    return
  }

  func.func @peer_histogram(%in: memref<?xi32>, %hist: memref<256xi32>,
                            %blocks: index)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @peer_kernels::@histogram
        blocks in (%blocks, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%in : memref<?xi32>, %hist : memref<256xi32>)
    return
  }

  // Eight rows a block of 32 x 8 threads; the row count a multiple of 8.
  func.func @peer_softmax(%in: memref<?x?xf32>, %out: memref<?x?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %rows = memref.dim %in, %c0 : memref<?x?xf32>
    %blocks = arith.ceildivui %rows, %c8 : index
    gpu.launch_func @peer_kernels::@softmax
        blocks in (%c1, %blocks, %c1) threads in (%c32, %c8, %c1)
        args(%in : memref<?x?xf32>, %out : memref<?x?xf32>)
    return
  }

  // One single-thread block per thread of the pool: the launch round trip.
  func.func @peer_empty(%blocks: index) attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    gpu.launch_func @peer_kernels::@empty
        blocks in (%blocks, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
