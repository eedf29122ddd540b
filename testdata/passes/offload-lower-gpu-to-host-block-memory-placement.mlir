// RUN: offload-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' \
// RUN:   | FileCheck %s
// RUN: offload-opt %s --split-input-file \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host{check=true}))' \
// RUN:   | FileCheck %s --check-prefix=CHECKED

// Each buffer of a block's static workgroup memory lies in an alloca a page
// larger than it, where the block's function places it at run time against
// the page offset at which its first memref argument's data start
// (conversion/host/memory/BlockMemoryPlacement.h): a buffer of 1 KiB starts
// 1536 bytes past it, so that its middle is half a page away. The first
// memref's descriptor is the one made of %arg1 to %arg5.
// CHECK-LABEL: llvm.func internal @tile(
// CHECK: %[[IN:.*]] = llvm.insertvalue %arg5, %{{.*}}[4, 0]
// CHECK-DAG: %[[PAGE_MASK:.*]] = llvm.mlir.constant(4095 : index) : i64
// CHECK-DAG: %[[PLACEMENT:.*]] = llvm.mlir.constant(1536 : index) : i64
// CHECK-DAG: %[[SHIFT_MASK:.*]] = llvm.mlir.constant(4032 : index) : i64
// CHECK: %[[IN_PTR:.*]] = llvm.extractvalue %[[IN]][1]
// CHECK-NEXT: %[[DATA:.*]] = llvm.ptrtoint %[[IN_PTR]] : !llvm.ptr to i64
// CHECK-NEXT: %[[DATA_OFFSET:.*]] = llvm.and %[[DATA]], %[[PAGE_MASK]]
// CHECK-NEXT: %[[ARENA_BYTES:.*]] = llvm.mlir.constant(5120 : index) : i64
// CHECK: llvm.alloca %[[ARENA_BYTES]] x i8 {alignment = 64 : i64}
// CHECK: %[[ARENA_PTR:.*]] = llvm.extractvalue %{{.*}}[1]
// CHECK-NEXT: %[[START:.*]] = llvm.ptrtoint %[[ARENA_PTR]] : !llvm.ptr to i64
// CHECK-NEXT: %[[TARGET:.*]] = llvm.add %[[DATA_OFFSET]], %[[PLACEMENT]]
// CHECK-NEXT: %[[DISTANCE:.*]] = llvm.sub %[[TARGET]], %[[START]]
// CHECK-NEXT: %[[SHIFT:.*]] = llvm.and %[[DISTANCE]], %[[SHIFT_MASK]]
// CHECK: llvm.getelementptr %{{.*}}[%[[SHIFT]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
// CHECK-NOT: llvm.alloca
// CHECK: llvm.return
//
// Checked, each buffer keeps its own alloca, which the checks tell apart.
// CHECKED-LABEL: llvm.func internal @tile(
// CHECKED: llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECKED-NOT: llvm.alloca %{{.*}} x i8
gpu.module @tile {
  gpu.func @tile(%in: memref<?xf32>, %out: memref<?xf32>)
      workgroup(%t: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %i = gpu.global_id x
    %x = memref.load %in[%i] : memref<?xf32>
    memref.store %x, %t[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %y = memref.load %t[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
    memref.store %y, %out[%i] : memref<?xf32>
    gpu.return
  }
}

// -----

// Against a dynamic offset (in elements of 4 bytes), the data start that
// much past the aligned pointer. Each buffer has its own alloca (one for
// them all cost LLVM's vectorizer its view of them): 1 KiB starts 1536
// bytes past the data; 320 bytes (a memref.alloc, anywhere in the kernel)
// 1888; 256 i48s, which take 8 bytes each, 1024 in an alloca of 2 KiB and a
// page. 24 bytes are too few to place: a plain alloca.
// CHECK-LABEL: llvm.func internal @two(
// CHECK: %[[IN:.*]] = llvm.insertvalue %arg5, %{{.*}}[4, 0]
// CHECK-DAG: %[[FOUR:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-DAG: %[[FIRST:.*]] = llvm.mlir.constant(1536 : index) : i64
// CHECK-DAG: %[[SECOND:.*]] = llvm.mlir.constant(1888 : index) : i64
// CHECK-DAG: %[[THIRD:.*]] = llvm.mlir.constant(1024 : index) : i64
// CHECK: llvm.alloca %{{.*}} x f64 {alignment = 64 : i64}
// CHECK: %[[IN_PTR:.*]] = llvm.extractvalue %[[IN]][1]
// CHECK-NEXT: %[[DATA:.*]] = llvm.ptrtoint %[[IN_PTR]] : !llvm.ptr to i64
// CHECK: %[[OFFSET:.*]] = llvm.extractvalue %[[IN]][2]
// CHECK: %[[OFFSET_BYTES:.*]] = llvm.mul %[[OFFSET]], %[[FOUR]]
// CHECK-NEXT: %[[START:.*]] = llvm.add %[[DATA]], %[[OFFSET_BYTES]]
// CHECK-NEXT: %[[DATA_OFFSET:.*]] = llvm.and %[[START]], %{{.*}}
// CHECK-NEXT: %[[FIRST_BYTES:.*]] = llvm.mlir.constant(5120 : index) : i64
// CHECK: llvm.alloca %[[FIRST_BYTES]] x i8 {alignment = 64 : i64}
// CHECK: llvm.add %[[DATA_OFFSET]], %[[FIRST]]
// CHECK: %[[SECOND_BYTES:.*]] = llvm.mlir.constant(4416 : index) : i64
// CHECK: llvm.alloca %[[SECOND_BYTES]] x i8 {alignment = 64 : i64}
// CHECK: llvm.add %[[DATA_OFFSET]], %[[SECOND]]
// CHECK: %[[THIRD_BYTES:.*]] = llvm.mlir.constant(6144 : index) : i64
// CHECK: llvm.alloca %[[THIRD_BYTES]] x i8 {alignment = 64 : i64}
// CHECK: llvm.add %[[DATA_OFFSET]], %[[THIRD]]
// CHECK-NOT: llvm.alloca
// CHECK: llvm.return
gpu.module @two {
  gpu.func @two(%in: memref<?xf32, strided<[1], offset: ?>>,
                %out: memref<?xf64>)
      workgroup(%a: memref<256xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 16, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %b = memref.alloc() : memref<40xf64, #gpu.address_space<workgroup>>
    %c = memref.alloc() : memref<256xi48, #gpu.address_space<workgroup>>
    %d = memref.alloc() : memref<3xf64, #gpu.address_space<workgroup>>
    %x = memref.load %in[%tid] : memref<?xf32, strided<[1], offset: ?>>
    memref.store %x, %a[%tid] : memref<256xf32, #gpu.address_space<workgroup>>
    %w = arith.extf %x : f32 to f64
    memref.store %w, %b[%tid] : memref<40xf64, #gpu.address_space<workgroup>>
    %i = arith.fptosi %x : f32 to i48
    memref.store %i, %c[%tid] : memref<256xi48, #gpu.address_space<workgroup>>
    memref.store %w, %d[%c0] : memref<3xf64, #gpu.address_space<workgroup>>
    gpu.barrier
    %y = memref.load %b[%c0] : memref<40xf64, #gpu.address_space<workgroup>>
    %j = memref.load %c[%c0] : memref<256xi48, #gpu.address_space<workgroup>>
    %k = arith.sitofp %j : i48 to f64
    %z = memref.load %d[%c0] : memref<3xf64, #gpu.address_space<workgroup>>
    %s = arith.addf %y, %k : f64
    %t = arith.addf %s, %z : f64
    memref.store %t, %out[%tid] : memref<?xf64>
    gpu.return
  }
}

// -----

// A buffer of a page or more starts half a page past the data.
// CHECK-LABEL: llvm.func internal @big(
// CHECK-DAG: llvm.mlir.constant(2048 : index) : i64
// CHECK-DAG: %[[ARENA_BYTES:.*]] = llvm.mlir.constant(12288 : index) : i64
// CHECK: llvm.alloca %[[ARENA_BYTES]] x i8 {alignment = 64 : i64}
gpu.module @big {
  gpu.func @big(%out: memref<?xf32>)
      workgroup(%t: memref<2048xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %y = memref.load %t[%c0] : memref<2048xf32, #gpu.address_space<workgroup>>
    memref.store %y, %out[%tid] : memref<?xf32>
    gpu.return
  }
}

// -----

// Stacked blocks (offload-lower-gpu-to-host-stacked-blocks.mlir): 16 blocks
// of 1 KiB each, the first block's start 1536 bytes past the data, as one
// block's would be, so that each block's counts lie 1536 bytes past its
// own piece of the grid-stride loop's data.
// CHECK-LABEL: llvm.func internal @histogram(%arg0: !llvm.ptr, %arg1: i64,
// CHECK: %[[IN:.*]] = llvm.insertvalue %arg6, %{{.*}}[4, 0]
// CHECK-DAG: %[[PLACEMENT:.*]] = llvm.mlir.constant(1536 : index) : i64
// CHECK: %[[IN_PTR:.*]] = llvm.extractvalue %[[IN]][1]
// CHECK-NEXT: %[[DATA:.*]] = llvm.ptrtoint %[[IN_PTR]] : !llvm.ptr to i64
// CHECK-NEXT: %[[DATA_OFFSET:.*]] = llvm.and %[[DATA]], %{{.*}}
// CHECK-NEXT: %[[ARENA_BYTES:.*]] = llvm.mlir.constant(20480 : index) : i64
// CHECK: llvm.alloca %[[ARENA_BYTES]] x i8 {alignment = 64 : i64}
// CHECK: llvm.add %[[DATA_OFFSET]], %[[PLACEMENT]]
gpu.module @stacked {
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
}

// -----

// Without a memref argument there is nothing to place against, and above a
// page of alignment no place in a page to pick: those allocas stay.
// CHECK-LABEL: llvm.func internal @no_memref(
// CHECK: llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.return
// CHECK-LABEL: llvm.func internal @over_aligned(
// CHECK: llvm.alloca %{{.*}} x f32 {alignment = 8192 : i64}
// CHECK-NOT: llvm.ptrtoint
// CHECK: llvm.return
gpu.module @left_alone {
  gpu.func @no_memref(%x: f32, %p: !llvm.ptr)
      workgroup(%t: memref<4xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    memref.store %x, %t[%tid] : memref<4xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %y = memref.load %t[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    llvm.store %y, %p : f32, !llvm.ptr
    gpu.return
  }
  gpu.func @over_aligned(%out: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %tid = gpu.thread_id x
    %t = memref.alloc() {alignment = 8192 : i64} : memref<4xf32, #gpu.address_space<workgroup>>
    %y = memref.load %t[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    memref.store %y, %out[%tid] : memref<?xf32>
    gpu.return
  }
}
