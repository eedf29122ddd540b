// offload-lower-gpu-to-host takes vector transfers as upstream's CPU path
// does (convert-vector-to-scf, then convert-vector-to-llvm's rewrites): a
// 1-D transfer is a load or a store, masked where it has a mask or an
// out-of-bounds dimension; its mask compares a splat of its bound with the
// lanes' positions; one of two dimensions is one 1-D transfer per row, the
// rows past the end of the buffer not read. testdata/integration/
// vector-transfers.mlir runs them at the edges. A gpu.warp_execute_on_lane_0
// that was not distributed is an error at the op.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' | FileCheck %s

// A masked read in bounds, written where it is not: the read's mask is
// (n > lane), the write's (dim - t > lane), and the padding is what the
// masked load passes through.
// CHECK-LABEL: gpu.module @masked
// CHECK-DAG: %[[LANES:.*]] = llvm.mlir.constant(dense<[0, 1, 2, 3]> : vector<4xi64>) : vector<4xi64>
// CHECK-DAG: %[[PAD:.*]] = llvm.mlir.constant(dense<-1.000000e+00> : vector<4xf32>) : vector<4xf32>
// CHECK: %[[N:.*]] = llvm.shufflevector %{{.*}} [0, 0, 0, 0] : vector<4xi64>
// CHECK: %[[READ_MASK:.*]] = llvm.icmp "sgt" %[[N]], %[[LANES]] : vector<4xi64>
// CHECK: %[[READ:.*]] = llvm.intr.masked.load %{{.*}}, %[[READ_MASK]], %[[PAD]] {alignment = 4 : i32} : (!llvm.ptr, vector<4xi1>, vector<4xf32>) -> vector<4xf32>
// CHECK: %[[REST:.*]] = llvm.sub %{{.*}}, %{{.*}} : i64
// CHECK: %[[REST4:.*]] = llvm.shufflevector %{{.*}} [0, 0, 0, 0] : vector<4xi64>
// CHECK: %[[WRITE_MASK:.*]] = llvm.icmp "sgt" %[[REST4]], %[[LANES]] : vector<4xi64>
// CHECK: llvm.intr.masked.store %[[READ]], %{{.*}}, %[[WRITE_MASK]] {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
// CHECK-NOT: vector.
gpu.module @masked {
  gpu.func @k(%in: memref<10xf32>, %out: memref<?xf32>, %n: index) kernel {
    %t = gpu.thread_id x
    %pad = arith.constant -1.0 : f32
    %mask = vector.create_mask %n : vector<4xi1>
    %a = vector.transfer_read %in[%t], %pad, %mask {in_bounds = [true]} : memref<10xf32>, vector<4xf32>
    vector.transfer_write %a, %out[%t] : vector<4xf32>, memref<?xf32>
    gpu.return
  }
}

// -----

// Two dimensions, the outer out of bounds: each of the two rows is read
// where its index is below 3, else it is the padding; the inner dimension is
// masked by the columns left. In bounds, a plain load and store.
// CHECK-LABEL: gpu.module @rows
// CHECK: llvm.icmp "slt" %{{.*}}, %{{.*}} : i64
// CHECK: llvm.cond_br
// CHECK: llvm.intr.masked.load
// CHECK: llvm.icmp "slt" %{{.*}}, %{{.*}} : i64
// CHECK: llvm.cond_br
// CHECK: llvm.intr.masked.load
// CHECK: llvm.load %{{.*}} {alignment = 4 : i64} : !llvm.ptr -> vector<4xf32>
// CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<4xf32>, !llvm.ptr
gpu.module @rows {
  gpu.func @k(%in: memref<3x5xf32>, %out: memref<2x4xf32>) kernel {
    %t = gpu.thread_id x
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %pad = arith.constant -3.0 : f32
    %a = vector.transfer_read %in[%t, %t], %pad : memref<3x5xf32>, vector<2x4xf32>
    %row = vector.extract %a[1] : vector<4xf32> from vector<2x4xf32>
    %b = vector.transfer_read %in[%c0, %c1], %pad {in_bounds = [true]} : memref<3x5xf32>, vector<4xf32>
    %sum = arith.addf %row, %b : vector<4xf32>
    vector.transfer_write %sum, %out[%c1, %c0] {in_bounds = [true]} : vector<4xf32>, memref<2x4xf32>
    gpu.return
  }
}

// -----

// What upstream's warp distribution makes the host target takes; the
// region it starts from is lowered by no target.
gpu.module @undistributed {
  gpu.func @k(%in: memref<32xf32>) kernel {
    %lane = gpu.lane_id
    %c0 = arith.constant 0 : index
    %pad = arith.constant 0.0 : f32
    // expected-error @below {{'gpu.warp_execute_on_lane_0' has no meaning on the host target (#offload.host) before it is distributed: rewrite it first with the vector dialect's warp distribution patterns (down to an scf.if on lane 0)}}
    gpu.warp_execute_on_lane_0(%lane)[32] {
      %v = vector.transfer_read %in[%c0], %pad : memref<32xf32>, vector<32xf32>
      vector.transfer_write %v, %in[%c0] : vector<32xf32>, memref<32xf32>
    }
    gpu.return
  }
}
