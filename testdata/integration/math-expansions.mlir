// The math that the host target expands, since neither LLVM nor the C
// library has it (no libm has `rsqrtf`; LLVM's powi calls `__powisf2` of a
// compiler's runtime library; nothing takes clampf, isinf, isnormal or
// ipowi to LLVM), and atomic multiplications, which LLVM's atomicrmw has no
// operation for. Inputs come from memory, so that nothing folds; every
// expected value is worked out by hand:
//   floats: rsqrt of 4, 0.25, 0, -1 and inf: 0.5, 2, inf, nan, 0; clampf of
//   5, 0.5 and -3 to [0, 1]: 1, 0.5, 0; fpowi: 2^10, 2^-2, (-1.5)^3,
//   2^INT_MIN (0), 1^INT_MIN, (-1)^16777217 (odd: -1, where a float
//   exponent would round to 2^24, even), 0^-1 (inf), and in f64 3^-2;
//   flags: isinf of inf, -inf, nan, 1; isnormal of 2^-126 (the smallest
//   normal f32), 2^-127, 0, inf, nan, 1;
//   integers: ipowi 3^4, (-2)^3, 2^-1 (0), (-1)^-3, (-1)^-2, 1^-5, 0^-1 (0,
//   where the op leaves it undefined), 2^31 (wraps to INT_MIN), 7^0, and
//   [2, 3]^[3, 2] in a vector; the product of 1 to 10 by 10 threads'
//   atomic multiplications, and of 0.5, 1.5, ..., 9.5 in f32 (654729075 /
//   1024, whose integer part is printed).
//
// UNSUPPORTED-TARGET: vulkan: atomic mulf of f32 is no atomic of Vulkan's
// UNSUPPORTED-TARGET: cuda: the CUDA pipeline lowers no math.clampf, ipowi or fpowi: the expansions are the host target's
// CHECK: {{\[}}0.5,  2,  inf,  {{-?}}nan,  0,  1,  0.5,  0,  1024,  0.25,  -3.375,  0,  1,  -1,  inf,  0.111111]
// CHECK: {{\[}}1,  1,  0,  0,  1,  0,  0,  0,  0,  1]
// CHECK: {{\[}}81,  -8,  0,  -1,  1,  1,  0,  -2147483648,  1,  8,  9,  3628800]
// CHECK: {{\[}}639383]

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %fin = gpu.alloc host_shared () : memref<16xf32>
  %iin = gpu.alloc host_shared () : memref<16xi32>
  %fout = gpu.alloc host_shared () : memref<16xf32>
  %flags = gpu.alloc host_shared () : memref<10xi32>
  %iout = gpu.alloc host_shared () : memref<12xi32>
  %product = gpu.alloc host_shared () : memref<1xf32>
  %floats = arith.constant dense<[4.0, 0.25, 0.0, -1.0, 0x7F800000, 5.0, 0.5, -3.0, 2.0, -1.5, 1.0, -1.0, 0.0, 1.17549435E-38, 5.87747175E-39, 0x7FC00000]> : vector<16xf32>
  vector.store %floats, %fin[%c0] : memref<16xf32>, vector<16xf32>
  %ints = arith.constant dense<[3, 4, -2, 3, 2, -1, -1, -3, -2, 1, -5, 0, 31, 7, 10, -2147483648]> : vector<16xi32>
  vector.store %ints, %iin[%c0] : memref<16xi32>, vector<16xi32>
  %ione = arith.constant 1 : i32
  %c11 = arith.constant 11 : index
  memref.store %ione, %iout[%c11] : memref<12xi32>
  %fone = arith.constant 1.0 : f32
  memref.store %fone, %product[%c0] : memref<1xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c10, %sy = %c1, %sz = %c1) {
    %z = arith.constant 0 : index
    %f = vector.load %fin[%z] : memref<16xf32>, vector<16xf32>
    %n = vector.load %iin[%z] : memref<16xi32>, vector<16xi32>
    %first = arith.cmpi eq, %tx, %z : index
    scf.if %first {
      %r = math.rsqrt %f : vector<16xf32>
      %lo = vector.extract %f[12] : f32 from vector<16xf32>
      %hi = vector.extract %f[10] : f32 from vector<16xf32>
      %c5 = vector.extract %f[5] : f32 from vector<16xf32>
      %c6 = vector.extract %f[6] : f32 from vector<16xf32>
      %c7 = vector.extract %f[7] : f32 from vector<16xf32>
      %k5 = math.clampf %c5 to [%lo, %hi] : f32
      %k6 = math.clampf %c6 to [%lo, %hi] : f32
      %k7 = math.clampf %c7 to [%lo, %hi] : f32
      %two = vector.extract %f[8] : f32 from vector<16xf32>
      %m15 = vector.extract %f[9] : f32 from vector<16xf32>
      %one = vector.extract %f[10] : f32 from vector<16xf32>
      %mone = vector.extract %f[11] : f32 from vector<16xf32>
      %zero = vector.extract %f[12] : f32 from vector<16xf32>
      %e10 = vector.extract %n[14] : i32 from vector<16xi32>
      %em2 = vector.extract %n[2] : i32 from vector<16xi32>
      %e3 = vector.extract %n[0] : i32 from vector<16xi32>
      %emin = vector.extract %n[15] : i32 from vector<16xi32>
      %em1 = vector.extract %n[5] : i32 from vector<16xi32>
      %p0 = math.fpowi %two, %e10 : f32, i32
      %p1 = math.fpowi %two, %em2 : f32, i32
      %p2 = math.fpowi %m15, %e3 : f32, i32
      %p3 = math.fpowi %two, %emin : f32, i32
      %p4 = math.fpowi %one, %emin : f32, i32
      %big = arith.constant 16777216 : i32
      %odd = arith.addi %big, %ione : i32
      %odd_e = arith.muli %odd, %ione : i32
      %p5 = math.fpowi %mone, %odd_e : f32, i32
      %p6 = math.fpowi %zero, %em1 : f32, i32
      %three = arith.extf %c7 : f32 to f64
      %three_pos = math.absf %three : f64
      %p7d = math.fpowi %three_pos, %em2 : f64, i32
      %p7 = arith.truncf %p7d : f64 to f32
      %r0 = vector.extract %r[0] : f32 from vector<16xf32>
      %r1 = vector.extract %r[1] : f32 from vector<16xf32>
      %r2 = vector.extract %r[2] : f32 from vector<16xf32>
      %r3 = vector.extract %r[3] : f32 from vector<16xf32>
      %r4 = vector.extract %r[4] : f32 from vector<16xf32>
      %fres = vector.from_elements %r0, %r1, %r2, %r3, %r4, %k5, %k6, %k7, %p0, %p1, %p2, %p3, %p4, %p5, %p6, %p7 : vector<16xf32>
      vector.store %fres, %fout[%z] : memref<16xf32>, vector<16xf32>

      %inf = vector.extract %f[4] : f32 from vector<16xf32>
      %nan = vector.extract %f[15] : f32 from vector<16xf32>
      %ninf = arith.negf %inf : f32
      %normal = vector.extract %f[13] : f32 from vector<16xf32>
      %sub = vector.extract %f[14] : f32 from vector<16xf32>
      %q = vector.from_elements %inf, %ninf, %nan, %one : vector<4xf32>
      %is_inf = math.isinf %q : vector<4xf32>
      %w = vector.from_elements %normal, %sub, %zero, %inf, %nan, %one : vector<6xf32>
      %is_normal = math.isnormal %w : vector<6xf32>
      %fl = vector.shuffle %is_inf, %is_normal [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] : vector<4xi1>, vector<6xi1>
      %fli = arith.extui %fl : vector<10xi1> to vector<10xi32>
      vector.store %fli, %flags[%z] : memref<10xi32>, vector<10xi32>

      %b3 = vector.extract %n[0] : i32 from vector<16xi32>
      %b4 = vector.extract %n[1] : i32 from vector<16xi32>
      %bm2 = vector.extract %n[2] : i32 from vector<16xi32>
      %b2 = vector.extract %n[4] : i32 from vector<16xi32>
      %bm1 = vector.extract %n[5] : i32 from vector<16xi32>
      %bm3 = vector.extract %n[7] : i32 from vector<16xi32>
      %b1 = vector.extract %n[9] : i32 from vector<16xi32>
      %bm5 = vector.extract %n[10] : i32 from vector<16xi32>
      %b0 = vector.extract %n[11] : i32 from vector<16xi32>
      %b31 = vector.extract %n[12] : i32 from vector<16xi32>
      %b7 = vector.extract %n[13] : i32 from vector<16xi32>
      %i0 = math.ipowi %b3, %b4 : i32
      %i1 = math.ipowi %bm2, %b3 : i32
      %i2 = math.ipowi %b2, %bm1 : i32
      %i3 = math.ipowi %bm1, %bm3 : i32
      %i4 = math.ipowi %bm1, %bm2 : i32
      %i5 = math.ipowi %b1, %bm5 : i32
      %i6 = math.ipowi %b0, %bm1 : i32
      %i7 = math.ipowi %b2, %b31 : i32
      %i8 = math.ipowi %b7, %b0 : i32
      %vb = vector.from_elements %b2, %b3 : vector<2xi32>
      %ve = vector.from_elements %b3, %b2 : vector<2xi32>
      %vp = math.ipowi %vb, %ve : vector<2xi32>
      %i9 = vector.extract %vp[0] : i32 from vector<2xi32>
      %i10 = vector.extract %vp[1] : i32 from vector<2xi32>
      %c1i = arith.constant 1 : index
      %c2i = arith.constant 2 : index
      %c3i = arith.constant 3 : index
      %c4i = arith.constant 4 : index
      %c5i = arith.constant 5 : index
      %c6i = arith.constant 6 : index
      %c7i = arith.constant 7 : index
      %c8i = arith.constant 8 : index
      %c9i = arith.constant 9 : index
      %c10i = arith.constant 10 : index
      memref.store %i0, %iout[%z] : memref<12xi32>
      memref.store %i1, %iout[%c1i] : memref<12xi32>
      memref.store %i2, %iout[%c2i] : memref<12xi32>
      memref.store %i3, %iout[%c3i] : memref<12xi32>
      memref.store %i4, %iout[%c4i] : memref<12xi32>
      memref.store %i5, %iout[%c5i] : memref<12xi32>
      memref.store %i6, %iout[%c6i] : memref<12xi32>
      memref.store %i7, %iout[%c7i] : memref<12xi32>
      memref.store %i8, %iout[%c8i] : memref<12xi32>
      memref.store %i9, %iout[%c9i] : memref<12xi32>
      memref.store %i10, %iout[%c10i] : memref<12xi32>
    }
    gpu.barrier
    // Thread t multiplies by t + 1, and by t + 0.5.
    %c11_ = arith.constant 11 : index
    %t = arith.index_cast %tx : index to i32
    %t1 = arith.addi %t, %ione : i32
    %old = memref.atomic_rmw muli %t1, %iout[%c11_] : (i32, memref<12xi32>) -> i32
    %tf = arith.sitofp %t : i32 to f32
    %half = arith.constant 0.5 : f32
    %th = arith.addf %tf, %half : f32
    %oldf = memref.atomic_rmw mulf %th, %product[%z] : (f32, memref<1xf32>) -> f32
    gpu.terminator
  }
  %fu = memref.cast %fout : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%fu) : (memref<*xf32>) -> ()
  %flu = memref.cast %flags : memref<10xi32> to memref<*xi32>
  call @printMemrefI32(%flu) : (memref<*xi32>) -> ()
  %iu = memref.cast %iout : memref<12xi32> to memref<*xi32>
  call @printMemrefI32(%iu) : (memref<*xi32>) -> ()
  // The f32 product's integer part: 654729075 / 1024 = 639383.86, which
  // f32 rounds a little differently in each order of the multiplications.
  %p = memref.load %product[%c0] : memref<1xf32>
  %pi = arith.fptosi %p : f32 to i32
  %pm = memref.alloca() : memref<1xi32>
  memref.store %pi, %pm[%c0] : memref<1xi32>
  %pu = memref.cast %pm : memref<1xi32> to memref<*xi32>
  call @printMemrefI32(%pu) : (memref<*xi32>) -> ()
  return
}
