// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' \
// RUN:   | FileCheck %s
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host{check=true}))' \
// RUN:   | FileCheck %s --check-prefix=CHECKED

// offload-lower-gpu-to-host runs the blocks of a row of the grid stacked in
// y (conversion/host/BlockRows.h) in a kernel of a known 1-D block that
// walks memory in a grid-stride loop beside workgroup memory and barriers:
// its function takes how many blocks of the row it runs, after the
// MgpuHostBlock, as one that runs the blocks of a row together in x does
// (offload-lower-gpu-to-host-block-rows.mlir); its thread loops run over
// (block, x), each block with its own copy of the workgroup memory, at
// most 16384 threads and 16 KiB of it a call; and each iteration of the
// grid-stride loop runs every stacked block's threads, each block's row
// prefetching its part of the next iteration first.
// testdata/integration/stacked-blocks.mlir runs such a kernel.

gpu.module @stacked {
  // 1 KiB of workgroup memory a block: 16 blocks a call, in one buffer of
  // 16 KiB (in an arena a page larger, BlockMemoryPlacement.h), each a view
  // of its 1 KiB; the grid-stride loop's iterations run the blocks (up to
  // %arg1) and their 256 threads, a row's prefetches first.
  // CHECK-LABEL: llvm.func internal @histogram(%arg0: !llvm.ptr, %arg1: i64,
  // CHECK-SAME: offload.host_blocks_in_x = 4096 : i64
  // CHECK: %[[BYTES:.*]] = llvm.mlir.constant(20480 : index) : i64
  // CHECK: llvm.alloca %[[BYTES]] x i8 {alignment = 64 : i64}
  // CHECK: llvm.icmp "slt" %{{.*}}, %arg1 : i64
  // CHECK: "llvm.intr.prefetch"
  // CHECK: llvm.return
  //
  // With checks, each block runs alone.
  // CHECKED-LABEL: llvm.func internal @histogram(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
  // CHECKED-NOT: offload.host_blocks_in_x
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

  // 8 KiB a block (1 KiB and 7 KiB): 2 blocks a call.
  // CHECK-LABEL: llvm.func internal @two_a_call(%arg0: !llvm.ptr, %arg1: i64,
  // CHECK-SAME: offload.host_blocks_in_x = 512 : i64
  gpu.func @two_a_call(%in: memref<?xi32>, %hist: memref<256xi32>)
      workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>,
                %more: memref<1792xi32, #gpu.address_space<workgroup>>)
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

  // 16 KiB a block (1 KiB and 15 KiB): one a call, not stacked.
  // CHECK-LABEL: llvm.func internal @one_a_call(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
  // CHECK-NOT: offload.host_blocks_in_x
  gpu.func @one_a_call(%in: memref<?xi32>, %hist: memref<256xi32>)
      workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>,
                %more: memref<3840xi32, #gpu.address_space<workgroup>>)
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

  // A block of a size known only at the launch, or of several rows: not
  // stacked.
  // CHECK-LABEL: llvm.func internal @unknown_size(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
  // CHECK-NOT: offload.host_blocks_in_x
  // CHECK-LABEL: llvm.func internal @rows(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
  // CHECK-NOT: offload.host_blocks_in_x
  gpu.func @unknown_size(%in: memref<?xi32>, %hist: memref<256xi32>)
      workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>)
      kernel {
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
  gpu.func @rows(%in: memref<?xi32>, %hist: memref<256xi32>)
      workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 4, 1>} {
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

  // Barriers in a loop whose bound is an argument, and under a branch on
  // it: every block of a row reaches them alike.
  // CHECK-LABEL: llvm.func internal @rounds(%arg0: !llvm.ptr, %arg1: i64,
  // CHECK-SAME: offload.host_blocks_in_x = 4096 : i64
  gpu.func @rounds(%in: memref<?xi32>, %out: memref<?xi32>, %r: index)
      workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %block = gpu.block_id x
    %bdim = gpu.block_dim x
    %start = arith.muli %block, %bdim : index
    %c3 = arith.constant 3 : index
    %base = arith.addi %c3, %tid : index
    %first = arith.addi %base, %start : index
    %stride = gpu.grid_dim x
    %n = memref.dim %in, %c0 : memref<?xi32>
    scf.for %k = %c0 to %r step %c1 {
      scf.for %i = %first to %n step %stride {
        %v = memref.load %in[%i] : memref<?xi32>
        memref.store %v, %local[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %some = arith.cmpi ugt, %r, %c1 : index
      scf.if %some {
        gpu.barrier
      }
    }
    %w = memref.load %local[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%first] : memref<?xi32>
    gpu.return
  }
}

gpu.module @not_stacked {
  // A barrier under a branch on the block's x: the stacked blocks would
  // take the first one's way.
  // CHECK-LABEL: llvm.func internal @block_branch(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
  // CHECK-NOT: offload.host_blocks_in_x
  gpu.func @block_branch(%in: memref<?xi32>, %out: memref<?xi32>)
      workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %first = gpu.global_id x
    %block = gpu.block_id x
    %stride = gpu.grid_dim x
    %n = memref.dim %in, %c0 : memref<?xi32>
    %odd = arith.cmpi eq, %block, %c0 : index
    scf.if %odd {
      scf.for %i = %first to %n step %stride {
        %v = memref.load %in[%i] : memref<?xi32>
        memref.store %v, %local[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
    }
    %v = memref.load %local[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%first] : memref<?xi32>
    gpu.return
  }

  // A barrier in a loop whose bound is loaded from memory.
  // CHECK-LABEL: llvm.func internal @loaded_bound(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
  // CHECK-NOT: offload.host_blocks_in_x
  gpu.func @loaded_bound(%in: memref<?xi32>, %rounds: memref<1xindex>)
      workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %tid = gpu.thread_id x
    %first = gpu.global_id x
    %stride = gpu.grid_dim x
    %n = memref.dim %in, %c0 : memref<?xi32>
    %r = memref.load %rounds[%c0] : memref<1xindex>
    scf.for %k = %c0 to %r step %c1 {
      scf.for %i = %first to %n step %stride {
        %v = memref.load %in[%i] : memref<?xi32>
        memref.store %v, %local[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
    }
    gpu.return
  }

  // A grid-stride loop whose blocks start 2 * blockDim.x apart: stacked,
  // their threads would not start together, and the loop would not run
  // across them.
  // CHECK-LABEL: llvm.func internal @two_per_thread(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
  // CHECK-NOT: offload.host_blocks_in_x
  gpu.func @two_per_thread(%in: memref<?xi32>, %hist: memref<256xi32>)
      workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1 : i32
    %tid = gpu.thread_id x
    %block = gpu.block_id x
    %bdim = gpu.block_dim x
    %twice = arith.muli %bdim, %c2 : index
    %start = arith.muli %block, %twice : index
    %first = arith.addi %start, %tid : index
    %stride = gpu.grid_dim x
    %n = memref.dim %in, %c0 : memref<?xi32>
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

  // No grid-stride loop: each block reads its own elements already.
  // CHECK-LABEL: llvm.func internal @own_elements(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
  // CHECK-NOT: offload.host_blocks_in_x
  gpu.func @own_elements(%in: memref<?xi32>, %out: memref<?xi32>)
      workgroup(%local: memref<256xi32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %tid = gpu.thread_id x
    %first = gpu.global_id x
    %v = memref.load %in[%first] : memref<?xi32>
    memref.store %v, %local[%tid] : memref<256xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c255 = arith.constant 255 : index
    %other = arith.subi %c255, %tid : index
    %w = memref.load %local[%other] : memref<256xi32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%first] : memref<?xi32>
    gpu.return
  }
}
