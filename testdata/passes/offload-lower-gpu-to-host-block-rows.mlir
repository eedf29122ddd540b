// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' \
// RUN:   | FileCheck %s
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host{check=true}))' \
// RUN:   | FileCheck %s --check-prefix=CHECKED

// offload-lower-gpu-to-host runs the blocks of a row of the grid together
// (conversion/host/BlockRows.h) in a kernel whose threads depend on their
// block only through their global id in x: its function takes how many
// blocks of the row it runs, after the MgpuHostBlock, and its threads' loop
// in x runs blockDim.x times that many; the run function gives it the rest
// of the row, or of its range where that ends first, and counts on from
// there. testdata/integration/block-rows.mlir runs such a kernel.

gpu.module @rows {
  // Nothing kept per thread: as many threads a call as the runtime gives.
  // CHECK-LABEL: llvm.func internal @rows(%arg0: !llvm.ptr, %arg1: i64, %arg2: !llvm.ptr,
  // CHECK-SAME: offload.host_blocks_in_x = 2147483647 : i64
  // CHECK: %[[BDX_FIELD:.*]] = llvm.getelementptr %arg0[0, 6]
  // CHECK-NEXT: %[[BDX32:.*]] = llvm.load %[[BDX_FIELD]] : !llvm.ptr -> i32
  // CHECK-NEXT: %[[BDX:.*]] = llvm.zext %[[BDX32]] : i32 to i64
  // CHECK: %[[THREADS_X:.*]] = llvm.mul %[[BDX]], %arg1 : i64
  // CHECK: llvm.intr.umin(%[[THREADS_X]], %{{.*}}) : (i64, i64) -> i64
  // CHECK: llvm.return
  //
  // CHECK-LABEL: llvm.func internal @__mgpu_host_run.rows(
  // CHECK-SAME: %[[BLOCK:[^:]*]]: !llvm.ptr {llvm.noalias}, %{{[^:]*}}: i64, %[[END:[^:]*]]: i64)
  // CHECK: %[[GRID_X:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
  // CHECK: %[[MOST_THREADS:.*]] = llvm.mlir.constant(2147483647 : i64) : i64
  // CHECK-NEXT: %[[MOST_BY_THREADS:.*]] = llvm.udiv %[[MOST_THREADS]], %{{.*}} : i64
  // CHECK-NEXT: %[[MOST:.*]] = llvm.intr.umax(%[[MOST_BY_THREADS]], %{{.*}}) : (i64, i64) -> i64
  // CHECK: ^bb{{[0-9]+}}(%[[INDEX:[^:]*]]: i64, %[[X:[^:]*]]: i32, %[[Y:[^:]*]]: i32, %[[Z:[^:]*]]: i32):
  // CHECK: llvm.store %[[X]]
  // CHECK: llvm.store %[[Y]]
  // CHECK: llvm.store %[[Z]]
  // CHECK-NEXT: %[[ROW_LEFT32:.*]] = llvm.sub %[[GRID_X]], %[[X]] : i32
  // CHECK-NEXT: %[[ROW_LEFT:.*]] = llvm.zext %[[ROW_LEFT32]] : i32 to i64
  // CHECK-NEXT: %[[RANGE_LEFT:.*]] = llvm.sub %[[END]], %[[INDEX]] : i64
  // CHECK-NEXT: %[[LEFT:.*]] = llvm.intr.umin(%[[ROW_LEFT]], %[[RANGE_LEFT]]) : (i64, i64) -> i64
  // CHECK-NEXT: %[[BLOCKS:.*]] = llvm.intr.umin(%[[LEFT]], %[[MOST]]) : (i64, i64) -> i64
  // CHECK-NEXT: llvm.call @rows(%[[BLOCK]], %[[BLOCKS]],
  // CHECK-NEXT: %[[NEXT:.*]] = llvm.add %[[INDEX]], %[[BLOCKS]] : i64
  // CHECK-NEXT: %[[BLOCKS32:.*]] = llvm.trunc %[[BLOCKS]] : i64 to i32
  // CHECK-NEXT: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
  // CHECK-NEXT: %[[X_SUM:.*]] = llvm.add %[[X]], %[[BLOCKS32]] : i32
  // CHECK-NEXT: %[[ROW_ENDS:.*]] = llvm.icmp "eq" %[[X_SUM]], %[[GRID_X]] : i32
  // CHECK-NEXT: llvm.select %[[ROW_ENDS]], %[[ZERO]], %[[X_SUM]] : i1, i32
  // CHECK: llvm.icmp "ult" %[[NEXT]], %[[END]] : i64
  // CHECK: llvm.return
  //
  // With checks, each block runs alone: its checks begin and end with it.
  // CHECKED-LABEL: llvm.func internal @rows(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
  // CHECKED-NOT: offload.host_blocks_in_x
  // CHECKED: llvm.func internal @__mgpu_host_run.rows(
  gpu.func @rows(%c: memref<?xf32>, %n: index) kernel {
    %x = gpu.global_id x
    %inside = arith.cmpi ult, %x, %n : index
    scf.if %inside {
      %v = memref.load %c[%x] : memref<?xf32>
      %twice = arith.addf %v, %v : f32
      memref.store %twice, %c[%x] : memref<?xf32>
    }
    gpu.return
  }
}

// A value carried across a loop hoisted out of the thread loops is kept in
// an array per thread: 4 MiB of them at most a call, here a vector<64xf32>
// (256 bytes) and an f32, 4 MiB / 260 threads.
// CHECK-LABEL: llvm.func internal @kept(%arg0: !llvm.ptr, %arg1: i64,
// CHECK-SAME: offload.host_blocks_in_x = 16131 : i64
gpu.module @kept {
  gpu.func @kept(%b: memref<?x?xf32>, %o: memref<?xf32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %g = gpu.global_id x
    %z = arith.constant dense<0.0> : vector<64xf32>
    %f = arith.constant 0.0 : f32
    %acc:2 = scf.for %k = %c0 to %n step %c1 iter_args(%a = %z, %s = %f)
        -> (vector<64xf32>, f32) {
      %v = memref.load %b[%k, %g] : memref<?x?xf32>
      %bc = vector.broadcast %v : f32 to vector<64xf32>
      %a1 = arith.addf %a, %bc : vector<64xf32>
      %s1 = arith.addf %s, %v : f32
      scf.yield %a1, %s1 : vector<64xf32>, f32
    }
    %e = vector.extract %acc#0[0] : f32 from vector<64xf32>
    %t = arith.addf %e, %acc#1 : f32
    memref.store %t, %o[%g] : memref<?xf32>
    gpu.return
  }
}

// Kernels whose blocks run one a call: where threadIdx.x or blockIdx.x
// appear otherwise than in a global id, where there is no global id in x,
// and where the block's threads meet, share memory, have memory of their
// own, or do what other blocks could see the order of.

// CHECK-LABEL: llvm.func internal @thread_x_alone(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
// CHECK-NOT: offload.host_blocks_in_x
// CHECK-LABEL: llvm.func internal @block_x_alone(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
// CHECK-NOT: offload.host_blocks_in_x
// CHECK-LABEL: llvm.func internal @start_reused(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
// CHECK-NOT: offload.host_blocks_in_x
// CHECK-LABEL: llvm.func internal @y_only(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
// CHECK-NOT: offload.host_blocks_in_x
// CHECK-LABEL: llvm.func internal @barrier(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
// CHECK-NOT: offload.host_blocks_in_x
// CHECK-LABEL: llvm.func internal @atomic(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
// CHECK-NOT: offload.host_blocks_in_x
// CHECK-LABEL: llvm.func internal @prints(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
// CHECK-NOT: offload.host_blocks_in_x
// CHECK-LABEL: llvm.func internal @alloca(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
// CHECK-NOT: offload.host_blocks_in_x
// CHECK-LABEL: llvm.func internal @workgroup(%arg0: !llvm.ptr, %arg1: !llvm.ptr,
// CHECK-NOT: offload.host_blocks_in_x
// CHECK: llvm.func internal @__mgpu_host_run.thread_x_alone
gpu.module @apart {
  gpu.func @thread_x_alone(%c: memref<?xindex>) kernel {
    %x = gpu.thread_id x
    %g = gpu.global_id x
    memref.store %x, %c[%g] : memref<?xindex>
    gpu.return
  }
  gpu.func @block_x_alone(%c: memref<?xindex>) kernel {
    %b = gpu.block_id x
    %g = gpu.global_id x
    memref.store %b, %c[%g] : memref<?xindex>
    gpu.return
  }
  gpu.func @start_reused(%c: memref<?xindex>) kernel {
    %b = gpu.block_id x
    %d = gpu.block_dim x
    %t = gpu.thread_id x
    %start = arith.muli %b, %d : index
    %g = arith.addi %start, %t : index
    memref.store %start, %c[%g] : memref<?xindex>
    gpu.return
  }
  gpu.func @y_only(%c: memref<?xindex>) kernel {
    %y = gpu.global_id y
    memref.store %y, %c[%y] : memref<?xindex>
    gpu.return
  }
  gpu.func @barrier(%c: memref<?xf32>) kernel {
    %g = gpu.global_id x
    %v = memref.load %c[%g] : memref<?xf32>
    gpu.barrier
    memref.store %v, %c[%g] : memref<?xf32>
    gpu.return
  }
  gpu.func @atomic(%c: memref<?xi32>) kernel {
    %g = gpu.global_id x
    %one = arith.constant 1 : i32
    %old = memref.atomic_rmw addi %one, %c[%g] : (i32, memref<?xi32>) -> i32
    gpu.return
  }
  gpu.func @prints(%c: memref<?xi32>) kernel {
    %g = gpu.global_id x
    %v = memref.load %c[%g] : memref<?xi32>
    gpu.printf "%d\n", %v : i32
    gpu.return
  }
  gpu.func @alloca(%c: memref<?xi32>) kernel {
    %c0 = arith.constant 0 : index
    %g = gpu.global_id x
    %own = memref.alloca() : memref<1xi32>
    %v = memref.load %c[%g] : memref<?xi32>
    memref.store %v, %own[%c0] : memref<1xi32>
    %w = memref.load %own[%c0] : memref<1xi32>
    memref.store %w, %c[%g] : memref<?xi32>
    gpu.return
  }
  gpu.func @workgroup(%c: memref<?xi32>)
      workgroup(%tile: memref<1xi32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %g = gpu.global_id x
    %v = memref.load %c[%g] : memref<?xi32>
    memref.store %v, %tile[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
