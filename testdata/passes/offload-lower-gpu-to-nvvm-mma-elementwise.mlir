// gpu.subgroup_mma_elementwise for NVIDIA GPUs: MLIR 22's conversion takes
// addf, mulf, divf, maxf and minf, and crashes on the other kinds. subf and
// negatef become multiplications by -1 and an addition (exact: the product
// only flips the sign); the kinds it has no lowering for are one error at
// the op, never a crash.
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-nvvm))' | FileCheck %s

// CHECK-LABEL: gpu.module @subtract_and_negate
// CHECK: %[[MINUS_ONE:.*]] = llvm.mlir.constant(-1.000000e+00 : f16) : f16
// CHECK: %[[HALF:.*]] = llvm.insertelement %[[MINUS_ONE]]
// CHECK: %[[SPLAT:.*]] = llvm.insertelement %[[MINUS_ONE]], %[[HALF]]
// CHECK: %[[B_NEGATED:.*]] = llvm.fmul %{{.*}}, %[[SPLAT]] : vector<2xf16>
// CHECK: %[[DIFFERENCE:.*]] = llvm.fadd %{{.*}}, %[[B_NEGATED]] : vector<2xf16>
// CHECK: llvm.fmul %[[DIFFERENCE]], %[[SPLAT]] : vector<2xf16>
// CHECK-NOT: llvm.fsub
gpu.module @subtract_and_negate [#offload.cuda<chip = "sm_90">] {
  gpu.func @k(%a: memref<16x16xf16>, %b: memref<16x16xf16>) kernel {
    %c0 = arith.constant 0 : index
    %x = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    %y = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    %d = gpu.subgroup_mma_elementwise subf %x, %y : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    %n = gpu.subgroup_mma_elementwise negatef %d : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
    gpu.subgroup_mma_store_matrix %n, %a[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16>
    gpu.return
  }
}

// -----

gpu.module @integers [#offload.cuda<chip = "sm_90">] {
  gpu.func @k(%a: memref<16x16xi32>) kernel {
    %c0 = arith.constant 0 : index
    %x = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xi32> -> !gpu.mma_matrix<16x16xi32, "COp">
    // expected-error @below {{'gpu.subgroup_mma_elementwise' addi has no lowering to NVVM (MLIR 22's takes addf, mulf, divf, maxf and minf, and ours subf and negatef too); write it with those kinds, or store the matrix and compute on its elements}}
    %s = gpu.subgroup_mma_elementwise addi %x, %x : (!gpu.mma_matrix<16x16xi32, "COp">, !gpu.mma_matrix<16x16xi32, "COp">) -> !gpu.mma_matrix<16x16xi32, "COp">
    gpu.subgroup_mma_store_matrix %s, %a[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xi32, "COp">, memref<16x16xi32>
    gpu.return
  }
}

// -----

gpu.module @widen [#offload.cuda<chip = "sm_90">] {
  gpu.func @k(%a: memref<16x16xf16>, %b: memref<16x16xf32>) kernel {
    %c0 = arith.constant 0 : index
    %x = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    // expected-error @below {{'gpu.subgroup_mma_elementwise' extf has no lowering to NVVM}}
    %w = gpu.subgroup_mma_elementwise extf %x : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %w, %b[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.return
  }
}
