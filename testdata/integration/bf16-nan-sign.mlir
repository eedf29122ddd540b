// The sign of a bf16 NaN, which arith.negf and math.copysign set: bf16 runs
// in f32 on the host, and its truncation back keeps the NaN's sign (0xFFC0
// = 65472 is the negative quiet NaN, 0x7FC0 = 32704 the positive one).
// Each row: a scalar and element 0 of the vector<2xbf16> form, of
// negf(+NaN), negf(-NaN), copysign(+NaN, -1), copysign(-NaN, +1), and
// truncf of the f64 -NaN.
//
// UNSUPPORTED-TARGET: vulkan: the program gathers its results in a vector<5xbf16>, which has no SPIR-V type

// CHECK: {{\[}}[65472,   65472],
// CHECK-NEXT: [32704,   32704],
// CHECK-NEXT: [65472,   65472],
// CHECK-NEXT: [32704,   32704],
// CHECK-NEXT: [65472,   65472]]

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = gpu.alloc host_shared () : memref<5x2xi32>
  %in = gpu.alloc host_shared () : memref<2xi16>
  %nan = arith.constant 32704 : i16
  %negative_nan = arith.constant -64 : i16
  memref.store %nan, %in[%c0] : memref<2xi16>
  memref.store %negative_nan, %in[%c1] : memref<2xi16>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k5 = arith.constant 5 : index
    %pbits = memref.load %in[%k0] : memref<2xi16>
    %nbits = memref.load %in[%k1] : memref<2xi16>
    %p = arith.bitcast %pbits : i16 to bf16
    %n = arith.bitcast %nbits : i16 to bf16
    %one = arith.constant 1.0 : bf16
    %minus_one = arith.constant -1.0 : bf16
    %vp = vector.broadcast %p : bf16 to vector<2xbf16>
    %vn = vector.broadcast %n : bf16 to vector<2xbf16>
    %vone = vector.broadcast %one : bf16 to vector<2xbf16>
    %vminus_one = vector.broadcast %minus_one : bf16 to vector<2xbf16>
    %r0 = arith.negf %p : bf16
    %v0 = arith.negf %vp : vector<2xbf16>
    %r1 = arith.negf %n : bf16
    %v1 = arith.negf %vn : vector<2xbf16>
    %r2 = math.copysign %p, %minus_one : bf16
    %v2 = math.copysign %vp, %vminus_one : vector<2xbf16>
    %r3 = math.copysign %n, %one : bf16
    %v3 = math.copysign %vn, %vone : vector<2xbf16>
    %wide = arith.extf %n : bf16 to f64
    %r4 = arith.truncf %wide : f64 to bf16
    %vwide = arith.extf %vn : vector<2xbf16> to vector<2xf64>
    %v4 = arith.truncf %vwide : vector<2xf64> to vector<2xbf16>
    %rows = vector.from_elements %r0, %r1, %r2, %r3, %r4 : vector<5xbf16>
    %e0 = vector.extract %v0[0] : bf16 from vector<2xbf16>
    %e1 = vector.extract %v1[0] : bf16 from vector<2xbf16>
    %e2 = vector.extract %v2[0] : bf16 from vector<2xbf16>
    %e3 = vector.extract %v3[0] : bf16 from vector<2xbf16>
    %e4 = vector.extract %v4[0] : bf16 from vector<2xbf16>
    %columns = vector.from_elements %e0, %e1, %e2, %e3, %e4 : vector<5xbf16>
    %rbits = arith.bitcast %rows : vector<5xbf16> to vector<5xi16>
    %cbits = arith.bitcast %columns : vector<5xbf16> to vector<5xi16>
    %r32 = arith.extui %rbits : vector<5xi16> to vector<5xi32>
    %c32 = arith.extui %cbits : vector<5xi16> to vector<5xi32>
    scf.for %i = %k0 to %k5 step %k1 {
      %ri = vector.extract %r32[%i] : i32 from vector<5xi32>
      %ci = vector.extract %c32[%i] : i32 from vector<5xi32>
      memref.store %ri, %out[%i, %k0] : memref<5x2xi32>
      memref.store %ci, %out[%i, %k1] : memref<5x2xi32>
    }
    gpu.terminator
  }
  %u = memref.cast %out : memref<5x2xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
