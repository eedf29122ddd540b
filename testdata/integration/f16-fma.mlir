// math.fma in f16 rounds once, as a GPU's fused f16 multiply-add does: the
// product (exact in f32) plus the addend, rounded to odd in f32, then to
// f16 (libm's fmaf rounds to f32 first, and the f16 rounding after it may
// land on a tie: the first three rows, whose f32-then-f16 results are
// 15362, 46872 and 47490). The expected bits were computed from the exact
// rational value a * b + c, rounded to nearest, ties to even. Then a result
// below f16's normals, an exact zero (+0), and a product past f16's range
// whose sum is back in it. Each row: the scalar result and element 0 of the
// vector<4xf16> form.
//
// UNSUPPORTED-TARGET: vulkan: Vulkan lets Fma round the product before the add (lavapipe does)

// CHECK: {{\[}}[15361,   15361],
// CHECK-NEXT: [46871,   46871],
// CHECK-NEXT: [47491,   47491],
// CHECK-NEXT: [3072,   3072],
// CHECK-NEXT: [514,   514],
// CHECK-NEXT: [0,   0],
// CHECK-NEXT: [31743,   31743]]

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %rows = arith.constant 7 : index
  %in = gpu.alloc host_shared () : memref<7x3xf16>
  %out = gpu.alloc host_shared () : memref<7x2xi32>
  %v0_0 = arith.constant 0.0156097412109375 : f16
  %i0_0 = arith.constant 0 : index
  %j0_0 = arith.constant 0 : index
  memref.store %v0_0, %in[%i0_0, %j0_0] : memref<7x3xf16>
  %v0_1 = arith.constant 0.031280517578125 : f16
  %j0_1 = arith.constant 1 : index
  memref.store %v0_1, %in[%i0_0, %j0_1] : memref<7x3xf16>
  %v0_2 = arith.constant 1.0009765625 : f16
  %j0_2 = arith.constant 2 : index
  memref.store %v0_2, %in[%i0_0, %j0_2] : memref<7x3xf16>
  %v1_0 = arith.constant 0.1907958984375 : f16
  %i1_0 = arith.constant 1 : index
  %j1_0 = arith.constant 0 : index
  memref.store %v1_0, %in[%i1_0, %j1_0] : memref<7x3xf16>
  %v1_1 = arith.constant 0.1273193359375 : f16
  %j1_1 = arith.constant 1 : index
  memref.store %v1_1, %in[%i1_0, %j1_1] : memref<7x3xf16>
  %v1_2 = arith.constant -0.467529296875 : f16
  %j1_2 = arith.constant 2 : index
  memref.store %v1_2, %in[%i1_0, %j1_2] : memref<7x3xf16>
  %v2_0 = arith.constant 0.2342529296875 : f16
  %i2_0 = arith.constant 2 : index
  %j2_0 = arith.constant 0 : index
  memref.store %v2_0, %in[%i2_0, %j2_0] : memref<7x3xf16>
  %v2_1 = arith.constant 0.2344970703125 : f16
  %j2_1 = arith.constant 1 : index
  memref.store %v2_1, %in[%i2_0, %j2_1] : memref<7x3xf16>
  %v2_2 = arith.constant -0.74365234375 : f16
  %j2_2 = arith.constant 2 : index
  memref.store %v2_2, %in[%i2_0, %j2_2] : memref<7x3xf16>
  %v3_0 = arith.constant 0.333251953125 : f16
  %i3_0 = arith.constant 3 : index
  %j3_0 = arith.constant 0 : index
  memref.store %v3_0, %in[%i3_0, %j3_0] : memref<7x3xf16>
  %v3_1 = arith.constant -3.0 : f16
  %j3_1 = arith.constant 1 : index
  memref.store %v3_1, %in[%i3_0, %j3_1] : memref<7x3xf16>
  %v3_2 = arith.constant 1.0 : f16
  %j3_2 = arith.constant 2 : index
  memref.store %v3_2, %in[%i3_0, %j3_2] : memref<7x3xf16>
  %v4_0 = arith.constant 6.103515625e-05 : f16
  %i4_0 = arith.constant 4 : index
  %j4_0 = arith.constant 0 : index
  memref.store %v4_0, %in[%i4_0, %j4_0] : memref<7x3xf16>
  %v4_1 = arith.constant 0.5009765625 : f16
  %j4_1 = arith.constant 1 : index
  memref.store %v4_1, %in[%i4_0, %j4_1] : memref<7x3xf16>
  %v4_2 = arith.constant 5.960464477539063e-08 : f16
  %j4_2 = arith.constant 2 : index
  memref.store %v4_2, %in[%i4_0, %j4_2] : memref<7x3xf16>
  %v5_0 = arith.constant 6.103515625e-05 : f16
  %i5_0 = arith.constant 5 : index
  %j5_0 = arith.constant 0 : index
  memref.store %v5_0, %in[%i5_0, %j5_0] : memref<7x3xf16>
  %v5_1 = arith.constant 0.0009765625 : f16
  %j5_1 = arith.constant 1 : index
  memref.store %v5_1, %in[%i5_0, %j5_1] : memref<7x3xf16>
  %v5_2 = arith.constant -5.960464477539063e-08 : f16
  %j5_2 = arith.constant 2 : index
  memref.store %v5_2, %in[%i5_0, %j5_2] : memref<7x3xf16>
  %v6_0 = arith.constant 65504.0 : f16
  %i6_0 = arith.constant 6 : index
  %j6_0 = arith.constant 0 : index
  memref.store %v6_0, %in[%i6_0, %j6_0] : memref<7x3xf16>
  %v6_1 = arith.constant 2.0 : f16
  %j6_1 = arith.constant 1 : index
  memref.store %v6_1, %in[%i6_0, %j6_1] : memref<7x3xf16>
  %v6_2 = arith.constant -65504.0 : f16
  %j6_2 = arith.constant 2 : index
  memref.store %v6_2, %in[%i6_0, %j6_2] : memref<7x3xf16>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %rows, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %a = memref.load %in[%tx, %k0] : memref<7x3xf16>
    %b = memref.load %in[%tx, %k1] : memref<7x3xf16>
    %c = memref.load %in[%tx, %k2] : memref<7x3xf16>
    %s = math.fma %a, %b, %c : f16
    %va = vector.broadcast %a : f16 to vector<4xf16>
    %vb = vector.broadcast %b : f16 to vector<4xf16>
    %vc = vector.broadcast %c : f16 to vector<4xf16>
    %vs = math.fma %va, %vb, %vc : vector<4xf16>
    %v = vector.extract %vs[0] : f16 from vector<4xf16>
    %sbits = arith.bitcast %s : f16 to i16
    %vbits = arith.bitcast %v : f16 to i16
    %s32 = arith.extui %sbits : i16 to i32
    %v32 = arith.extui %vbits : i16 to i32
    memref.store %s32, %out[%tx, %k0] : memref<7x2xi32>
    memref.store %v32, %out[%tx, %k1] : memref<7x2xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<7x2xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
