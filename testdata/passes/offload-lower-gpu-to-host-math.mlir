// Every math op, in f32, f64, f16, bf16 and vectors, and every integer one,
// compiled for the host: the object may import functions of the C library's
// libm only (no `rsqrtf`, which no libm has; no `__powisf2` or
// `__truncsfbf2`, which are a compiler's runtime library's, which a host
// object does not link). The CPU is named, so that the imports are the same
// on every machine: x86-64-v3 has FMA and F16C (each libm function is
// called for the ops that its instructions do not do: f32 and f64 math
// that LLVM has an instruction for is that instruction, and f16 and bf16
// math is f32's libm function), and no bf16 conversions. The list is each import, checked by hand to be glibc libm's;
// the second check asks the C library on the machine for each.
//
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host),gpu-module-to-binary)' -o %t.mlir
// RUN: %python %S/../extract_object.py -o %t.so < %t.mlir
// RUN: llvm-readelf --dyn-syms -W %t.so | FileCheck %s
// RUN: llvm-readelf --dyn-syms -W %t.so | %python -c "import ctypes, sys; libm = ctypes.CDLL('libm.so.6'); names = [l.split()[-1] for l in sys.stdin if ' UND ' in l and len(l.split()) == 8]; print('imports', len(names), 'not in libm:', [n for n in names if not hasattr(libm, n)])" | FileCheck %s --check-prefix=LIBM
// LIBM: imports 53 not in libm: []

// The imports:
// CHECK-DAG: UND sinf{{$}}
// CHECK-DAG: UND cosf{{$}}
// CHECK-DAG: UND acosf{{$}}
// CHECK-DAG: UND acoshf{{$}}
// CHECK-DAG: UND asinf{{$}}
// CHECK-DAG: UND asinhf{{$}}
// CHECK-DAG: UND atanf{{$}}
// CHECK-DAG: UND atanhf{{$}}
// CHECK-DAG: UND cbrtf{{$}}
// CHECK-DAG: UND ceilf{{$}}
// CHECK-DAG: UND coshf{{$}}
// CHECK-DAG: UND erff{{$}}
// CHECK-DAG: UND erfcf{{$}}
// CHECK-DAG: UND expf{{$}}
// CHECK-DAG: UND exp2f{{$}}
// CHECK-DAG: UND expm1f{{$}}
// CHECK-DAG: UND floorf{{$}}
// CHECK-DAG: UND logf{{$}}
// CHECK-DAG: UND log10f{{$}}
// CHECK-DAG: UND log1pf{{$}}
// CHECK-DAG: UND log2f{{$}}
// CHECK-DAG: UND roundf{{$}}
// CHECK-DAG: UND roundevenf{{$}}
// CHECK-DAG: UND sinhf{{$}}
// CHECK-DAG: UND tanf{{$}}
// CHECK-DAG: UND tanhf{{$}}
// CHECK-DAG: UND truncf{{$}}
// CHECK-DAG: UND atan2f{{$}}
// CHECK-DAG: UND powf{{$}}
// CHECK-DAG: UND sin{{$}}
// CHECK-DAG: UND cos{{$}}
// CHECK-DAG: UND acos{{$}}
// CHECK-DAG: UND acosh{{$}}
// CHECK-DAG: UND asin{{$}}
// CHECK-DAG: UND asinh{{$}}
// CHECK-DAG: UND atan{{$}}
// CHECK-DAG: UND atanh{{$}}
// CHECK-DAG: UND cbrt{{$}}
// CHECK-DAG: UND cosh{{$}}
// CHECK-DAG: UND erf{{$}}
// CHECK-DAG: UND erfc{{$}}
// CHECK-DAG: UND exp{{$}}
// CHECK-DAG: UND exp2{{$}}
// CHECK-DAG: UND expm1{{$}}
// CHECK-DAG: UND log{{$}}
// CHECK-DAG: UND log10{{$}}
// CHECK-DAG: UND log1p{{$}}
// CHECK-DAG: UND log2{{$}}
// CHECK-DAG: UND sinh{{$}}
// CHECK-DAG: UND tan{{$}}
// CHECK-DAG: UND tanh{{$}}
// CHECK-DAG: UND atan2{{$}}
// CHECK-DAG: UND pow{{$}}

gpu.module @kernels [#offload.host<triple = "x86_64-linux-gnu", cpu = "x86-64-v3">] {
  gpu.func @f32(%out: memref<64xf32>, %flags: memref<4xi1>, %a: f32, %b: f32, %c: f32, %i: i32) kernel {
    %absf = math.absf %a : f32
    %i0 = arith.constant 0 : index
    memref.store %absf, %out[%i0] : memref<64xf32>
    %acos = math.acos %a : f32
    %i1 = arith.constant 1 : index
    memref.store %acos, %out[%i1] : memref<64xf32>
    %acosh = math.acosh %a : f32
    %i2 = arith.constant 2 : index
    memref.store %acosh, %out[%i2] : memref<64xf32>
    %asin = math.asin %a : f32
    %i3 = arith.constant 3 : index
    memref.store %asin, %out[%i3] : memref<64xf32>
    %asinh = math.asinh %a : f32
    %i4 = arith.constant 4 : index
    memref.store %asinh, %out[%i4] : memref<64xf32>
    %atan = math.atan %a : f32
    %i5 = arith.constant 5 : index
    memref.store %atan, %out[%i5] : memref<64xf32>
    %atanh = math.atanh %a : f32
    %i6 = arith.constant 6 : index
    memref.store %atanh, %out[%i6] : memref<64xf32>
    %cbrt = math.cbrt %a : f32
    %i7 = arith.constant 7 : index
    memref.store %cbrt, %out[%i7] : memref<64xf32>
    %ceil = math.ceil %a : f32
    %i8 = arith.constant 8 : index
    memref.store %ceil, %out[%i8] : memref<64xf32>
    %cos = math.cos %a : f32
    %i9 = arith.constant 9 : index
    memref.store %cos, %out[%i9] : memref<64xf32>
    %cosh = math.cosh %a : f32
    %i10 = arith.constant 10 : index
    memref.store %cosh, %out[%i10] : memref<64xf32>
    %erf = math.erf %a : f32
    %i11 = arith.constant 11 : index
    memref.store %erf, %out[%i11] : memref<64xf32>
    %erfc = math.erfc %a : f32
    %i12 = arith.constant 12 : index
    memref.store %erfc, %out[%i12] : memref<64xf32>
    %exp = math.exp %a : f32
    %i13 = arith.constant 13 : index
    memref.store %exp, %out[%i13] : memref<64xf32>
    %exp2 = math.exp2 %a : f32
    %i14 = arith.constant 14 : index
    memref.store %exp2, %out[%i14] : memref<64xf32>
    %expm1 = math.expm1 %a : f32
    %i15 = arith.constant 15 : index
    memref.store %expm1, %out[%i15] : memref<64xf32>
    %floor = math.floor %a : f32
    %i16 = arith.constant 16 : index
    memref.store %floor, %out[%i16] : memref<64xf32>
    %log = math.log %a : f32
    %i17 = arith.constant 17 : index
    memref.store %log, %out[%i17] : memref<64xf32>
    %log10 = math.log10 %a : f32
    %i18 = arith.constant 18 : index
    memref.store %log10, %out[%i18] : memref<64xf32>
    %log1p = math.log1p %a : f32
    %i19 = arith.constant 19 : index
    memref.store %log1p, %out[%i19] : memref<64xf32>
    %log2 = math.log2 %a : f32
    %i20 = arith.constant 20 : index
    memref.store %log2, %out[%i20] : memref<64xf32>
    %round = math.round %a : f32
    %i21 = arith.constant 21 : index
    memref.store %round, %out[%i21] : memref<64xf32>
    %roundeven = math.roundeven %a : f32
    %i22 = arith.constant 22 : index
    memref.store %roundeven, %out[%i22] : memref<64xf32>
    %rsqrt = math.rsqrt %a : f32
    %i23 = arith.constant 23 : index
    memref.store %rsqrt, %out[%i23] : memref<64xf32>
    %sin = math.sin %a : f32
    %i24 = arith.constant 24 : index
    memref.store %sin, %out[%i24] : memref<64xf32>
    %sinh = math.sinh %a : f32
    %i25 = arith.constant 25 : index
    memref.store %sinh, %out[%i25] : memref<64xf32>
    %sqrt = math.sqrt %a : f32
    %i26 = arith.constant 26 : index
    memref.store %sqrt, %out[%i26] : memref<64xf32>
    %tan = math.tan %a : f32
    %i27 = arith.constant 27 : index
    memref.store %tan, %out[%i27] : memref<64xf32>
    %tanh = math.tanh %a : f32
    %i28 = arith.constant 28 : index
    memref.store %tanh, %out[%i28] : memref<64xf32>
    %trunc = math.trunc %a : f32
    %i29 = arith.constant 29 : index
    memref.store %trunc, %out[%i29] : memref<64xf32>
    %atan2 = math.atan2 %a, %b : f32
    %i30 = arith.constant 30 : index
    memref.store %atan2, %out[%i30] : memref<64xf32>
    %copysign = math.copysign %a, %b : f32
    %i31 = arith.constant 31 : index
    memref.store %copysign, %out[%i31] : memref<64xf32>
    %powf = math.powf %a, %b : f32
    %i32 = arith.constant 32 : index
    memref.store %powf, %out[%i32] : memref<64xf32>
    %fma = math.fma %a, %b, %c : f32
    %i33 = arith.constant 33 : index
    memref.store %fma, %out[%i33] : memref<64xf32>
    %clampf = math.clampf %a to [%b, %c] : f32
    %i34 = arith.constant 34 : index
    memref.store %clampf, %out[%i34] : memref<64xf32>
    %sin2, %cos2 = math.sincos %a : f32
    %i35 = arith.constant 35 : index
    memref.store %sin2, %out[%i35] : memref<64xf32>
    %i36 = arith.constant 36 : index
    memref.store %cos2, %out[%i36] : memref<64xf32>
    %fpowi = math.fpowi %a, %i : f32, i32
    %i37 = arith.constant 37 : index
    memref.store %fpowi, %out[%i37] : memref<64xf32>
    %isfinite = math.isfinite %a : f32
    %f0 = arith.constant 0 : index
    memref.store %isfinite, %flags[%f0] : memref<4xi1>
    %isinf = math.isinf %a : f32
    %f1 = arith.constant 1 : index
    memref.store %isinf, %flags[%f1] : memref<4xi1>
    %isnan = math.isnan %a : f32
    %f2 = arith.constant 2 : index
    memref.store %isnan, %flags[%f2] : memref<4xi1>
    %isnormal = math.isnormal %a : f32
    %f3 = arith.constant 3 : index
    memref.store %isnormal, %flags[%f3] : memref<4xi1>
    gpu.return
  }
  gpu.func @f64(%out: memref<64xf64>, %flags: memref<4xi1>, %a: f64, %b: f64, %c: f64, %i: i32) kernel {
    %absf = math.absf %a : f64
    %i0 = arith.constant 0 : index
    memref.store %absf, %out[%i0] : memref<64xf64>
    %acos = math.acos %a : f64
    %i1 = arith.constant 1 : index
    memref.store %acos, %out[%i1] : memref<64xf64>
    %acosh = math.acosh %a : f64
    %i2 = arith.constant 2 : index
    memref.store %acosh, %out[%i2] : memref<64xf64>
    %asin = math.asin %a : f64
    %i3 = arith.constant 3 : index
    memref.store %asin, %out[%i3] : memref<64xf64>
    %asinh = math.asinh %a : f64
    %i4 = arith.constant 4 : index
    memref.store %asinh, %out[%i4] : memref<64xf64>
    %atan = math.atan %a : f64
    %i5 = arith.constant 5 : index
    memref.store %atan, %out[%i5] : memref<64xf64>
    %atanh = math.atanh %a : f64
    %i6 = arith.constant 6 : index
    memref.store %atanh, %out[%i6] : memref<64xf64>
    %cbrt = math.cbrt %a : f64
    %i7 = arith.constant 7 : index
    memref.store %cbrt, %out[%i7] : memref<64xf64>
    %ceil = math.ceil %a : f64
    %i8 = arith.constant 8 : index
    memref.store %ceil, %out[%i8] : memref<64xf64>
    %cos = math.cos %a : f64
    %i9 = arith.constant 9 : index
    memref.store %cos, %out[%i9] : memref<64xf64>
    %cosh = math.cosh %a : f64
    %i10 = arith.constant 10 : index
    memref.store %cosh, %out[%i10] : memref<64xf64>
    %erf = math.erf %a : f64
    %i11 = arith.constant 11 : index
    memref.store %erf, %out[%i11] : memref<64xf64>
    %erfc = math.erfc %a : f64
    %i12 = arith.constant 12 : index
    memref.store %erfc, %out[%i12] : memref<64xf64>
    %exp = math.exp %a : f64
    %i13 = arith.constant 13 : index
    memref.store %exp, %out[%i13] : memref<64xf64>
    %exp2 = math.exp2 %a : f64
    %i14 = arith.constant 14 : index
    memref.store %exp2, %out[%i14] : memref<64xf64>
    %expm1 = math.expm1 %a : f64
    %i15 = arith.constant 15 : index
    memref.store %expm1, %out[%i15] : memref<64xf64>
    %floor = math.floor %a : f64
    %i16 = arith.constant 16 : index
    memref.store %floor, %out[%i16] : memref<64xf64>
    %log = math.log %a : f64
    %i17 = arith.constant 17 : index
    memref.store %log, %out[%i17] : memref<64xf64>
    %log10 = math.log10 %a : f64
    %i18 = arith.constant 18 : index
    memref.store %log10, %out[%i18] : memref<64xf64>
    %log1p = math.log1p %a : f64
    %i19 = arith.constant 19 : index
    memref.store %log1p, %out[%i19] : memref<64xf64>
    %log2 = math.log2 %a : f64
    %i20 = arith.constant 20 : index
    memref.store %log2, %out[%i20] : memref<64xf64>
    %round = math.round %a : f64
    %i21 = arith.constant 21 : index
    memref.store %round, %out[%i21] : memref<64xf64>
    %roundeven = math.roundeven %a : f64
    %i22 = arith.constant 22 : index
    memref.store %roundeven, %out[%i22] : memref<64xf64>
    %rsqrt = math.rsqrt %a : f64
    %i23 = arith.constant 23 : index
    memref.store %rsqrt, %out[%i23] : memref<64xf64>
    %sin = math.sin %a : f64
    %i24 = arith.constant 24 : index
    memref.store %sin, %out[%i24] : memref<64xf64>
    %sinh = math.sinh %a : f64
    %i25 = arith.constant 25 : index
    memref.store %sinh, %out[%i25] : memref<64xf64>
    %sqrt = math.sqrt %a : f64
    %i26 = arith.constant 26 : index
    memref.store %sqrt, %out[%i26] : memref<64xf64>
    %tan = math.tan %a : f64
    %i27 = arith.constant 27 : index
    memref.store %tan, %out[%i27] : memref<64xf64>
    %tanh = math.tanh %a : f64
    %i28 = arith.constant 28 : index
    memref.store %tanh, %out[%i28] : memref<64xf64>
    %trunc = math.trunc %a : f64
    %i29 = arith.constant 29 : index
    memref.store %trunc, %out[%i29] : memref<64xf64>
    %atan2 = math.atan2 %a, %b : f64
    %i30 = arith.constant 30 : index
    memref.store %atan2, %out[%i30] : memref<64xf64>
    %copysign = math.copysign %a, %b : f64
    %i31 = arith.constant 31 : index
    memref.store %copysign, %out[%i31] : memref<64xf64>
    %powf = math.powf %a, %b : f64
    %i32 = arith.constant 32 : index
    memref.store %powf, %out[%i32] : memref<64xf64>
    %fma = math.fma %a, %b, %c : f64
    %i33 = arith.constant 33 : index
    memref.store %fma, %out[%i33] : memref<64xf64>
    %clampf = math.clampf %a to [%b, %c] : f64
    %i34 = arith.constant 34 : index
    memref.store %clampf, %out[%i34] : memref<64xf64>
    %sin2, %cos2 = math.sincos %a : f64
    %i35 = arith.constant 35 : index
    memref.store %sin2, %out[%i35] : memref<64xf64>
    %i36 = arith.constant 36 : index
    memref.store %cos2, %out[%i36] : memref<64xf64>
    %fpowi = math.fpowi %a, %i : f64, i32
    %i37 = arith.constant 37 : index
    memref.store %fpowi, %out[%i37] : memref<64xf64>
    %isfinite = math.isfinite %a : f64
    %f0 = arith.constant 0 : index
    memref.store %isfinite, %flags[%f0] : memref<4xi1>
    %isinf = math.isinf %a : f64
    %f1 = arith.constant 1 : index
    memref.store %isinf, %flags[%f1] : memref<4xi1>
    %isnan = math.isnan %a : f64
    %f2 = arith.constant 2 : index
    memref.store %isnan, %flags[%f2] : memref<4xi1>
    %isnormal = math.isnormal %a : f64
    %f3 = arith.constant 3 : index
    memref.store %isnormal, %flags[%f3] : memref<4xi1>
    gpu.return
  }
  gpu.func @f16(%out: memref<64xf16>, %flags: memref<4xi1>, %a: f16, %b: f16, %c: f16, %i: i32) kernel {
    %absf = math.absf %a : f16
    %i0 = arith.constant 0 : index
    memref.store %absf, %out[%i0] : memref<64xf16>
    %acos = math.acos %a : f16
    %i1 = arith.constant 1 : index
    memref.store %acos, %out[%i1] : memref<64xf16>
    %acosh = math.acosh %a : f16
    %i2 = arith.constant 2 : index
    memref.store %acosh, %out[%i2] : memref<64xf16>
    %asin = math.asin %a : f16
    %i3 = arith.constant 3 : index
    memref.store %asin, %out[%i3] : memref<64xf16>
    %asinh = math.asinh %a : f16
    %i4 = arith.constant 4 : index
    memref.store %asinh, %out[%i4] : memref<64xf16>
    %atan = math.atan %a : f16
    %i5 = arith.constant 5 : index
    memref.store %atan, %out[%i5] : memref<64xf16>
    %atanh = math.atanh %a : f16
    %i6 = arith.constant 6 : index
    memref.store %atanh, %out[%i6] : memref<64xf16>
    %cbrt = math.cbrt %a : f16
    %i7 = arith.constant 7 : index
    memref.store %cbrt, %out[%i7] : memref<64xf16>
    %ceil = math.ceil %a : f16
    %i8 = arith.constant 8 : index
    memref.store %ceil, %out[%i8] : memref<64xf16>
    %cos = math.cos %a : f16
    %i9 = arith.constant 9 : index
    memref.store %cos, %out[%i9] : memref<64xf16>
    %cosh = math.cosh %a : f16
    %i10 = arith.constant 10 : index
    memref.store %cosh, %out[%i10] : memref<64xf16>
    %erf = math.erf %a : f16
    %i11 = arith.constant 11 : index
    memref.store %erf, %out[%i11] : memref<64xf16>
    %erfc = math.erfc %a : f16
    %i12 = arith.constant 12 : index
    memref.store %erfc, %out[%i12] : memref<64xf16>
    %exp = math.exp %a : f16
    %i13 = arith.constant 13 : index
    memref.store %exp, %out[%i13] : memref<64xf16>
    %exp2 = math.exp2 %a : f16
    %i14 = arith.constant 14 : index
    memref.store %exp2, %out[%i14] : memref<64xf16>
    %expm1 = math.expm1 %a : f16
    %i15 = arith.constant 15 : index
    memref.store %expm1, %out[%i15] : memref<64xf16>
    %floor = math.floor %a : f16
    %i16 = arith.constant 16 : index
    memref.store %floor, %out[%i16] : memref<64xf16>
    %log = math.log %a : f16
    %i17 = arith.constant 17 : index
    memref.store %log, %out[%i17] : memref<64xf16>
    %log10 = math.log10 %a : f16
    %i18 = arith.constant 18 : index
    memref.store %log10, %out[%i18] : memref<64xf16>
    %log1p = math.log1p %a : f16
    %i19 = arith.constant 19 : index
    memref.store %log1p, %out[%i19] : memref<64xf16>
    %log2 = math.log2 %a : f16
    %i20 = arith.constant 20 : index
    memref.store %log2, %out[%i20] : memref<64xf16>
    %round = math.round %a : f16
    %i21 = arith.constant 21 : index
    memref.store %round, %out[%i21] : memref<64xf16>
    %roundeven = math.roundeven %a : f16
    %i22 = arith.constant 22 : index
    memref.store %roundeven, %out[%i22] : memref<64xf16>
    %rsqrt = math.rsqrt %a : f16
    %i23 = arith.constant 23 : index
    memref.store %rsqrt, %out[%i23] : memref<64xf16>
    %sin = math.sin %a : f16
    %i24 = arith.constant 24 : index
    memref.store %sin, %out[%i24] : memref<64xf16>
    %sinh = math.sinh %a : f16
    %i25 = arith.constant 25 : index
    memref.store %sinh, %out[%i25] : memref<64xf16>
    %sqrt = math.sqrt %a : f16
    %i26 = arith.constant 26 : index
    memref.store %sqrt, %out[%i26] : memref<64xf16>
    %tan = math.tan %a : f16
    %i27 = arith.constant 27 : index
    memref.store %tan, %out[%i27] : memref<64xf16>
    %tanh = math.tanh %a : f16
    %i28 = arith.constant 28 : index
    memref.store %tanh, %out[%i28] : memref<64xf16>
    %trunc = math.trunc %a : f16
    %i29 = arith.constant 29 : index
    memref.store %trunc, %out[%i29] : memref<64xf16>
    %atan2 = math.atan2 %a, %b : f16
    %i30 = arith.constant 30 : index
    memref.store %atan2, %out[%i30] : memref<64xf16>
    %copysign = math.copysign %a, %b : f16
    %i31 = arith.constant 31 : index
    memref.store %copysign, %out[%i31] : memref<64xf16>
    %powf = math.powf %a, %b : f16
    %i32 = arith.constant 32 : index
    memref.store %powf, %out[%i32] : memref<64xf16>
    %fma = math.fma %a, %b, %c : f16
    %i33 = arith.constant 33 : index
    memref.store %fma, %out[%i33] : memref<64xf16>
    %clampf = math.clampf %a to [%b, %c] : f16
    %i34 = arith.constant 34 : index
    memref.store %clampf, %out[%i34] : memref<64xf16>
    %sin2, %cos2 = math.sincos %a : f16
    %i35 = arith.constant 35 : index
    memref.store %sin2, %out[%i35] : memref<64xf16>
    %i36 = arith.constant 36 : index
    memref.store %cos2, %out[%i36] : memref<64xf16>
    %fpowi = math.fpowi %a, %i : f16, i32
    %i37 = arith.constant 37 : index
    memref.store %fpowi, %out[%i37] : memref<64xf16>
    %isfinite = math.isfinite %a : f16
    %f0 = arith.constant 0 : index
    memref.store %isfinite, %flags[%f0] : memref<4xi1>
    %isinf = math.isinf %a : f16
    %f1 = arith.constant 1 : index
    memref.store %isinf, %flags[%f1] : memref<4xi1>
    %isnan = math.isnan %a : f16
    %f2 = arith.constant 2 : index
    memref.store %isnan, %flags[%f2] : memref<4xi1>
    %isnormal = math.isnormal %a : f16
    %f3 = arith.constant 3 : index
    memref.store %isnormal, %flags[%f3] : memref<4xi1>
    gpu.return
  }
  gpu.func @bf16(%out: memref<64xbf16>, %flags: memref<4xi1>, %a: bf16, %b: bf16, %c: bf16, %i: i32) kernel {
    %absf = math.absf %a : bf16
    %i0 = arith.constant 0 : index
    memref.store %absf, %out[%i0] : memref<64xbf16>
    %acos = math.acos %a : bf16
    %i1 = arith.constant 1 : index
    memref.store %acos, %out[%i1] : memref<64xbf16>
    %acosh = math.acosh %a : bf16
    %i2 = arith.constant 2 : index
    memref.store %acosh, %out[%i2] : memref<64xbf16>
    %asin = math.asin %a : bf16
    %i3 = arith.constant 3 : index
    memref.store %asin, %out[%i3] : memref<64xbf16>
    %asinh = math.asinh %a : bf16
    %i4 = arith.constant 4 : index
    memref.store %asinh, %out[%i4] : memref<64xbf16>
    %atan = math.atan %a : bf16
    %i5 = arith.constant 5 : index
    memref.store %atan, %out[%i5] : memref<64xbf16>
    %atanh = math.atanh %a : bf16
    %i6 = arith.constant 6 : index
    memref.store %atanh, %out[%i6] : memref<64xbf16>
    %cbrt = math.cbrt %a : bf16
    %i7 = arith.constant 7 : index
    memref.store %cbrt, %out[%i7] : memref<64xbf16>
    %ceil = math.ceil %a : bf16
    %i8 = arith.constant 8 : index
    memref.store %ceil, %out[%i8] : memref<64xbf16>
    %cos = math.cos %a : bf16
    %i9 = arith.constant 9 : index
    memref.store %cos, %out[%i9] : memref<64xbf16>
    %cosh = math.cosh %a : bf16
    %i10 = arith.constant 10 : index
    memref.store %cosh, %out[%i10] : memref<64xbf16>
    %erf = math.erf %a : bf16
    %i11 = arith.constant 11 : index
    memref.store %erf, %out[%i11] : memref<64xbf16>
    %erfc = math.erfc %a : bf16
    %i12 = arith.constant 12 : index
    memref.store %erfc, %out[%i12] : memref<64xbf16>
    %exp = math.exp %a : bf16
    %i13 = arith.constant 13 : index
    memref.store %exp, %out[%i13] : memref<64xbf16>
    %exp2 = math.exp2 %a : bf16
    %i14 = arith.constant 14 : index
    memref.store %exp2, %out[%i14] : memref<64xbf16>
    %expm1 = math.expm1 %a : bf16
    %i15 = arith.constant 15 : index
    memref.store %expm1, %out[%i15] : memref<64xbf16>
    %floor = math.floor %a : bf16
    %i16 = arith.constant 16 : index
    memref.store %floor, %out[%i16] : memref<64xbf16>
    %log = math.log %a : bf16
    %i17 = arith.constant 17 : index
    memref.store %log, %out[%i17] : memref<64xbf16>
    %log10 = math.log10 %a : bf16
    %i18 = arith.constant 18 : index
    memref.store %log10, %out[%i18] : memref<64xbf16>
    %log1p = math.log1p %a : bf16
    %i19 = arith.constant 19 : index
    memref.store %log1p, %out[%i19] : memref<64xbf16>
    %log2 = math.log2 %a : bf16
    %i20 = arith.constant 20 : index
    memref.store %log2, %out[%i20] : memref<64xbf16>
    %round = math.round %a : bf16
    %i21 = arith.constant 21 : index
    memref.store %round, %out[%i21] : memref<64xbf16>
    %roundeven = math.roundeven %a : bf16
    %i22 = arith.constant 22 : index
    memref.store %roundeven, %out[%i22] : memref<64xbf16>
    %rsqrt = math.rsqrt %a : bf16
    %i23 = arith.constant 23 : index
    memref.store %rsqrt, %out[%i23] : memref<64xbf16>
    %sin = math.sin %a : bf16
    %i24 = arith.constant 24 : index
    memref.store %sin, %out[%i24] : memref<64xbf16>
    %sinh = math.sinh %a : bf16
    %i25 = arith.constant 25 : index
    memref.store %sinh, %out[%i25] : memref<64xbf16>
    %sqrt = math.sqrt %a : bf16
    %i26 = arith.constant 26 : index
    memref.store %sqrt, %out[%i26] : memref<64xbf16>
    %tan = math.tan %a : bf16
    %i27 = arith.constant 27 : index
    memref.store %tan, %out[%i27] : memref<64xbf16>
    %tanh = math.tanh %a : bf16
    %i28 = arith.constant 28 : index
    memref.store %tanh, %out[%i28] : memref<64xbf16>
    %trunc = math.trunc %a : bf16
    %i29 = arith.constant 29 : index
    memref.store %trunc, %out[%i29] : memref<64xbf16>
    %atan2 = math.atan2 %a, %b : bf16
    %i30 = arith.constant 30 : index
    memref.store %atan2, %out[%i30] : memref<64xbf16>
    %copysign = math.copysign %a, %b : bf16
    %i31 = arith.constant 31 : index
    memref.store %copysign, %out[%i31] : memref<64xbf16>
    %powf = math.powf %a, %b : bf16
    %i32 = arith.constant 32 : index
    memref.store %powf, %out[%i32] : memref<64xbf16>
    %fma = math.fma %a, %b, %c : bf16
    %i33 = arith.constant 33 : index
    memref.store %fma, %out[%i33] : memref<64xbf16>
    %clampf = math.clampf %a to [%b, %c] : bf16
    %i34 = arith.constant 34 : index
    memref.store %clampf, %out[%i34] : memref<64xbf16>
    %sin2, %cos2 = math.sincos %a : bf16
    %i35 = arith.constant 35 : index
    memref.store %sin2, %out[%i35] : memref<64xbf16>
    %i36 = arith.constant 36 : index
    memref.store %cos2, %out[%i36] : memref<64xbf16>
    %fpowi = math.fpowi %a, %i : bf16, i32
    %i37 = arith.constant 37 : index
    memref.store %fpowi, %out[%i37] : memref<64xbf16>
    %isfinite = math.isfinite %a : bf16
    %f0 = arith.constant 0 : index
    memref.store %isfinite, %flags[%f0] : memref<4xi1>
    %isinf = math.isinf %a : bf16
    %f1 = arith.constant 1 : index
    memref.store %isinf, %flags[%f1] : memref<4xi1>
    %isnan = math.isnan %a : bf16
    %f2 = arith.constant 2 : index
    memref.store %isnan, %flags[%f2] : memref<4xi1>
    %isnormal = math.isnormal %a : bf16
    %f3 = arith.constant 3 : index
    memref.store %isnormal, %flags[%f3] : memref<4xi1>
    gpu.return
  }
  gpu.func @vector_f32(%out: memref<64xvector<4xf32>>, %flags: memref<4xvector<4xi1>>, %a: vector<4xf32>, %b: vector<4xf32>, %c: vector<4xf32>, %i: vector<4xi32>) kernel {
    %absf = math.absf %a : vector<4xf32>
    %i0 = arith.constant 0 : index
    memref.store %absf, %out[%i0] : memref<64xvector<4xf32>>
    %acos = math.acos %a : vector<4xf32>
    %i1 = arith.constant 1 : index
    memref.store %acos, %out[%i1] : memref<64xvector<4xf32>>
    %acosh = math.acosh %a : vector<4xf32>
    %i2 = arith.constant 2 : index
    memref.store %acosh, %out[%i2] : memref<64xvector<4xf32>>
    %asin = math.asin %a : vector<4xf32>
    %i3 = arith.constant 3 : index
    memref.store %asin, %out[%i3] : memref<64xvector<4xf32>>
    %asinh = math.asinh %a : vector<4xf32>
    %i4 = arith.constant 4 : index
    memref.store %asinh, %out[%i4] : memref<64xvector<4xf32>>
    %atan = math.atan %a : vector<4xf32>
    %i5 = arith.constant 5 : index
    memref.store %atan, %out[%i5] : memref<64xvector<4xf32>>
    %atanh = math.atanh %a : vector<4xf32>
    %i6 = arith.constant 6 : index
    memref.store %atanh, %out[%i6] : memref<64xvector<4xf32>>
    %cbrt = math.cbrt %a : vector<4xf32>
    %i7 = arith.constant 7 : index
    memref.store %cbrt, %out[%i7] : memref<64xvector<4xf32>>
    %ceil = math.ceil %a : vector<4xf32>
    %i8 = arith.constant 8 : index
    memref.store %ceil, %out[%i8] : memref<64xvector<4xf32>>
    %cos = math.cos %a : vector<4xf32>
    %i9 = arith.constant 9 : index
    memref.store %cos, %out[%i9] : memref<64xvector<4xf32>>
    %cosh = math.cosh %a : vector<4xf32>
    %i10 = arith.constant 10 : index
    memref.store %cosh, %out[%i10] : memref<64xvector<4xf32>>
    %erf = math.erf %a : vector<4xf32>
    %i11 = arith.constant 11 : index
    memref.store %erf, %out[%i11] : memref<64xvector<4xf32>>
    %erfc = math.erfc %a : vector<4xf32>
    %i12 = arith.constant 12 : index
    memref.store %erfc, %out[%i12] : memref<64xvector<4xf32>>
    %exp = math.exp %a : vector<4xf32>
    %i13 = arith.constant 13 : index
    memref.store %exp, %out[%i13] : memref<64xvector<4xf32>>
    %exp2 = math.exp2 %a : vector<4xf32>
    %i14 = arith.constant 14 : index
    memref.store %exp2, %out[%i14] : memref<64xvector<4xf32>>
    %expm1 = math.expm1 %a : vector<4xf32>
    %i15 = arith.constant 15 : index
    memref.store %expm1, %out[%i15] : memref<64xvector<4xf32>>
    %floor = math.floor %a : vector<4xf32>
    %i16 = arith.constant 16 : index
    memref.store %floor, %out[%i16] : memref<64xvector<4xf32>>
    %log = math.log %a : vector<4xf32>
    %i17 = arith.constant 17 : index
    memref.store %log, %out[%i17] : memref<64xvector<4xf32>>
    %log10 = math.log10 %a : vector<4xf32>
    %i18 = arith.constant 18 : index
    memref.store %log10, %out[%i18] : memref<64xvector<4xf32>>
    %log1p = math.log1p %a : vector<4xf32>
    %i19 = arith.constant 19 : index
    memref.store %log1p, %out[%i19] : memref<64xvector<4xf32>>
    %log2 = math.log2 %a : vector<4xf32>
    %i20 = arith.constant 20 : index
    memref.store %log2, %out[%i20] : memref<64xvector<4xf32>>
    %round = math.round %a : vector<4xf32>
    %i21 = arith.constant 21 : index
    memref.store %round, %out[%i21] : memref<64xvector<4xf32>>
    %roundeven = math.roundeven %a : vector<4xf32>
    %i22 = arith.constant 22 : index
    memref.store %roundeven, %out[%i22] : memref<64xvector<4xf32>>
    %rsqrt = math.rsqrt %a : vector<4xf32>
    %i23 = arith.constant 23 : index
    memref.store %rsqrt, %out[%i23] : memref<64xvector<4xf32>>
    %sin = math.sin %a : vector<4xf32>
    %i24 = arith.constant 24 : index
    memref.store %sin, %out[%i24] : memref<64xvector<4xf32>>
    %sinh = math.sinh %a : vector<4xf32>
    %i25 = arith.constant 25 : index
    memref.store %sinh, %out[%i25] : memref<64xvector<4xf32>>
    %sqrt = math.sqrt %a : vector<4xf32>
    %i26 = arith.constant 26 : index
    memref.store %sqrt, %out[%i26] : memref<64xvector<4xf32>>
    %tan = math.tan %a : vector<4xf32>
    %i27 = arith.constant 27 : index
    memref.store %tan, %out[%i27] : memref<64xvector<4xf32>>
    %tanh = math.tanh %a : vector<4xf32>
    %i28 = arith.constant 28 : index
    memref.store %tanh, %out[%i28] : memref<64xvector<4xf32>>
    %trunc = math.trunc %a : vector<4xf32>
    %i29 = arith.constant 29 : index
    memref.store %trunc, %out[%i29] : memref<64xvector<4xf32>>
    %atan2 = math.atan2 %a, %b : vector<4xf32>
    %i30 = arith.constant 30 : index
    memref.store %atan2, %out[%i30] : memref<64xvector<4xf32>>
    %copysign = math.copysign %a, %b : vector<4xf32>
    %i31 = arith.constant 31 : index
    memref.store %copysign, %out[%i31] : memref<64xvector<4xf32>>
    %powf = math.powf %a, %b : vector<4xf32>
    %i32 = arith.constant 32 : index
    memref.store %powf, %out[%i32] : memref<64xvector<4xf32>>
    %fma = math.fma %a, %b, %c : vector<4xf32>
    %i33 = arith.constant 33 : index
    memref.store %fma, %out[%i33] : memref<64xvector<4xf32>>
    %clampf = math.clampf %a to [%b, %c] : vector<4xf32>
    %i34 = arith.constant 34 : index
    memref.store %clampf, %out[%i34] : memref<64xvector<4xf32>>
    %sin2, %cos2 = math.sincos %a : vector<4xf32>
    %i35 = arith.constant 35 : index
    memref.store %sin2, %out[%i35] : memref<64xvector<4xf32>>
    %i36 = arith.constant 36 : index
    memref.store %cos2, %out[%i36] : memref<64xvector<4xf32>>
    %fpowi = math.fpowi %a, %i : vector<4xf32>, vector<4xi32>
    %i37 = arith.constant 37 : index
    memref.store %fpowi, %out[%i37] : memref<64xvector<4xf32>>
    %isfinite = math.isfinite %a : vector<4xf32>
    %f0 = arith.constant 0 : index
    memref.store %isfinite, %flags[%f0] : memref<4xvector<4xi1>>
    %isinf = math.isinf %a : vector<4xf32>
    %f1 = arith.constant 1 : index
    memref.store %isinf, %flags[%f1] : memref<4xvector<4xi1>>
    %isnan = math.isnan %a : vector<4xf32>
    %f2 = arith.constant 2 : index
    memref.store %isnan, %flags[%f2] : memref<4xvector<4xi1>>
    %isnormal = math.isnormal %a : vector<4xf32>
    %f3 = arith.constant 3 : index
    memref.store %isnormal, %flags[%f3] : memref<4xvector<4xi1>>
    gpu.return
  }
  gpu.func @vector_f64(%out: memref<64xvector<2xf64>>, %flags: memref<4xvector<2xi1>>, %a: vector<2xf64>, %b: vector<2xf64>, %c: vector<2xf64>, %i: vector<2xi64>) kernel {
    %absf = math.absf %a : vector<2xf64>
    %i0 = arith.constant 0 : index
    memref.store %absf, %out[%i0] : memref<64xvector<2xf64>>
    %acos = math.acos %a : vector<2xf64>
    %i1 = arith.constant 1 : index
    memref.store %acos, %out[%i1] : memref<64xvector<2xf64>>
    %acosh = math.acosh %a : vector<2xf64>
    %i2 = arith.constant 2 : index
    memref.store %acosh, %out[%i2] : memref<64xvector<2xf64>>
    %asin = math.asin %a : vector<2xf64>
    %i3 = arith.constant 3 : index
    memref.store %asin, %out[%i3] : memref<64xvector<2xf64>>
    %asinh = math.asinh %a : vector<2xf64>
    %i4 = arith.constant 4 : index
    memref.store %asinh, %out[%i4] : memref<64xvector<2xf64>>
    %atan = math.atan %a : vector<2xf64>
    %i5 = arith.constant 5 : index
    memref.store %atan, %out[%i5] : memref<64xvector<2xf64>>
    %atanh = math.atanh %a : vector<2xf64>
    %i6 = arith.constant 6 : index
    memref.store %atanh, %out[%i6] : memref<64xvector<2xf64>>
    %cbrt = math.cbrt %a : vector<2xf64>
    %i7 = arith.constant 7 : index
    memref.store %cbrt, %out[%i7] : memref<64xvector<2xf64>>
    %ceil = math.ceil %a : vector<2xf64>
    %i8 = arith.constant 8 : index
    memref.store %ceil, %out[%i8] : memref<64xvector<2xf64>>
    %cos = math.cos %a : vector<2xf64>
    %i9 = arith.constant 9 : index
    memref.store %cos, %out[%i9] : memref<64xvector<2xf64>>
    %cosh = math.cosh %a : vector<2xf64>
    %i10 = arith.constant 10 : index
    memref.store %cosh, %out[%i10] : memref<64xvector<2xf64>>
    %erf = math.erf %a : vector<2xf64>
    %i11 = arith.constant 11 : index
    memref.store %erf, %out[%i11] : memref<64xvector<2xf64>>
    %erfc = math.erfc %a : vector<2xf64>
    %i12 = arith.constant 12 : index
    memref.store %erfc, %out[%i12] : memref<64xvector<2xf64>>
    %exp = math.exp %a : vector<2xf64>
    %i13 = arith.constant 13 : index
    memref.store %exp, %out[%i13] : memref<64xvector<2xf64>>
    %exp2 = math.exp2 %a : vector<2xf64>
    %i14 = arith.constant 14 : index
    memref.store %exp2, %out[%i14] : memref<64xvector<2xf64>>
    %expm1 = math.expm1 %a : vector<2xf64>
    %i15 = arith.constant 15 : index
    memref.store %expm1, %out[%i15] : memref<64xvector<2xf64>>
    %floor = math.floor %a : vector<2xf64>
    %i16 = arith.constant 16 : index
    memref.store %floor, %out[%i16] : memref<64xvector<2xf64>>
    %log = math.log %a : vector<2xf64>
    %i17 = arith.constant 17 : index
    memref.store %log, %out[%i17] : memref<64xvector<2xf64>>
    %log10 = math.log10 %a : vector<2xf64>
    %i18 = arith.constant 18 : index
    memref.store %log10, %out[%i18] : memref<64xvector<2xf64>>
    %log1p = math.log1p %a : vector<2xf64>
    %i19 = arith.constant 19 : index
    memref.store %log1p, %out[%i19] : memref<64xvector<2xf64>>
    %log2 = math.log2 %a : vector<2xf64>
    %i20 = arith.constant 20 : index
    memref.store %log2, %out[%i20] : memref<64xvector<2xf64>>
    %round = math.round %a : vector<2xf64>
    %i21 = arith.constant 21 : index
    memref.store %round, %out[%i21] : memref<64xvector<2xf64>>
    %roundeven = math.roundeven %a : vector<2xf64>
    %i22 = arith.constant 22 : index
    memref.store %roundeven, %out[%i22] : memref<64xvector<2xf64>>
    %rsqrt = math.rsqrt %a : vector<2xf64>
    %i23 = arith.constant 23 : index
    memref.store %rsqrt, %out[%i23] : memref<64xvector<2xf64>>
    %sin = math.sin %a : vector<2xf64>
    %i24 = arith.constant 24 : index
    memref.store %sin, %out[%i24] : memref<64xvector<2xf64>>
    %sinh = math.sinh %a : vector<2xf64>
    %i25 = arith.constant 25 : index
    memref.store %sinh, %out[%i25] : memref<64xvector<2xf64>>
    %sqrt = math.sqrt %a : vector<2xf64>
    %i26 = arith.constant 26 : index
    memref.store %sqrt, %out[%i26] : memref<64xvector<2xf64>>
    %tan = math.tan %a : vector<2xf64>
    %i27 = arith.constant 27 : index
    memref.store %tan, %out[%i27] : memref<64xvector<2xf64>>
    %tanh = math.tanh %a : vector<2xf64>
    %i28 = arith.constant 28 : index
    memref.store %tanh, %out[%i28] : memref<64xvector<2xf64>>
    %trunc = math.trunc %a : vector<2xf64>
    %i29 = arith.constant 29 : index
    memref.store %trunc, %out[%i29] : memref<64xvector<2xf64>>
    %atan2 = math.atan2 %a, %b : vector<2xf64>
    %i30 = arith.constant 30 : index
    memref.store %atan2, %out[%i30] : memref<64xvector<2xf64>>
    %copysign = math.copysign %a, %b : vector<2xf64>
    %i31 = arith.constant 31 : index
    memref.store %copysign, %out[%i31] : memref<64xvector<2xf64>>
    %powf = math.powf %a, %b : vector<2xf64>
    %i32 = arith.constant 32 : index
    memref.store %powf, %out[%i32] : memref<64xvector<2xf64>>
    %fma = math.fma %a, %b, %c : vector<2xf64>
    %i33 = arith.constant 33 : index
    memref.store %fma, %out[%i33] : memref<64xvector<2xf64>>
    %clampf = math.clampf %a to [%b, %c] : vector<2xf64>
    %i34 = arith.constant 34 : index
    memref.store %clampf, %out[%i34] : memref<64xvector<2xf64>>
    %sin2, %cos2 = math.sincos %a : vector<2xf64>
    %i35 = arith.constant 35 : index
    memref.store %sin2, %out[%i35] : memref<64xvector<2xf64>>
    %i36 = arith.constant 36 : index
    memref.store %cos2, %out[%i36] : memref<64xvector<2xf64>>
    %fpowi = math.fpowi %a, %i : vector<2xf64>, vector<2xi64>
    %i37 = arith.constant 37 : index
    memref.store %fpowi, %out[%i37] : memref<64xvector<2xf64>>
    %isfinite = math.isfinite %a : vector<2xf64>
    %f0 = arith.constant 0 : index
    memref.store %isfinite, %flags[%f0] : memref<4xvector<2xi1>>
    %isinf = math.isinf %a : vector<2xf64>
    %f1 = arith.constant 1 : index
    memref.store %isinf, %flags[%f1] : memref<4xvector<2xi1>>
    %isnan = math.isnan %a : vector<2xf64>
    %f2 = arith.constant 2 : index
    memref.store %isnan, %flags[%f2] : memref<4xvector<2xi1>>
    %isnormal = math.isnormal %a : vector<2xf64>
    %f3 = arith.constant 3 : index
    memref.store %isnormal, %flags[%f3] : memref<4xvector<2xi1>>
    gpu.return
  }
  gpu.func @i32(%out: memref<8xi32>, %a: i32, %b: i32) kernel {
    %absi = math.absi %a : i32
    %i0 = arith.constant 0 : index
    memref.store %absi, %out[%i0] : memref<8xi32>
    %ctlz = math.ctlz %a : i32
    %i1 = arith.constant 1 : index
    memref.store %ctlz, %out[%i1] : memref<8xi32>
    %cttz = math.cttz %a : i32
    %i2 = arith.constant 2 : index
    memref.store %cttz, %out[%i2] : memref<8xi32>
    %ctpop = math.ctpop %a : i32
    %i3 = arith.constant 3 : index
    memref.store %ctpop, %out[%i3] : memref<8xi32>
    %ipowi = math.ipowi %a, %b : i32
    %i4 = arith.constant 4 : index
    memref.store %ipowi, %out[%i4] : memref<8xi32>
    gpu.return
  }
  gpu.func @i64(%out: memref<8xi64>, %a: i64, %b: i64) kernel {
    %absi = math.absi %a : i64
    %i0 = arith.constant 0 : index
    memref.store %absi, %out[%i0] : memref<8xi64>
    %ctlz = math.ctlz %a : i64
    %i1 = arith.constant 1 : index
    memref.store %ctlz, %out[%i1] : memref<8xi64>
    %cttz = math.cttz %a : i64
    %i2 = arith.constant 2 : index
    memref.store %cttz, %out[%i2] : memref<8xi64>
    %ctpop = math.ctpop %a : i64
    %i3 = arith.constant 3 : index
    memref.store %ctpop, %out[%i3] : memref<8xi64>
    %ipowi = math.ipowi %a, %b : i64
    %i4 = arith.constant 4 : index
    memref.store %ipowi, %out[%i4] : memref<8xi64>
    gpu.return
  }
  gpu.func @vector_i32(%out: memref<8xvector<4xi32>>, %a: vector<4xi32>, %b: vector<4xi32>) kernel {
    %absi = math.absi %a : vector<4xi32>
    %i0 = arith.constant 0 : index
    memref.store %absi, %out[%i0] : memref<8xvector<4xi32>>
    %ctlz = math.ctlz %a : vector<4xi32>
    %i1 = arith.constant 1 : index
    memref.store %ctlz, %out[%i1] : memref<8xvector<4xi32>>
    %cttz = math.cttz %a : vector<4xi32>
    %i2 = arith.constant 2 : index
    memref.store %cttz, %out[%i2] : memref<8xvector<4xi32>>
    %ctpop = math.ctpop %a : vector<4xi32>
    %i3 = arith.constant 3 : index
    memref.store %ctpop, %out[%i3] : memref<8xvector<4xi32>>
    %ipowi = math.ipowi %a, %b : vector<4xi32>
    %i4 = arith.constant 4 : index
    memref.store %ipowi, %out[%i4] : memref<8xvector<4xi32>>
    gpu.return
  }
}
