// math operations in a kernel (libm on the host, libdevice on the GPU), in
// f32 and f64; each result is scaled by 1000 and rounded, so that every
// correct implementation prints the same.
//
// UNSUPPORTED-TARGET: vulkan: GLSL.std.450 has no f64 math; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'math.sin' has no meaning for #offload.vulkan: Vulkan's GLSL.std.450 has no f64 form of Sin

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %out = gpu.alloc host_shared () : memref<2x12x4xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    // x = 0.5 + t
    %t = arith.index_cast %tx : index to i32
    %tf = arith.sitofp %t : i32 to f32
    %half = arith.constant 0.5 : f32
    %x = arith.addf %tf, %half : f32
    %xd = arith.extf %x : f32 to f64
    %thousand = arith.constant 1000.0 : f32
    %thousand_d = arith.constant 1000.0 : f64
    %two = arith.constant 2.0 : f32
    %two_d = arith.constant 2.0 : f64
    %c0 = arith.constant 0 : index
    %c1_ = arith.constant 1 : index

    %r0 = math.sin %x : f32
    %r1 = math.cos %x : f32
    %r2 = math.exp %x : f32
    %r3 = math.log %x : f32
    %r4 = math.sqrt %x : f32
    %r5 = math.tanh %x : f32
    %r6 = math.erf %x : f32
    %r7 = math.powf %x, %two : f32
    %r8 = math.atan2 %x, %two : f32
    %r9 = math.fma %x, %x, %two : f32
    %r10 = math.exp2 %x : f32
    %r11 = math.cbrt %x : f32
    %fs = vector.from_elements %r0, %r1, %r2, %r3, %r4, %r5, %r6, %r7, %r8, %r9, %r10, %r11 : vector<12xf32>
    %scaled = vector.broadcast %thousand : f32 to vector<12xf32>
    %fs1000 = arith.mulf %fs, %scaled : vector<12xf32>
    %fround = math.round %fs1000 : vector<12xf32>
    %fints = arith.fptosi %fround : vector<12xf32> to vector<12xi32>

    %d0 = math.sin %xd : f64
    %d1 = math.cos %xd : f64
    %d2 = math.exp %xd : f64
    %d3 = math.log %xd : f64
    %d4 = math.sqrt %xd : f64
    %d5 = math.tanh %xd : f64
    %d6 = math.erf %xd : f64
    %d7 = math.powf %xd, %two_d : f64
    %d8 = math.atan2 %xd, %two_d : f64
    %d9 = math.fma %xd, %xd, %two_d : f64
    %d10 = math.exp2 %xd : f64
    %d11 = math.cbrt %xd : f64
    %ds = vector.from_elements %d0, %d1, %d2, %d3, %d4, %d5, %d6, %d7, %d8, %d9, %d10, %d11 : vector<12xf64>
    %scaled_d = vector.broadcast %thousand_d : f64 to vector<12xf64>
    %ds1000 = arith.mulf %ds, %scaled_d : vector<12xf64>
    %dround = math.round %ds1000 : vector<12xf64>
    %dints = arith.fptosi %dround : vector<12xf64> to vector<12xi32>

    %flat = memref.collapse_shape %out [[0, 1], [2]] : memref<2x12x4xi32> into memref<24x4xi32>
    %c12 = arith.constant 12 : index
    scf.for %i = %c0 to %c12 step %c1_ {
      %fv = vector.extract %fints[%i] : i32 from vector<12xi32>
      %dv = vector.extract %dints[%i] : i32 from vector<12xi32>
      %j = arith.addi %i, %c12 : index
      memref.store %fv, %flat[%i, %tx] : memref<24x4xi32>
      memref.store %dv, %flat[%j, %tx] : memref<24x4xi32>
    }
    gpu.terminator
  }
  %unranked = memref.cast %out : memref<2x12x4xi32> to memref<*xi32>
  // Rows: sin, cos, exp, log, sqrt, tanh, erf, powf x, 2, atan2 x, 2, fma x, x, 2, exp2, cbrt; of x = 0.5, 1.5, 2.5, 3.5 in f32, then in f64.
  // CHECK: {{\[\[}}[479, 997, 598, -351]
  // CHECK-NEXT: [878, 71, -801, -936]
  // CHECK-NEXT: [1649, 4482, 12182, 33115]
  // CHECK-NEXT: [-693, 405, 916, 1253]
  // CHECK-NEXT: [707, 1225, 1581, 1871]
  // CHECK-NEXT: [462, 905, 987, 998]
  // CHECK-NEXT: [520, 966, 1000, 1000]
  // CHECK-NEXT: [250, 2250, 6250, 12250]
  // CHECK-NEXT: [245, 644, 896, 1052]
  // CHECK-NEXT: [2250, 4250, 8250, 14250]
  // CHECK-NEXT: [1414, 2828, 5657, 11314]
  // CHECK-NEXT: [794, 1145, 1357, 1518]
  // CHECK-NEXT: {{\[}}[479, 997, 598, -351]
  // CHECK-NEXT: [878, 71, -801, -936]
  // CHECK-NEXT: [1649, 4482, 12182, 33115]
  // CHECK-NEXT: [-693, 405, 916, 1253]
  // CHECK-NEXT: [707, 1225, 1581, 1871]
  // CHECK-NEXT: [462, 905, 987, 998]
  // CHECK-NEXT: [520, 966, 1000, 1000]
  // CHECK-NEXT: [250, 2250, 6250, 12250]
  // CHECK-NEXT: [245, 644, 896, 1052]
  // CHECK-NEXT: [2250, 4250, 8250, 14250]
  // CHECK-NEXT: [1414, 2828, 5657, 11314]
  // CHECK-NEXT: [794, 1145, 1357, 1518]
  call @printMemrefI32(%unranked) : (memref<*xi32>) -> ()
  gpu.dealloc %out : memref<2x12x4xi32>
  return
}
