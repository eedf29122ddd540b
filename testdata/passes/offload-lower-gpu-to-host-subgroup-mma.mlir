// offload-lower-gpu-to-host gives warp matrices (gpu.subgroup_mma_*) a host
// meaning: every lane holds the whole M x N matrix, row-major, as a
// vector<M*N x T>. A load gathers the tile's elements, (r, c) at
// r * leadDimension + c from the element at its indices (c * leadDimension
// + r transposed), a store scatters them; each is a point where the lanes
// of a warp meet, in a lane loop of its own between the loops before and
// after it. The compute extends its operands to f32 (by their signedness to
// i32 for integers), adds A's column k times B's row k, spread over the
// result's elements, for each k with one fused multiply-add, and rounds
// once to C's type. testdata/integration/warp-matrix.mlir runs them.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' | FileCheck %s

// CHECK-LABEL: gpu.module @tiles
// CHECK-DAG: %[[ALL4:.*]] = llvm.mlir.constant(dense<true> : vector<4xi1>) : vector<4xi1>
// CHECK-DAG: %[[C_OFFSETS:.*]] = llvm.mlir.constant(dense<[0, 1, 2, 3]> : vector<4xindex>) : vector<4xi64>
// CHECK-DAG: %[[BT_OFFSETS:.*]] = llvm.mlir.constant(dense<[0, 8, 1, 9, 2, 10]> : vector<6xindex>) : vector<6xi64>
// CHECK-DAG: %[[ALL6:.*]] = llvm.mlir.constant(dense<true> : vector<6xi1>) : vector<6xi1>
// CHECK-DAG: %[[A_OFFSETS:.*]] = llvm.mlir.constant(dense<[0, 1, 2, 8, 9, 10]> : vector<6xindex>) : vector<6xi64>
// The warp loop, then a lane loop for each load (the rows of the block
// that the warp spans, and its threads in each), kept per thread.
// CHECK: ^bb1(%{{.*}}: i64):
// CHECK: ^bb6:
// CHECK: %[[A_ROW:.*]] = llvm.mul %{{.*}}, %{{.*}} : i64
// CHECK: %[[A_BASE:.*]] = llvm.getelementptr %{{.*}}[%[[A_ROW]]] : (!llvm.ptr, i64) -> !llvm.ptr, f16
// CHECK: %[[A_TILE:.*]] = llvm.getelementptr %[[A_BASE]][%[[A_OFFSETS]]] : (!llvm.ptr, vector<6xi64>) -> vector<6x!llvm.ptr>, f16
// CHECK: %[[A:.*]] = llvm.intr.masked.gather %[[A_TILE]], %[[ALL6]], %{{.*}} {alignment = 2 : i32} : (vector<6x!llvm.ptr>, vector<6xi1>, vector<6xf16>) -> vector<6xf16>
// CHECK: llvm.store %[[A]], %{{.*}} : vector<6xf16>, !llvm.ptr
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.br ^bb5
// CHECK: ^bb12:
// CHECK: %[[B_TILE:.*]] = llvm.getelementptr %{{.*}}[%[[BT_OFFSETS]]] : (!llvm.ptr, vector<6xi64>) -> vector<6x!llvm.ptr>, f16
// CHECK: llvm.intr.masked.gather %[[B_TILE]], %[[ALL6]]
// CHECK-NEXT: llvm.extractvalue
// CHECK-NEXT: llvm.getelementptr
// CHECK-NEXT: llvm.store
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.br ^bb11
// CHECK: ^bb18:
// CHECK: llvm.intr.masked.gather %{{.*}}, %[[ALL4]]
// The compute: for k = 0, 1, 2, A's column k (A[r][k], r * 3 + k) and B's
// row k (B[k][c], k * 2 + c), in f32; the f16 accumulator rounded to f16
// after each pair of k (after k = 1) and after the last k.
// CHECK: ^bb24:
// CHECK: %[[A32:.*]] = llvm.fpext %{{.*}} : vector<6xf16> to vector<6xf32>
// CHECK: %[[B32:.*]] = llvm.fpext %{{.*}} : vector<6xf16> to vector<6xf32>
// CHECK: %[[C32:.*]] = llvm.fpext %{{.*}} : vector<4xf16> to vector<4xf32>
// CHECK: %[[A0:.*]] = llvm.shufflevector %[[A32]], %[[A32]] [0, 0, 3, 3] : vector<6xf32>
// CHECK: %[[B0:.*]] = llvm.shufflevector %[[B32]], %[[B32]] [0, 1, 0, 1] : vector<6xf32>
// CHECK: %[[S0:.*]] = llvm.intr.fma(%[[A0]], %[[B0]], %[[C32]]) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
// CHECK: %[[A1:.*]] = llvm.shufflevector %[[A32]], %[[A32]] [1, 1, 4, 4] : vector<6xf32>
// CHECK: %[[B1:.*]] = llvm.shufflevector %[[B32]], %[[B32]] [2, 3, 2, 3] : vector<6xf32>
// CHECK: %[[S1:.*]] = llvm.intr.fma(%[[A1]], %[[B1]], %[[S0]])
// CHECK: %[[R1:.*]] = llvm.fptrunc %[[S1]] : vector<4xf32> to vector<4xf16>
// CHECK: %[[E1:.*]] = llvm.fpext %[[R1]] : vector<4xf16> to vector<4xf32>
// CHECK: %[[A2:.*]] = llvm.shufflevector %[[A32]], %[[A32]] [2, 2, 5, 5] : vector<6xf32>
// CHECK: %[[B2:.*]] = llvm.shufflevector %[[B32]], %[[B32]] [4, 5, 4, 5] : vector<6xf32>
// CHECK: %[[S2:.*]] = llvm.intr.fma(%[[A2]], %[[B2]], %[[E1]])
// CHECK: llvm.fptrunc %[[S2]] : vector<4xf32> to vector<4xf16>
// The store: a lane loop of its own, the last of the warp loop.
// CHECK: ^bb30:
// CHECK: llvm.intr.masked.scatter %{{.*}}, %{{.*}}, %[[ALL4]] {alignment = 2 : i32} : vector<4xf16>, vector<4xi1> into vector<4x!llvm.ptr>
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.br ^bb29
// CHECK: ^bb32:
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.br ^bb1
gpu.module @tiles {
  gpu.func @k(%a: memref<4x8xf16>, %c: memref<2x2xf16>, %i: index) kernel {
    %c0 = arith.constant 0 : index
    %A = gpu.subgroup_mma_load_matrix %a[%i, %c0] {leadDimension = 8 : index} : memref<4x8xf16> -> !gpu.mma_matrix<2x3xf16, "AOp">
    %B = gpu.subgroup_mma_load_matrix %a[%c0, %i] {leadDimension = 8 : index, transpose} : memref<4x8xf16> -> !gpu.mma_matrix<3x2xf16, "BOp">
    %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 2 : index} : memref<2x2xf16> -> !gpu.mma_matrix<2x2xf16, "COp">
    %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<2x3xf16, "AOp">, !gpu.mma_matrix<3x2xf16, "BOp"> -> !gpu.mma_matrix<2x2xf16, "COp">
    gpu.subgroup_mma_store_matrix %D, %c[%c0, %c0] {leadDimension = 2 : index} : !gpu.mma_matrix<2x2xf16, "COp">, memref<2x2xf16>
    gpu.return
  }
}

// -----

// Signed and unsigned 8-bit operands, extended by their signedness; an i32
// accumulator; elementwise negation.
// CHECK-LABEL: gpu.module @integers
// CHECK: %[[A:.*]] = llvm.sext %{{.*}} : vector<4xi8> to vector<4xi32>
// CHECK: %[[B:.*]] = llvm.zext %{{.*}} : vector<4xi8> to vector<4xi32>
// CHECK: %[[P0:.*]] = llvm.mul %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: %[[S0:.*]] = llvm.add %{{.*}}, %[[P0]] : vector<4xi32>
// CHECK: %[[P1:.*]] = llvm.mul %{{.*}}, %{{.*}} : vector<4xi32>
// CHECK: %[[S1:.*]] = llvm.add %[[S0]], %[[P1]] : vector<4xi32>
// CHECK: llvm.sub %{{.*}}, %[[S1]] : vector<4xi32>
gpu.module @integers {
  gpu.func @k(%a: memref<4x4xi8>, %c: memref<4x4xi32>) kernel {
    %c0 = arith.constant 0 : index
    %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 4 : index} : memref<4x4xi8> -> !gpu.mma_matrix<2x2xsi8, "AOp">
    %B = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 4 : index} : memref<4x4xi8> -> !gpu.mma_matrix<2x2xui8, "BOp">
    %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 4 : index} : memref<4x4xi32> -> !gpu.mma_matrix<2x2xi32, "COp">
    %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<2x2xsi8, "AOp">, !gpu.mma_matrix<2x2xui8, "BOp"> -> !gpu.mma_matrix<2x2xi32, "COp">
    %E = gpu.subgroup_mma_elementwise negates %D : (!gpu.mma_matrix<2x2xi32, "COp">) -> !gpu.mma_matrix<2x2xi32, "COp">
    gpu.subgroup_mma_store_matrix %E, %c[%c0, %c0] {leadDimension = 4 : index} : !gpu.mma_matrix<2x2xi32, "COp">, memref<4x4xi32>
    gpu.return
  }
}

// -----

// An accumulator carried by a loop whose bounds are the same in the warp:
// the loop runs in the warp loop, its loads split it in turn.
// CHECK-LABEL: gpu.module @loop
// CHECK: llvm.intr.masked.gather
// CHECK: llvm.br ^bb
// CHECK: llvm.intr.masked.gather
// CHECK: llvm.br ^bb
// CHECK: llvm.intr.fma
// CHECK: llvm.intr.fma
// CHECK: llvm.br ^bb
// CHECK: llvm.intr.masked.scatter
gpu.module @loop {
  gpu.func @k(%a: memref<4x8xf32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0.0 : f32
    %C = gpu.subgroup_mma_constant_matrix %z : !gpu.mma_matrix<2x2xf32, "COp">
    %R = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %C) -> (!gpu.mma_matrix<2x2xf32, "COp">) {
      %A = gpu.subgroup_mma_load_matrix %a[%c0, %i] {leadDimension = 8 : index} : memref<4x8xf32> -> !gpu.mma_matrix<2x2xf32, "AOp">
      %B = gpu.subgroup_mma_load_matrix %a[%i, %c0] {leadDimension = 8 : index} : memref<4x8xf32> -> !gpu.mma_matrix<2x2xf32, "BOp">
      %D = gpu.subgroup_mma_compute %A, %B, %acc : !gpu.mma_matrix<2x2xf32, "AOp">, !gpu.mma_matrix<2x2xf32, "BOp"> -> !gpu.mma_matrix<2x2xf32, "COp">
      scf.yield %D : !gpu.mma_matrix<2x2xf32, "COp">
    }
    gpu.subgroup_mma_store_matrix %R, %a[%c0, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<2x2xf32, "COp">, memref<4x8xf32>
    gpu.return
  }
}

// -----

gpu.module @vector_elements {
  gpu.func @k(%a: memref<4x2xvector<2xf16>>, %out: memref<2x2xf16>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{the host target takes warp matrices from memrefs of scalars only, not from 'memref<4x2xvector<2xf16>>'}}
    %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 4 : index} : memref<4x2xvector<2xf16>> -> !gpu.mma_matrix<2x2xf16, "COp">
    gpu.subgroup_mma_store_matrix %A, %out[%c0, %c0] {leadDimension = 2 : index} : !gpu.mma_matrix<2x2xf16, "COp">, memref<2x2xf16>
    gpu.return
  }
}

// -----

gpu.module @signed_constant {
  gpu.func @k(%v: si8, %b: memref<2x2xi8>, %c: memref<2x2xi32>) kernel {
    // expected-error @below {{the host target takes constant warp matrices of signless integers and floats only, not of 'si8'}}
    %A = gpu.subgroup_mma_constant_matrix %v : !gpu.mma_matrix<2x2xsi8, "AOp">
    %c0 = arith.constant 0 : index
    %B = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 2 : index} : memref<2x2xi8> -> !gpu.mma_matrix<2x2xsi8, "BOp">
    %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 2 : index} : memref<2x2xi32> -> !gpu.mma_matrix<2x2xi32, "COp">
    %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<2x2xsi8, "AOp">, !gpu.mma_matrix<2x2xsi8, "BOp"> -> !gpu.mma_matrix<2x2xi32, "COp">
    gpu.subgroup_mma_store_matrix %D, %c[%c0, %c0] {leadDimension = 2 : index} : !gpu.mma_matrix<2x2xi32, "COp">, memref<2x2xi32>
    gpu.return
  }
}

// -----

gpu.module @thread_local {
  gpu.func @k(%v: f16, %out: memref<1xf16>) kernel {
    %m = gpu.subgroup_mma_constant_matrix %v : !gpu.mma_matrix<16x16xf16, "COp">
    %c0 = arith.constant 0 : index
    // expected-error @below {{'gpu.subgroup_mma_extract_thread_local' has no meaning on the host target (#offload.host): it is an access to the elements of a warp matrix that one lane holds, which the host target does not lay out as a GPU does; compile this gpu.module for a GPU target only}}
    %e = gpu.subgroup_mma_extract_thread_local %m[%c0] : !gpu.mma_matrix<16x16xf16, "COp"> -> f16
    memref.store %e, %out[%c0] : memref<1xf16>
    gpu.return
  }
}
