// Two places where MLIR 22's NVVM conversion, left alone, gives a wrong
// answer or a fault on a GPU (found by tools/gpu_check.sh on an H200):
// - math.fma of f16 (and bf16, scalars and vectors) became __nv_fmaf on
//   operands extended to f32, then a truncation: rounded twice. It is
//   llvm.intr.fma of the narrow type, one fma.rn.f16 (integration/f16-fma.mlir
//   has values where the two differ), with its fastmath flags; f32 and f64
//   fma keep libdevice.
// - workgroup globals declared no alignment, and LLVM's NVPTX backend merged
//   four 32-bit stores into one st.shared.v4 of an array aligned to 4 (a
//   misaligned address, integration/host-shortcuts-atomics.mlir): each has
//   16 bytes' alignment at least, a larger one kept.
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-nvvm))' | FileCheck %s

// CHECK-LABEL: gpu.module @fma
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) {fastmathFlags = #llvm.fastmath<contract>} : (f16, f16, f16) -> f16
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (vector<4xf16>, vector<4xf16>, vector<4xf16>) -> vector<4xf16>
// CHECK: llvm.intr.fma(%{{.*}}, %{{.*}}, %{{.*}}) : (bf16, bf16, bf16) -> bf16
// CHECK: llvm.call @__nv_fmaf(
// CHECK-NOT: llvm.fpext
// CHECK-NOT: math.fma
gpu.module @fma [#offload.cuda<chip = "sm_90">] {
  gpu.func @k(%h: f16, %v: vector<4xf16>, %b: bf16, %f: f32,
              %oh: memref<1xf16>, %ov: memref<1xvector<4xf16>>,
              %ob: memref<1xbf16>, %of: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    %rh = math.fma %h, %h, %h fastmath<contract> : f16
    %rv = math.fma %v, %v, %v : vector<4xf16>
    %rb = math.fma %b, %b, %b : bf16
    %rf = math.fma %f, %f, %f : f32
    memref.store %rh, %oh[%c0] : memref<1xf16>
    memref.store %rv, %ov[%c0] : memref<1xvector<4xf16>>
    memref.store %rb, %ob[%c0] : memref<1xbf16>
    memref.store %rf, %of[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.module @workgroup
// CHECK: llvm.mlir.global internal @__wg_k_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<8 x i32>
// CHECK: llvm.mlir.global internal @__wg_k_1() {addr_space = 3 : i32, alignment = 32 : i64} : !llvm.array<2 x f32>
gpu.module @workgroup [#offload.cuda<chip = "sm_90">] {
  gpu.func @k(%out: memref<8xi32>)
      workgroup(%w : memref<8xi32, #gpu.address_space<workgroup>>,
                %f : memref<2xf32, #gpu.address_space<workgroup>> {llvm.align = 32 : i64}) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %w[%c0] : memref<8xi32, #gpu.address_space<workgroup>>
    memref.store %v, %out[%c0] : memref<8xi32>
    gpu.return
  }
}
