// offload-lower-gpu-to-host{check}: which of the runtime's hooks
// (MgpuHostCheckHooks, whose fields are region, access, outOfBounds,
// uniform, barrier and accesses) a checked kernel calls, and where.
// testdata/check/ has what the checks find.
//
// RUN: offload-opt %s -split-input-file \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host{check}))' | FileCheck %s

// A load in an scf.for without a barrier, at the induction variable: the
// loop tells the runtime of its iterations' elements once, before it runs
// (accesses, field 5); an iteration tells it of its own (access, field 1)
// only when they were not all in bounds. The store after the loop tells
// it of its own. The store's bounds test on x splits the thread loop in
// two, the threads it holds in and the others: each piece has the same
// calls.
// CHECK-LABEL: gpu.module @loop_told
// CHECK: llvm.getelementptr %{{.*}}[0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK-NOT: [0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.getelementptr %{{.*}}[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.getelementptr %{{.*}}[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK-NOT: [0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.getelementptr %{{.*}}[0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK-NOT: [0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.getelementptr %{{.*}}[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.getelementptr %{{.*}}[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK-NOT: [0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.return
gpu.module @loop_told {
  gpu.func @k(%in: memref<16xf32>, %out: memref<4xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %t = gpu.thread_id x
    %sum = scf.for %k = %c0 to %c16 step %c1 iter_args(%s = %zero) -> f32 {
      %x = memref.load %in[%k] : memref<16xf32>
      %s2 = arith.addf %s, %x : f32
      scf.yield %s2 : f32
    }
    memref.store %sum, %out[%t] : memref<4xf32>
    gpu.return
  }
}

// -----

// A loop that reads and writes workgroup memory keeps its order: each
// iteration tells the runtime of its own accesses (a read before the
// thread's write of the same byte is of a byte not written).
// CHECK-LABEL: gpu.module @loop_untold
// CHECK-NOT: [0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.getelementptr %{{.*}}[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.getelementptr %{{.*}}[0, 1] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK-NOT: [0, 5] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.return
gpu.module @loop_untold {
  gpu.func @k() workgroup(%tile: memref<16xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    scf.for %k = %c0 to %c16 step %c1 {
      %x = memref.load %tile[%k] : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %x, %tile[%k] : memref<16xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// The bounds of a loop that holds a barrier are told (uniform, field 3)
// unless they are the same in every thread by the way they are made: here
// the upper bound, a kernel argument plus the block's id, is not told; a
// thread's id is. The barrier is told once a block, by its first thread
// (barrier, field 4, under a test of the thread's ids).
// CHECK-LABEL: gpu.module @uniform
// CHECK-COUNT-1: [0, 3] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK-NOT: [0, 3] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.cond_br
// CHECK: llvm.getelementptr %{{.*}}[0, 4] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK-NOT: [0, 3] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, ptr, ptr, ptr, ptr, ptr)>
// CHECK: llvm.return
gpu.module @uniform {
  gpu.func @k(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %b = gpu.block_id x
    %t = gpu.thread_id x
    %upper = arith.addi %n, %b : index
    scf.for %i = %c0 to %upper step %c1 {
      gpu.barrier
    }
    scf.for %i = %c0 to %t step %c1 {
      gpu.barrier
    }
    gpu.return
  }
}
