// Found by fuzz/random_kernels (avoid flag: host-signaling-nan-min-max).
// On the host target, arith.minimumf of a signalling NaN (0x7f800001, a
// kernel parameter's bits) and 173.0 (arith.uitofp of a parameter, which
// LLVM knows is no NaN) gives 173.0 at -O1 and above on an x86 CPU with
// AVX512DQ: LLVM 22's x86 backend; plain LLVM IR through clang-22
// -mavx512dq does the same. MLIR's minimumf gives a NaN for any NaN (as
// -O0 does here, and a GPU). Passing the operands through llvm.canonicalize
// quiets the NaN, but crashes LLVM 22's x86 backend on vector kernels.
// Likewise minnumf and maxnumf of a signalling NaN give a quiet NaN on the
// host (LLVM's minnum follows IEEE 754-2008), where MLIR and CUDA give the
// other operand (seed 23, kernel 4470).
// Right: %arout40 all NaN; before a fix: all 173.0.
//
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)

func.func @k6037() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %params = memref.alloca() : memref<4xi64>
  %pbits0 = arith.constant 2147483645 : i64
  %pidx0 = arith.constant 0 : index
  memref.store %pbits0, %params[%pidx0] : memref<4xi64>
  %pbits1 = arith.constant 173 : i64
  %pidx1 = arith.constant 1 : index
  memref.store %pbits1, %params[%pidx1] : memref<4xi64>
  %pbits2 = arith.constant 1056964608 : i64
  %pidx2 = arith.constant 2 : index
  memref.store %pbits2, %params[%pidx2] : memref<4xi64>
  %pbits3 = arith.constant 2139095041 : i64
  %pidx3 = arith.constant 3 : index
  memref.store %pbits3, %params[%pidx3] : memref<4xi64>
  %pload0 = memref.load %params[%pidx0] : memref<4xi64>
  %p15 = arith.trunci %pload0 : i64 to i32
  %p19 = memref.load %params[%pidx1] : memref<4xi64>
  %pload2 = memref.load %params[%pidx2] : memref<4xi64>
  %p24_i32 = arith.trunci %pload2 : i64 to i32
  %p24 = arith.bitcast %p24_i32 : i32 to f32
  %pload3 = memref.load %params[%pidx3] : memref<4xi64>
  %p25_i32 = arith.trunci %pload3 : i64 to i32
  %p25 = arith.bitcast %p25_i32 : i32 to f32
  %dim0 = arith.constant 1 : index
  %dim1 = arith.constant 1 : index
  %dim2 = arith.constant 1 : index
  %dim3 = arith.constant 128 : index
  %dim4 = arith.constant 1 : index
  %dim5 = arith.constant 1 : index
  %dims = memref.alloca() : memref<6xindex>
  %dim0_at = arith.constant 0 : index
  memref.store %dim0, %dims[%dim0_at] : memref<6xindex>
  %dim1_at = arith.constant 1 : index
  memref.store %dim1, %dims[%dim1_at] : memref<6xindex>
  %dim2_at = arith.constant 2 : index
  memref.store %dim2, %dims[%dim2_at] : memref<6xindex>
  %dim3_at = arith.constant 3 : index
  memref.store %dim3, %dims[%dim3_at] : memref<6xindex>
  %dim4_at = arith.constant 4 : index
  memref.store %dim4, %dims[%dim4_at] : memref<6xindex>
  %dim5_at = arith.constant 5 : index
  memref.store %dim5, %dims[%dim5_at] : memref<6xindex>
  %ldim0 = memref.load %dims[%dim0_at] : memref<6xindex>
  %ldim1 = memref.load %dims[%dim1_at] : memref<6xindex>
  %ldim2 = memref.load %dims[%dim2_at] : memref<6xindex>
  %ldim3 = memref.load %dims[%dim3_at] : memref<6xindex>
  %ldim4 = memref.load %dims[%dim4_at] : memref<6xindex>
  %ldim5 = memref.load %dims[%dim5_at] : memref<6xindex>
  %arin6 = gpu.alloc host_shared () : memref<64xi32>
  %arin6_n = arith.constant 64 : index
  scf.for %fi = %c0 to %arin6_n step %c1 {
    %fi64 = arith.index_cast %fi : index to i64
    %fa = arith.constant 7 : i64
    %fb = arith.constant 91 : i64
    %fm = arith.muli %fa, %fi64 : i64
    %fv = arith.addi %fm, %fb : i64
    %fw = arith.trunci %fv : i64 to i32
    memref.store %fw, %arin6[%fi] : memref<64xi32>
  }
  %arin6_i0 = arith.constant 5 : index
  %arin6_v0 = arith.constant -1 : i32
  memref.store %arin6_v0, %arin6[%arin6_i0] : memref<64xi32>
  %arin6_i1 = arith.constant 10 : index
  %arin6_v1 = arith.constant 1 : i32
  memref.store %arin6_v1, %arin6[%arin6_i1] : memref<64xi32>
  %arin6_i2 = arith.constant 44 : index
  %arin6_v2 = arith.constant -184 : i32
  memref.store %arin6_v2, %arin6[%arin6_i2] : memref<64xi32>
  %arin6_i3 = arith.constant 62 : index
  %arin6_v3 = arith.constant -6 : i32
  memref.store %arin6_v3, %arin6[%arin6_i3] : memref<64xi32>
  %arin7 = gpu.alloc host_shared () : memref<7xi64>
  %arin7_n = arith.constant 7 : index
  scf.for %fi = %c0 to %arin7_n step %c1 {
    %fi64 = arith.index_cast %fi : index to i64
    %fa = arith.constant 2 : i64
    %fb = arith.constant -96 : i64
    %fm = arith.muli %fa, %fi64 : i64
    %fv = arith.addi %fm, %fb : i64
    memref.store %fv, %arin7[%fi] : memref<7xi64>
  }
  %arin8 = gpu.alloc host_shared () : memref<7xf32>
  %arin8_n = arith.constant 7 : index
  scf.for %fi = %c0 to %arin8_n step %c1 {
    %fi64 = arith.index_cast %fi : index to i64
    %fa = arith.constant 7 : i64
    %fb = arith.constant 38 : i64
    %fm = arith.muli %fa, %fi64 : i64
    %fv = arith.addi %fm, %fb : i64
    %fw = arith.trunci %fv : i64 to i32
    %fx = arith.sitofp %fw : i32 to f32
    %fq = arith.constant 0.25 : f32
    %fy = arith.mulf %fx, %fq : f32
    memref.store %fy, %arin8[%fi] : memref<7xf32>
  }
  %arin8_i0 = arith.constant 1 : index
  %arin8_v0 = arith.constant 0x7F7FFFFF : f32
  memref.store %arin8_v0, %arin8[%arin8_i0] : memref<7xf32>
  %arout38 = gpu.alloc host_shared () : memref<128xi32>
  %arout38_n = arith.constant 128 : index
  scf.for %fi = %c0 to %arout38_n step %c1 {
    %fi64 = arith.index_cast %fi : index to i64
    %fa = arith.constant 3 : i64
    %fb = arith.constant 64 : i64
    %fm = arith.muli %fa, %fi64 : i64
    %fv = arith.addi %fm, %fb : i64
    %fw = arith.trunci %fv : i64 to i32
    memref.store %fw, %arout38[%fi] : memref<128xi32>
  }
  %arout39 = gpu.alloc host_shared () : memref<128xi64>
  %arout39_n = arith.constant 128 : index
  scf.for %fi = %c0 to %arout39_n step %c1 {
    %fi64 = arith.index_cast %fi : index to i64
    %fa = arith.constant -6 : i64
    %fb = arith.constant 60 : i64
    %fm = arith.muli %fa, %fi64 : i64
    %fv = arith.addi %fm, %fb : i64
    memref.store %fv, %arout39[%fi] : memref<128xi64>
  }
  %arout40 = gpu.alloc host_shared () : memref<128xf32>
  %arout40_n = arith.constant 128 : index
  scf.for %fi = %c0 to %arout40_n step %c1 {
    %fi64 = arith.index_cast %fi : index to i64
    %fa = arith.constant 1 : i64
    %fb = arith.constant 7 : i64
    %fm = arith.muli %fa, %fi64 : i64
    %fv = arith.addi %fm, %fb : i64
    %fw = arith.trunci %fv : i64 to i32
    %fx = arith.sitofp %fw : i32 to f32
    %fq = arith.constant 0.25 : f32
    %fy = arith.mulf %fx, %fq : f32
    memref.store %fy, %arout40[%fi] : memref<128xf32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %ldim0, %gy = %ldim1, %gz = %ldim2) threads(%tx, %ty, %tz) in (%sx = %ldim3, %sy = %ldim4, %sz = %ldim5) {
    %tx1 = gpu.thread_id x
    %bx2 = gpu.block_id x
    %k3 = arith.constant 128 : index
    %v4 = arith.muli %bx2, %k3 : index
    %v5 = arith.addi %v4, %tx1 : index
    %v9 = arith.index_cast %v5 : index to i32
    %v10 = arith.index_cast %tx1 : index to i64
    %k11 = arith.constant 64 : index
    %v12 = arith.remui %v5, %k11 : index
    %v13 = memref.load %arin6[%v12] : memref<64xi32>
    %k14 = arith.constant -2147483622 : i32
    %k16 = arith.constant 7 : index
    %v17 = arith.remui %v5, %k16 : index
    %v18 = memref.load %arin7[%v17] : memref<7xi64>
    %k20 = arith.constant -3052494535261903254 : i64
    %k21 = arith.constant 7 : index
    %v22 = arith.remui %v5, %k21 : index
    %v23 = memref.load %arin8[%v22] : memref<7xf32>
    %v26 = arith.andi %v13, %k14 : i32
    %v27 = arith.uitofp %p19 : i64 to f32
    %v28 = arith.maxsi %v10, %p19 : i64
    %v29 = arith.cmpi ugt, %k14, %p15 : i32
    %v30 = arith.select %v29, %k14, %p15 : i32
    %v31 = arith.subi %v9, %k14 : i32
    %v32 = arith.maxnumf %p25, %v27 : f32
    %v33 = arith.bitcast %v13 : i32 to f32
    %v34 = arith.addf %v23, %v27 : f32
    %v35 = arith.minui %v26, %p15 : i32
    %v36 = arith.minimumf %p25, %v27 : f32
    %v37 = arith.extsi %k14 : i32 to i64
    memref.store %v35, %arout38[%v5] : memref<128xi32>
    memref.store %v37, %arout39[%v5] : memref<128xi64>
    memref.store %v36, %arout40[%v5] : memref<128xf32>
    gpu.terminator
  }
  %arin6_u = memref.cast %arin6 : memref<64xi32> to memref<*xi32>
  call @printMemrefI32(%arin6_u) : (memref<*xi32>) -> ()
  gpu.dealloc %arin6 : memref<64xi32>
  %arin7_u = memref.cast %arin7 : memref<7xi64> to memref<*xi64>
  call @printMemrefI64(%arin7_u) : (memref<*xi64>) -> ()
  gpu.dealloc %arin7 : memref<7xi64>
  %arin8_bits = memref.alloc() : memref<7xi32>
  scf.for %bi = %c0 to %arin8_n step %c1 {
    %bf = memref.load %arin8[%bi] : memref<7xf32>
    %bb = arith.bitcast %bf : f32 to i32
    memref.store %bb, %arin8_bits[%bi] : memref<7xi32>
  }
  %arin8_u = memref.cast %arin8_bits : memref<7xi32> to memref<*xi32>
  call @printMemrefI32(%arin8_u) : (memref<*xi32>) -> ()
  memref.dealloc %arin8_bits : memref<7xi32>
  gpu.dealloc %arin8 : memref<7xf32>
  %arout38_u = memref.cast %arout38 : memref<128xi32> to memref<*xi32>
  call @printMemrefI32(%arout38_u) : (memref<*xi32>) -> ()
  gpu.dealloc %arout38 : memref<128xi32>
  %arout39_u = memref.cast %arout39 : memref<128xi64> to memref<*xi64>
  call @printMemrefI64(%arout39_u) : (memref<*xi64>) -> ()
  gpu.dealloc %arout39 : memref<128xi64>
  %arout40_bits = memref.alloc() : memref<128xi32>
  scf.for %bi = %c0 to %arout40_n step %c1 {
    %bf = memref.load %arout40[%bi] : memref<128xf32>
    %bb = arith.bitcast %bf : f32 to i32
    memref.store %bb, %arout40_bits[%bi] : memref<128xi32>
  }
  %arout40_u = memref.cast %arout40_bits : memref<128xi32> to memref<*xi32>
  call @printMemrefI32(%arout40_u) : (memref<*xi32>) -> ()
  memref.dealloc %arout40_bits : memref<128xi32>
  gpu.dealloc %arout40 : memref<128xf32>
  return
}

func.func @main() {
  call @k6037() : () -> ()
  return
}

// CHECK: data =
// CHECK-NEXT: {{\[}}91, 98, 105, 112, 119, -1, 133, 140, 147, 154, 1, 168, 175, 182, 189, 196, 203, 210, 217, 224, 231, 238, 245, 252, 259, 266, 273, 280, 287, 294, 301, 308, 315, 322, 329, 336, 343, 350, 357, 364, 371, 378, 385, 392, -184, 406, 413, 420, 427, 434, 441, 448, 455, 462, 469, 476, 483, 490, 497, 504, 511, 518, -6, 532]
// CHECK: data =
// CHECK-NEXT: {{\[}}-96, -94, -92, -90, -88, -86, -84]
// CHECK: data =
// CHECK-NEXT: {{\[}}1092091904, 2139095039, 1095761920, 1097596928, 1099169792, 1100087296, 1101004800]
// CHECK: data =
// CHECK-NEXT: {{\[}}26, 2, 8, 16, 18, 2147483645, 0, 8, 18, 26, 0, 8, 10, 18, 24, 0, 10, 18, 24, 0, 2, 10, 16, 24, 2, 10, 16, 24, 26, 2, 8, 16, 26, 2, 8, 16, 18, 26, 0, 8, 18, 26, 0, 8, 2147483645, 18, 24, 0, 10, 18, 24, 0, 2, 10, 16, 24, 2, 10, 16, 24, 26, 2, 2147483645, 16, 26, 2, 8, 16, 18, 2147483645, 0, 8, 18, 26, 0, 8, 10, 18, 24, 0, 10, 18, 24, 0, 2, 10, 16, 24, 2, 10, 16, 24, 26, 2, 8, 16, 26, 2, 8, 16, 18, 26, 0, 8, 18, 26, 0, 8, 2147483645, 18, 24, 0, 10, 18, 24, 0, 2, 10, 16, 24, 2, 10, 16, 24, 26, 2, 2147483645, 16]
// CHECK: data =
// CHECK-NEXT: {{\[}}-2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622, -2147483622]
// CHECK: data =
// CHECK-NEXT: {{\[}}{{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}, {{-?[0-9]+}}]
