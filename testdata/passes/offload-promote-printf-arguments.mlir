// offload-promote-printf-arguments, on each gpu.module: gpu.printf's
// arguments as printf and vprintf read them, C's promotions of variadic
// arguments: integers narrower than 32 bits to i32 (sign-extended, but i1
// zero-extended), index to i64, f16, bf16 and f32 to f64. Arguments that are
// read as they are stay as they are. pipelines/printf-promotion.mlir checks
// every type and what convert-gpu-to-nvvm then packs for vprintf. The pass has
// no errors (offload-check-input checks formats).
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-promote-printf-arguments))' | FileCheck %s

gpu.module @kernels {
  // CHECK-LABEL: gpu.func @promoted(
  // CHECK-SAME: %[[FLAG:[^:]*]]: i1, %[[BYTE:[^:]*]]: i8, %[[X:[^:]*]]: index, %[[H:[^:]*]]: f16
  // CHECK-NEXT: %[[FLAG32:.*]] = arith.extui %[[FLAG]] : i1 to i32
  // CHECK-NEXT: %[[BYTE32:.*]] = arith.extsi %[[BYTE]] : i8 to i32
  // CHECK-NEXT: %[[X64:.*]] = arith.index_cast %[[X]] : index to i64
  // CHECK-NEXT: %[[H64:.*]] = arith.extf %[[H]] : f16 to f64
  // CHECK-NEXT: gpu.printf "%d %d %zu %f\0A", %[[FLAG32]], %[[BYTE32]], %[[X64]], %[[H64]] : i32, i32, i64, f64
  // A second gpu.printf of the same values gets promotions of its own.
  // CHECK-NEXT: %[[AGAIN:.*]] = arith.extsi %[[BYTE]] : i8 to i32
  // CHECK-NEXT: gpu.printf "%hhd\0A", %[[AGAIN]] : i32
  // CHECK-NEXT: gpu.return
  gpu.func @promoted(%flag: i1, %byte: i8, %x: index, %h: f16) kernel {
    gpu.printf "%d %d %zu %f\n", %flag, %byte, %x, %h : i1, i8, index, f16
    gpu.printf "%hhd\n", %byte : i8
    gpu.return
  }

  // CHECK-LABEL: gpu.func @as_they_are(
  // CHECK-SAME: %[[I:[^:]*]]: i32, %[[L:[^:]*]]: i64, %[[D:[^:]*]]: f64
  // CHECK-NEXT: gpu.printf "%d %ld %f\0A", %[[I]], %[[L]], %[[D]] : i32, i64, f64
  // CHECK-NEXT: gpu.printf "no arguments\0A"
  // CHECK-NEXT: gpu.return
  gpu.func @as_they_are(%i: i32, %l: i64, %d: f64) kernel {
    gpu.printf "%d %ld %f\n", %i, %l, %d : i32, i64, f64
    gpu.printf "no arguments\n"
    gpu.return
  }

  // In a device function too.
  // CHECK-LABEL: func.func @device(
  // CHECK: arith.extf %{{.*}} : bf16 to f64
  // CHECK: gpu.printf "%f\0A", %{{.*}} : f64
  func.func @device(%b: bf16) {
    gpu.printf "%f\n", %b : bf16
    return
  }
}

// -----

// Host code is no gpu.module: a gpu.launch there is promoted once outlined.
// CHECK-LABEL: func.func @host(
// CHECK-NOT: arith.extsi
// CHECK: gpu.printf "%d\0A", %{{.*}} : i8
func.func @host(%byte: i8) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    gpu.printf "%d\n", %byte : i8
    gpu.terminator
  }
  return
}
