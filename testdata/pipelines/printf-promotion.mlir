// gpu.printf's arguments as printf and CUDA's vprintf read them: integers of
// fewer than 32 bits as int (sign-extended, i1 zero-extended), index as a
// 64-bit integer whatever its width in the kernel, f16, bf16 and f32 as
// double. convert-gpu-to-nvvm alone packs an i8 into one byte of vprintf's
// buffer and a 32-bit index into four, where vprintf reads eight.
//
// RUN: offload-opt %s --offload-promote-printf-arguments | FileCheck %s
// RUN: offload-opt %s --offload-lower-kernels=index-bitwidth=32 \
// RUN:   | FileCheck %s --check-prefix=NVVM

gpu.module @m [#offload.cuda<chip = "sm_90">] {
  // CHECK-LABEL: gpu.func @k
  gpu.func @k(%b: i1, %c: i8, %s: i16, %i: i32, %l: i64, %x: index,
              %h: f16, %bh: bf16, %f: f32, %d: f64) kernel {
    // CHECK-DAG: %[[B:.*]] = arith.extui %{{.*}} : i1 to i32
    // CHECK-DAG: %[[C:.*]] = arith.extsi %{{.*}} : i8 to i32
    // CHECK-DAG: %[[S:.*]] = arith.extsi %{{.*}} : i16 to i32
    // CHECK-DAG: %[[X:.*]] = arith.index_cast %{{.*}} : index to i64
    // CHECK-DAG: %[[H:.*]] = arith.extf %{{.*}} : f16 to f64
    // CHECK-DAG: %[[BH:.*]] = arith.extf %{{.*}} : bf16 to f64
    // CHECK-DAG: %[[F:.*]] = arith.extf %{{.*}} : f32 to f64
    // CHECK: gpu.printf "%d %d %hd %d %ld %zu %f %f %f %f\0A", %[[B]], %[[C]], %[[S]], %{{.*}}, %{{.*}}, %[[X]], %[[H]], %[[BH]], %[[F]], %{{.*}} : i32, i32, i32, i32, i64, i64, f64, f64, f64, f64
    // NVVM: llvm.alloca %{{.*}} x !llvm.struct<(i32, i32, i32, i32, i64, i64, f64, f64, f64, f64)>
    // NVVM: llvm.call @vprintf
    gpu.printf "%d %d %hd %d %ld %zu %f %f %f %f\n", %b, %c, %s, %i, %l, %x, %h, %bh, %f, %d
        : i1, i8, i16, i32, i64, index, f16, bf16, f32, f64
    gpu.return
  }
}
