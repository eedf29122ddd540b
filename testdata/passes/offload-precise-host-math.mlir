// offload-precise-host-math: the host code's math.expm1 and math.log1p
// (scalars and vectors) become libm calls, before math-to-llvm would lower
// them as exp(x) - 1 and log(1 + x); other math, and math in gpu.modules
// (their lowerings choose), is left alone.
//
// RUN: offload-opt %s --offload-precise-host-math | FileCheck %s

// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[F:.*]]: f32, %[[D:.*]]: f64, %[[V:.*]]: vector<2xf32>)
// CHECK: call @log1pf(%[[F]]) : (f32) -> f32
// CHECK: call @expm1(%[[D]]) : (f64) -> f64
// CHECK: vector.extract %[[V]][0]
// CHECK: call @expm1f
// CHECK: vector.extract %[[V]][1]
// CHECK: call @expm1f
// CHECK: math.exp %[[F]] : f32
// CHECK-NOT: math.log1p
// CHECK-NOT: math.expm1
func.func @host(%f: f32, %d: f64, %v: vector<2xf32>) -> (f32, f64, vector<2xf32>, f32) {
  %a = math.log1p %f : f32
  %b = math.expm1 %d : f64
  %c = math.expm1 %v : vector<2xf32>
  %e = math.exp %f : f32
  return %a, %b, %c, %e : f32, f64, vector<2xf32>, f32
}

// CHECK-LABEL: gpu.module @kernels
// CHECK: math.log1p
gpu.module @kernels {
  gpu.func @k(%x: f32) {
    %a = math.log1p %x : f32
    gpu.return
  }
}
