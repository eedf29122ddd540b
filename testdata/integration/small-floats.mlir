// Floats that LLVM has no type for (8 bits or fewer) and bf16 on the host:
// conversions from and to them through tables that APFloat computes, and
// arithmetic in f32, rounded back. Every expected value below is worked out
// by hand from the formats (bias, exponent and mantissa bits, NaN and
// infinity encodings); inputs come from memory, so that nothing folds.
//
// Line 1, values of encodings: f8E4M3FN 0x00 0x01 0x38 0x3C 0x7E 0x7F 0x80
// 0xC0; f8E5M2 0x3C 0x7B 0x7C 0xFC 0x7E 0x01; f8E4M3FNUZ 0x40 0x7F 0x80 0x01
// 0xC0; f8E5M2FNUZ 0x40 0x7F 0x80 0x01; f8E4M3B11FNUZ 0x58 0x7F 0x80; f8E3M4
// 0x30 0x6F 0x70 0x78; f8E4M3 0x38 0x77 0x78 0x7C; f8E8M0FNU 0x7F 0x80 0x7D
// 0xFF; f6E2M3FN 0x08 0x1F 0x01 0x3F; f6E3M2FN 0x0C 0x1F 0x01 0x20;
// f4E2M1FN 0x1 0x2 0x3 0x5 0x7 0x8 0xF.
// Line 2, encodings of values, to nearest, ties to even: f8E4M3FN 1, 448,
// 464 (a tie with the NaN above 448: 448), 465 (NaN, as it has no
// infinity), -1000, 1 + 1/16 and 1 + 3/16 (ties), 2^-10 (a tie with 0),
// 1.5 * 2^-10, -0, NaN, inf (NaN); f8E5M2 1, 57344, 61440 (a tie with inf),
// 1e30, -inf, 65504; f4E2M1FN 5 and 2.5 (ties), 7 and 100 (the largest, 6:
// it has no infinity), -3.5, 0.25 (a tie with 0), 0.3; f8E8M0FNU 1, 2,
// 0.25, 1.4, 1.6; f8E4M3FNUZ 1, -0 (0: it has no -0), 241, 1000 (NaN);
// f6E3M2FN 30, 29 (the largest, 28) and -28.
// Line 3: 1 + 1/16 in f8E4M3FN (a tie: 1); 3 * 5 in f8E5M2 (15 ties between
// 14 and 16: 16); 5 > 3 in f8E5M2; bf16 of 1 + 2^-8 and of 1 + 3 * 2^-8
// (ties: 1 and 1 + 2^-6) and (1 + 2^-6) + (1 + 2^-6); f64 just above the
// ties 1 + 2^-8 to bf16 and 1 + 2^-11 to f16 (up: 1 + 2^-7 and 1 + 2^-10;
// rounding to f32 first would make them ties, down); the sum of 1, 1/16, 3
// and 5 through a vector of f8E4M3FN.
//
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no type for the 4- and 6-bit floats' integers (i4, i6)
// UNSUPPORTED-TARGET: cuda: the CUDA pipeline lowers no conversion of 8-bit and smaller floats: the tables are the host target's
// RUN: offload-opt %s --offload-lower-to-host="cpu=x86-64" | %offload_runner | FileCheck %s
// CHECK: {{\[}}0,  0.00195312,  1,  1.5,  448,  nan,  -0,  -2,  1,  57344,  inf,  -inf,  nan,  1.52588e-05,  1,  240,  {{-?}}nan,  0.000976562,  -1,  1,  57344,  {{-?}}nan,  7.62939e-06,  1,  30,  {{-?}}nan,  1,  15.5,  inf,  nan,  1,  240,  inf,  nan,  1,  2,  0.25,  nan,  1,  7.5,  0.125,  -7.5,  1,  28,  0.0625,  -0,  0.5,  1,  1.5,  3,  6,  -0,  -6]
// CHECK: {{\[}}56,  126,  126,  127,  255,  56,  58,  0,  1,  128,  127,  127,  60,  123,  124,  124,  252,  124,  6,  4,  7,  7,  14,  0,  1,  127,  128,  125,  127,  128,  64,  0,  127,  128,  31,  31,  63]
// CHECK: {{\[}}1,  16,  1,  1,  1.01562,  2.03125,  1.00781,  1.00098,  9.0625,  0,  0,  0]

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %codes = gpu.alloc host_shared () : memref<53xi32>
  %decoded = gpu.alloc host_shared () : memref<53xf32>
  %inputs = gpu.alloc host_shared () : memref<37xf32>
  %encoded = gpu.alloc host_shared () : memref<37xi32>
  %code0 = arith.constant 0 : i32
  %at0 = arith.constant 0 : index
  memref.store %code0, %codes[%at0] : memref<53xi32>
  %code1 = arith.constant 1 : i32
  %at1 = arith.constant 1 : index
  memref.store %code1, %codes[%at1] : memref<53xi32>
  %code2 = arith.constant 56 : i32
  %at2 = arith.constant 2 : index
  memref.store %code2, %codes[%at2] : memref<53xi32>
  %code3 = arith.constant 60 : i32
  %at3 = arith.constant 3 : index
  memref.store %code3, %codes[%at3] : memref<53xi32>
  %code4 = arith.constant 126 : i32
  %at4 = arith.constant 4 : index
  memref.store %code4, %codes[%at4] : memref<53xi32>
  %code5 = arith.constant 127 : i32
  %at5 = arith.constant 5 : index
  memref.store %code5, %codes[%at5] : memref<53xi32>
  %code6 = arith.constant 128 : i32
  %at6 = arith.constant 6 : index
  memref.store %code6, %codes[%at6] : memref<53xi32>
  %code7 = arith.constant 192 : i32
  %at7 = arith.constant 7 : index
  memref.store %code7, %codes[%at7] : memref<53xi32>
  %code8 = arith.constant 60 : i32
  %at8 = arith.constant 8 : index
  memref.store %code8, %codes[%at8] : memref<53xi32>
  %code9 = arith.constant 123 : i32
  %at9 = arith.constant 9 : index
  memref.store %code9, %codes[%at9] : memref<53xi32>
  %code10 = arith.constant 124 : i32
  %at10 = arith.constant 10 : index
  memref.store %code10, %codes[%at10] : memref<53xi32>
  %code11 = arith.constant 252 : i32
  %at11 = arith.constant 11 : index
  memref.store %code11, %codes[%at11] : memref<53xi32>
  %code12 = arith.constant 126 : i32
  %at12 = arith.constant 12 : index
  memref.store %code12, %codes[%at12] : memref<53xi32>
  %code13 = arith.constant 1 : i32
  %at13 = arith.constant 13 : index
  memref.store %code13, %codes[%at13] : memref<53xi32>
  %code14 = arith.constant 64 : i32
  %at14 = arith.constant 14 : index
  memref.store %code14, %codes[%at14] : memref<53xi32>
  %code15 = arith.constant 127 : i32
  %at15 = arith.constant 15 : index
  memref.store %code15, %codes[%at15] : memref<53xi32>
  %code16 = arith.constant 128 : i32
  %at16 = arith.constant 16 : index
  memref.store %code16, %codes[%at16] : memref<53xi32>
  %code17 = arith.constant 1 : i32
  %at17 = arith.constant 17 : index
  memref.store %code17, %codes[%at17] : memref<53xi32>
  %code18 = arith.constant 192 : i32
  %at18 = arith.constant 18 : index
  memref.store %code18, %codes[%at18] : memref<53xi32>
  %code19 = arith.constant 64 : i32
  %at19 = arith.constant 19 : index
  memref.store %code19, %codes[%at19] : memref<53xi32>
  %code20 = arith.constant 127 : i32
  %at20 = arith.constant 20 : index
  memref.store %code20, %codes[%at20] : memref<53xi32>
  %code21 = arith.constant 128 : i32
  %at21 = arith.constant 21 : index
  memref.store %code21, %codes[%at21] : memref<53xi32>
  %code22 = arith.constant 1 : i32
  %at22 = arith.constant 22 : index
  memref.store %code22, %codes[%at22] : memref<53xi32>
  %code23 = arith.constant 88 : i32
  %at23 = arith.constant 23 : index
  memref.store %code23, %codes[%at23] : memref<53xi32>
  %code24 = arith.constant 127 : i32
  %at24 = arith.constant 24 : index
  memref.store %code24, %codes[%at24] : memref<53xi32>
  %code25 = arith.constant 128 : i32
  %at25 = arith.constant 25 : index
  memref.store %code25, %codes[%at25] : memref<53xi32>
  %code26 = arith.constant 48 : i32
  %at26 = arith.constant 26 : index
  memref.store %code26, %codes[%at26] : memref<53xi32>
  %code27 = arith.constant 111 : i32
  %at27 = arith.constant 27 : index
  memref.store %code27, %codes[%at27] : memref<53xi32>
  %code28 = arith.constant 112 : i32
  %at28 = arith.constant 28 : index
  memref.store %code28, %codes[%at28] : memref<53xi32>
  %code29 = arith.constant 120 : i32
  %at29 = arith.constant 29 : index
  memref.store %code29, %codes[%at29] : memref<53xi32>
  %code30 = arith.constant 56 : i32
  %at30 = arith.constant 30 : index
  memref.store %code30, %codes[%at30] : memref<53xi32>
  %code31 = arith.constant 119 : i32
  %at31 = arith.constant 31 : index
  memref.store %code31, %codes[%at31] : memref<53xi32>
  %code32 = arith.constant 120 : i32
  %at32 = arith.constant 32 : index
  memref.store %code32, %codes[%at32] : memref<53xi32>
  %code33 = arith.constant 124 : i32
  %at33 = arith.constant 33 : index
  memref.store %code33, %codes[%at33] : memref<53xi32>
  %code34 = arith.constant 127 : i32
  %at34 = arith.constant 34 : index
  memref.store %code34, %codes[%at34] : memref<53xi32>
  %code35 = arith.constant 128 : i32
  %at35 = arith.constant 35 : index
  memref.store %code35, %codes[%at35] : memref<53xi32>
  %code36 = arith.constant 125 : i32
  %at36 = arith.constant 36 : index
  memref.store %code36, %codes[%at36] : memref<53xi32>
  %code37 = arith.constant 255 : i32
  %at37 = arith.constant 37 : index
  memref.store %code37, %codes[%at37] : memref<53xi32>
  %code38 = arith.constant 8 : i32
  %at38 = arith.constant 38 : index
  memref.store %code38, %codes[%at38] : memref<53xi32>
  %code39 = arith.constant 31 : i32
  %at39 = arith.constant 39 : index
  memref.store %code39, %codes[%at39] : memref<53xi32>
  %code40 = arith.constant 1 : i32
  %at40 = arith.constant 40 : index
  memref.store %code40, %codes[%at40] : memref<53xi32>
  %code41 = arith.constant 63 : i32
  %at41 = arith.constant 41 : index
  memref.store %code41, %codes[%at41] : memref<53xi32>
  %code42 = arith.constant 12 : i32
  %at42 = arith.constant 42 : index
  memref.store %code42, %codes[%at42] : memref<53xi32>
  %code43 = arith.constant 31 : i32
  %at43 = arith.constant 43 : index
  memref.store %code43, %codes[%at43] : memref<53xi32>
  %code44 = arith.constant 1 : i32
  %at44 = arith.constant 44 : index
  memref.store %code44, %codes[%at44] : memref<53xi32>
  %code45 = arith.constant 32 : i32
  %at45 = arith.constant 45 : index
  memref.store %code45, %codes[%at45] : memref<53xi32>
  %code46 = arith.constant 1 : i32
  %at46 = arith.constant 46 : index
  memref.store %code46, %codes[%at46] : memref<53xi32>
  %code47 = arith.constant 2 : i32
  %at47 = arith.constant 47 : index
  memref.store %code47, %codes[%at47] : memref<53xi32>
  %code48 = arith.constant 3 : i32
  %at48 = arith.constant 48 : index
  memref.store %code48, %codes[%at48] : memref<53xi32>
  %code49 = arith.constant 5 : i32
  %at49 = arith.constant 49 : index
  memref.store %code49, %codes[%at49] : memref<53xi32>
  %code50 = arith.constant 7 : i32
  %at50 = arith.constant 50 : index
  memref.store %code50, %codes[%at50] : memref<53xi32>
  %code51 = arith.constant 8 : i32
  %at51 = arith.constant 51 : index
  memref.store %code51, %codes[%at51] : memref<53xi32>
  %code52 = arith.constant 15 : i32
  %at52 = arith.constant 52 : index
  memref.store %code52, %codes[%at52] : memref<53xi32>
  %in0 = arith.constant 1.0 : f32
  %ix0 = arith.constant 0 : index
  memref.store %in0, %inputs[%ix0] : memref<37xf32>
  %in1 = arith.constant 448.0 : f32
  %ix1 = arith.constant 1 : index
  memref.store %in1, %inputs[%ix1] : memref<37xf32>
  %in2 = arith.constant 464.0 : f32
  %ix2 = arith.constant 2 : index
  memref.store %in2, %inputs[%ix2] : memref<37xf32>
  %in3 = arith.constant 465.0 : f32
  %ix3 = arith.constant 3 : index
  memref.store %in3, %inputs[%ix3] : memref<37xf32>
  %in4 = arith.constant -1000.0 : f32
  %ix4 = arith.constant 4 : index
  memref.store %in4, %inputs[%ix4] : memref<37xf32>
  %in5 = arith.constant 1.0625 : f32
  %ix5 = arith.constant 5 : index
  memref.store %in5, %inputs[%ix5] : memref<37xf32>
  %in6 = arith.constant 1.1875 : f32
  %ix6 = arith.constant 6 : index
  memref.store %in6, %inputs[%ix6] : memref<37xf32>
  %in7 = arith.constant 0.0009765625 : f32
  %ix7 = arith.constant 7 : index
  memref.store %in7, %inputs[%ix7] : memref<37xf32>
  %in8 = arith.constant 0.00146484375 : f32
  %ix8 = arith.constant 8 : index
  memref.store %in8, %inputs[%ix8] : memref<37xf32>
  %in9 = arith.constant -0.0 : f32
  %ix9 = arith.constant 9 : index
  memref.store %in9, %inputs[%ix9] : memref<37xf32>
  %in10 = arith.constant 0x7FC00000 : f32
  %ix10 = arith.constant 10 : index
  memref.store %in10, %inputs[%ix10] : memref<37xf32>
  %in11 = arith.constant 0x7F800000 : f32
  %ix11 = arith.constant 11 : index
  memref.store %in11, %inputs[%ix11] : memref<37xf32>
  %in12 = arith.constant 1.0 : f32
  %ix12 = arith.constant 12 : index
  memref.store %in12, %inputs[%ix12] : memref<37xf32>
  %in13 = arith.constant 57344.0 : f32
  %ix13 = arith.constant 13 : index
  memref.store %in13, %inputs[%ix13] : memref<37xf32>
  %in14 = arith.constant 61440.0 : f32
  %ix14 = arith.constant 14 : index
  memref.store %in14, %inputs[%ix14] : memref<37xf32>
  %in15 = arith.constant 1.0e30 : f32
  %ix15 = arith.constant 15 : index
  memref.store %in15, %inputs[%ix15] : memref<37xf32>
  %in16 = arith.constant 0xFF800000 : f32
  %ix16 = arith.constant 16 : index
  memref.store %in16, %inputs[%ix16] : memref<37xf32>
  %in17 = arith.constant 65504.0 : f32
  %ix17 = arith.constant 17 : index
  memref.store %in17, %inputs[%ix17] : memref<37xf32>
  %in18 = arith.constant 5.0 : f32
  %ix18 = arith.constant 18 : index
  memref.store %in18, %inputs[%ix18] : memref<37xf32>
  %in19 = arith.constant 2.5 : f32
  %ix19 = arith.constant 19 : index
  memref.store %in19, %inputs[%ix19] : memref<37xf32>
  %in20 = arith.constant 7.0 : f32
  %ix20 = arith.constant 20 : index
  memref.store %in20, %inputs[%ix20] : memref<37xf32>
  %in21 = arith.constant 100.0 : f32
  %ix21 = arith.constant 21 : index
  memref.store %in21, %inputs[%ix21] : memref<37xf32>
  %in22 = arith.constant -3.5 : f32
  %ix22 = arith.constant 22 : index
  memref.store %in22, %inputs[%ix22] : memref<37xf32>
  %in23 = arith.constant 0.25 : f32
  %ix23 = arith.constant 23 : index
  memref.store %in23, %inputs[%ix23] : memref<37xf32>
  %in24 = arith.constant 0.3 : f32
  %ix24 = arith.constant 24 : index
  memref.store %in24, %inputs[%ix24] : memref<37xf32>
  %in25 = arith.constant 1.0 : f32
  %ix25 = arith.constant 25 : index
  memref.store %in25, %inputs[%ix25] : memref<37xf32>
  %in26 = arith.constant 2.0 : f32
  %ix26 = arith.constant 26 : index
  memref.store %in26, %inputs[%ix26] : memref<37xf32>
  %in27 = arith.constant 0.25 : f32
  %ix27 = arith.constant 27 : index
  memref.store %in27, %inputs[%ix27] : memref<37xf32>
  %in28 = arith.constant 1.4 : f32
  %ix28 = arith.constant 28 : index
  memref.store %in28, %inputs[%ix28] : memref<37xf32>
  %in29 = arith.constant 1.6 : f32
  %ix29 = arith.constant 29 : index
  memref.store %in29, %inputs[%ix29] : memref<37xf32>
  %in30 = arith.constant 1.0 : f32
  %ix30 = arith.constant 30 : index
  memref.store %in30, %inputs[%ix30] : memref<37xf32>
  %in31 = arith.constant -0.0 : f32
  %ix31 = arith.constant 31 : index
  memref.store %in31, %inputs[%ix31] : memref<37xf32>
  %in32 = arith.constant 241.0 : f32
  %ix32 = arith.constant 32 : index
  memref.store %in32, %inputs[%ix32] : memref<37xf32>
  %in33 = arith.constant 1000.0 : f32
  %ix33 = arith.constant 33 : index
  memref.store %in33, %inputs[%ix33] : memref<37xf32>
  %in34 = arith.constant 30.0 : f32
  %ix34 = arith.constant 34 : index
  memref.store %in34, %inputs[%ix34] : memref<37xf32>
  %in35 = arith.constant 29.0 : f32
  %ix35 = arith.constant 35 : index
  memref.store %in35, %inputs[%ix35] : memref<37xf32>
  %in36 = arith.constant -28.0 : f32
  %ix36 = arith.constant 36 : index
  memref.store %in36, %inputs[%ix36] : memref<37xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %d0 = arith.constant 0 : index
    %dc0 = memref.load %codes[%d0] : memref<53xi32>
    %db0 = arith.trunci %dc0 : i32 to i8
    %df0 = arith.bitcast %db0 : i8 to f8E4M3FN
    %dv0 = arith.extf %df0 : f8E4M3FN to f32
    memref.store %dv0, %decoded[%d0] : memref<53xf32>
    %d1 = arith.constant 1 : index
    %dc1 = memref.load %codes[%d1] : memref<53xi32>
    %db1 = arith.trunci %dc1 : i32 to i8
    %df1 = arith.bitcast %db1 : i8 to f8E4M3FN
    %dv1 = arith.extf %df1 : f8E4M3FN to f32
    memref.store %dv1, %decoded[%d1] : memref<53xf32>
    %d2 = arith.constant 2 : index
    %dc2 = memref.load %codes[%d2] : memref<53xi32>
    %db2 = arith.trunci %dc2 : i32 to i8
    %df2 = arith.bitcast %db2 : i8 to f8E4M3FN
    %dv2 = arith.extf %df2 : f8E4M3FN to f32
    memref.store %dv2, %decoded[%d2] : memref<53xf32>
    %d3 = arith.constant 3 : index
    %dc3 = memref.load %codes[%d3] : memref<53xi32>
    %db3 = arith.trunci %dc3 : i32 to i8
    %df3 = arith.bitcast %db3 : i8 to f8E4M3FN
    %dv3 = arith.extf %df3 : f8E4M3FN to f32
    memref.store %dv3, %decoded[%d3] : memref<53xf32>
    %d4 = arith.constant 4 : index
    %dc4 = memref.load %codes[%d4] : memref<53xi32>
    %db4 = arith.trunci %dc4 : i32 to i8
    %df4 = arith.bitcast %db4 : i8 to f8E4M3FN
    %dv4 = arith.extf %df4 : f8E4M3FN to f32
    memref.store %dv4, %decoded[%d4] : memref<53xf32>
    %d5 = arith.constant 5 : index
    %dc5 = memref.load %codes[%d5] : memref<53xi32>
    %db5 = arith.trunci %dc5 : i32 to i8
    %df5 = arith.bitcast %db5 : i8 to f8E4M3FN
    %dv5 = arith.extf %df5 : f8E4M3FN to f32
    memref.store %dv5, %decoded[%d5] : memref<53xf32>
    %d6 = arith.constant 6 : index
    %dc6 = memref.load %codes[%d6] : memref<53xi32>
    %db6 = arith.trunci %dc6 : i32 to i8
    %df6 = arith.bitcast %db6 : i8 to f8E4M3FN
    %dv6 = arith.extf %df6 : f8E4M3FN to f32
    memref.store %dv6, %decoded[%d6] : memref<53xf32>
    %d7 = arith.constant 7 : index
    %dc7 = memref.load %codes[%d7] : memref<53xi32>
    %db7 = arith.trunci %dc7 : i32 to i8
    %df7 = arith.bitcast %db7 : i8 to f8E4M3FN
    %dv7 = arith.extf %df7 : f8E4M3FN to f32
    memref.store %dv7, %decoded[%d7] : memref<53xf32>
    %d8 = arith.constant 8 : index
    %dc8 = memref.load %codes[%d8] : memref<53xi32>
    %db8 = arith.trunci %dc8 : i32 to i8
    %df8 = arith.bitcast %db8 : i8 to f8E5M2
    %dv8 = arith.extf %df8 : f8E5M2 to f32
    memref.store %dv8, %decoded[%d8] : memref<53xf32>
    %d9 = arith.constant 9 : index
    %dc9 = memref.load %codes[%d9] : memref<53xi32>
    %db9 = arith.trunci %dc9 : i32 to i8
    %df9 = arith.bitcast %db9 : i8 to f8E5M2
    %dv9 = arith.extf %df9 : f8E5M2 to f32
    memref.store %dv9, %decoded[%d9] : memref<53xf32>
    %d10 = arith.constant 10 : index
    %dc10 = memref.load %codes[%d10] : memref<53xi32>
    %db10 = arith.trunci %dc10 : i32 to i8
    %df10 = arith.bitcast %db10 : i8 to f8E5M2
    %dv10 = arith.extf %df10 : f8E5M2 to f32
    memref.store %dv10, %decoded[%d10] : memref<53xf32>
    %d11 = arith.constant 11 : index
    %dc11 = memref.load %codes[%d11] : memref<53xi32>
    %db11 = arith.trunci %dc11 : i32 to i8
    %df11 = arith.bitcast %db11 : i8 to f8E5M2
    %dv11 = arith.extf %df11 : f8E5M2 to f32
    memref.store %dv11, %decoded[%d11] : memref<53xf32>
    %d12 = arith.constant 12 : index
    %dc12 = memref.load %codes[%d12] : memref<53xi32>
    %db12 = arith.trunci %dc12 : i32 to i8
    %df12 = arith.bitcast %db12 : i8 to f8E5M2
    %dv12 = arith.extf %df12 : f8E5M2 to f32
    memref.store %dv12, %decoded[%d12] : memref<53xf32>
    %d13 = arith.constant 13 : index
    %dc13 = memref.load %codes[%d13] : memref<53xi32>
    %db13 = arith.trunci %dc13 : i32 to i8
    %df13 = arith.bitcast %db13 : i8 to f8E5M2
    %dv13 = arith.extf %df13 : f8E5M2 to f32
    memref.store %dv13, %decoded[%d13] : memref<53xf32>
    %d14 = arith.constant 14 : index
    %dc14 = memref.load %codes[%d14] : memref<53xi32>
    %db14 = arith.trunci %dc14 : i32 to i8
    %df14 = arith.bitcast %db14 : i8 to f8E4M3FNUZ
    %dv14 = arith.extf %df14 : f8E4M3FNUZ to f32
    memref.store %dv14, %decoded[%d14] : memref<53xf32>
    %d15 = arith.constant 15 : index
    %dc15 = memref.load %codes[%d15] : memref<53xi32>
    %db15 = arith.trunci %dc15 : i32 to i8
    %df15 = arith.bitcast %db15 : i8 to f8E4M3FNUZ
    %dv15 = arith.extf %df15 : f8E4M3FNUZ to f32
    memref.store %dv15, %decoded[%d15] : memref<53xf32>
    %d16 = arith.constant 16 : index
    %dc16 = memref.load %codes[%d16] : memref<53xi32>
    %db16 = arith.trunci %dc16 : i32 to i8
    %df16 = arith.bitcast %db16 : i8 to f8E4M3FNUZ
    %dv16 = arith.extf %df16 : f8E4M3FNUZ to f32
    memref.store %dv16, %decoded[%d16] : memref<53xf32>
    %d17 = arith.constant 17 : index
    %dc17 = memref.load %codes[%d17] : memref<53xi32>
    %db17 = arith.trunci %dc17 : i32 to i8
    %df17 = arith.bitcast %db17 : i8 to f8E4M3FNUZ
    %dv17 = arith.extf %df17 : f8E4M3FNUZ to f32
    memref.store %dv17, %decoded[%d17] : memref<53xf32>
    %d18 = arith.constant 18 : index
    %dc18 = memref.load %codes[%d18] : memref<53xi32>
    %db18 = arith.trunci %dc18 : i32 to i8
    %df18 = arith.bitcast %db18 : i8 to f8E4M3FNUZ
    %dv18 = arith.extf %df18 : f8E4M3FNUZ to f32
    memref.store %dv18, %decoded[%d18] : memref<53xf32>
    %d19 = arith.constant 19 : index
    %dc19 = memref.load %codes[%d19] : memref<53xi32>
    %db19 = arith.trunci %dc19 : i32 to i8
    %df19 = arith.bitcast %db19 : i8 to f8E5M2FNUZ
    %dv19 = arith.extf %df19 : f8E5M2FNUZ to f32
    memref.store %dv19, %decoded[%d19] : memref<53xf32>
    %d20 = arith.constant 20 : index
    %dc20 = memref.load %codes[%d20] : memref<53xi32>
    %db20 = arith.trunci %dc20 : i32 to i8
    %df20 = arith.bitcast %db20 : i8 to f8E5M2FNUZ
    %dv20 = arith.extf %df20 : f8E5M2FNUZ to f32
    memref.store %dv20, %decoded[%d20] : memref<53xf32>
    %d21 = arith.constant 21 : index
    %dc21 = memref.load %codes[%d21] : memref<53xi32>
    %db21 = arith.trunci %dc21 : i32 to i8
    %df21 = arith.bitcast %db21 : i8 to f8E5M2FNUZ
    %dv21 = arith.extf %df21 : f8E5M2FNUZ to f32
    memref.store %dv21, %decoded[%d21] : memref<53xf32>
    %d22 = arith.constant 22 : index
    %dc22 = memref.load %codes[%d22] : memref<53xi32>
    %db22 = arith.trunci %dc22 : i32 to i8
    %df22 = arith.bitcast %db22 : i8 to f8E5M2FNUZ
    %dv22 = arith.extf %df22 : f8E5M2FNUZ to f32
    memref.store %dv22, %decoded[%d22] : memref<53xf32>
    %d23 = arith.constant 23 : index
    %dc23 = memref.load %codes[%d23] : memref<53xi32>
    %db23 = arith.trunci %dc23 : i32 to i8
    %df23 = arith.bitcast %db23 : i8 to f8E4M3B11FNUZ
    %dv23 = arith.extf %df23 : f8E4M3B11FNUZ to f32
    memref.store %dv23, %decoded[%d23] : memref<53xf32>
    %d24 = arith.constant 24 : index
    %dc24 = memref.load %codes[%d24] : memref<53xi32>
    %db24 = arith.trunci %dc24 : i32 to i8
    %df24 = arith.bitcast %db24 : i8 to f8E4M3B11FNUZ
    %dv24 = arith.extf %df24 : f8E4M3B11FNUZ to f32
    memref.store %dv24, %decoded[%d24] : memref<53xf32>
    %d25 = arith.constant 25 : index
    %dc25 = memref.load %codes[%d25] : memref<53xi32>
    %db25 = arith.trunci %dc25 : i32 to i8
    %df25 = arith.bitcast %db25 : i8 to f8E4M3B11FNUZ
    %dv25 = arith.extf %df25 : f8E4M3B11FNUZ to f32
    memref.store %dv25, %decoded[%d25] : memref<53xf32>
    %d26 = arith.constant 26 : index
    %dc26 = memref.load %codes[%d26] : memref<53xi32>
    %db26 = arith.trunci %dc26 : i32 to i8
    %df26 = arith.bitcast %db26 : i8 to f8E3M4
    %dv26 = arith.extf %df26 : f8E3M4 to f32
    memref.store %dv26, %decoded[%d26] : memref<53xf32>
    %d27 = arith.constant 27 : index
    %dc27 = memref.load %codes[%d27] : memref<53xi32>
    %db27 = arith.trunci %dc27 : i32 to i8
    %df27 = arith.bitcast %db27 : i8 to f8E3M4
    %dv27 = arith.extf %df27 : f8E3M4 to f32
    memref.store %dv27, %decoded[%d27] : memref<53xf32>
    %d28 = arith.constant 28 : index
    %dc28 = memref.load %codes[%d28] : memref<53xi32>
    %db28 = arith.trunci %dc28 : i32 to i8
    %df28 = arith.bitcast %db28 : i8 to f8E3M4
    %dv28 = arith.extf %df28 : f8E3M4 to f32
    memref.store %dv28, %decoded[%d28] : memref<53xf32>
    %d29 = arith.constant 29 : index
    %dc29 = memref.load %codes[%d29] : memref<53xi32>
    %db29 = arith.trunci %dc29 : i32 to i8
    %df29 = arith.bitcast %db29 : i8 to f8E3M4
    %dv29 = arith.extf %df29 : f8E3M4 to f32
    memref.store %dv29, %decoded[%d29] : memref<53xf32>
    %d30 = arith.constant 30 : index
    %dc30 = memref.load %codes[%d30] : memref<53xi32>
    %db30 = arith.trunci %dc30 : i32 to i8
    %df30 = arith.bitcast %db30 : i8 to f8E4M3
    %dv30 = arith.extf %df30 : f8E4M3 to f32
    memref.store %dv30, %decoded[%d30] : memref<53xf32>
    %d31 = arith.constant 31 : index
    %dc31 = memref.load %codes[%d31] : memref<53xi32>
    %db31 = arith.trunci %dc31 : i32 to i8
    %df31 = arith.bitcast %db31 : i8 to f8E4M3
    %dv31 = arith.extf %df31 : f8E4M3 to f32
    memref.store %dv31, %decoded[%d31] : memref<53xf32>
    %d32 = arith.constant 32 : index
    %dc32 = memref.load %codes[%d32] : memref<53xi32>
    %db32 = arith.trunci %dc32 : i32 to i8
    %df32 = arith.bitcast %db32 : i8 to f8E4M3
    %dv32 = arith.extf %df32 : f8E4M3 to f32
    memref.store %dv32, %decoded[%d32] : memref<53xf32>
    %d33 = arith.constant 33 : index
    %dc33 = memref.load %codes[%d33] : memref<53xi32>
    %db33 = arith.trunci %dc33 : i32 to i8
    %df33 = arith.bitcast %db33 : i8 to f8E4M3
    %dv33 = arith.extf %df33 : f8E4M3 to f32
    memref.store %dv33, %decoded[%d33] : memref<53xf32>
    %d34 = arith.constant 34 : index
    %dc34 = memref.load %codes[%d34] : memref<53xi32>
    %db34 = arith.trunci %dc34 : i32 to i8
    %df34 = arith.bitcast %db34 : i8 to f8E8M0FNU
    %dv34 = arith.extf %df34 : f8E8M0FNU to f32
    memref.store %dv34, %decoded[%d34] : memref<53xf32>
    %d35 = arith.constant 35 : index
    %dc35 = memref.load %codes[%d35] : memref<53xi32>
    %db35 = arith.trunci %dc35 : i32 to i8
    %df35 = arith.bitcast %db35 : i8 to f8E8M0FNU
    %dv35 = arith.extf %df35 : f8E8M0FNU to f32
    memref.store %dv35, %decoded[%d35] : memref<53xf32>
    %d36 = arith.constant 36 : index
    %dc36 = memref.load %codes[%d36] : memref<53xi32>
    %db36 = arith.trunci %dc36 : i32 to i8
    %df36 = arith.bitcast %db36 : i8 to f8E8M0FNU
    %dv36 = arith.extf %df36 : f8E8M0FNU to f32
    memref.store %dv36, %decoded[%d36] : memref<53xf32>
    %d37 = arith.constant 37 : index
    %dc37 = memref.load %codes[%d37] : memref<53xi32>
    %db37 = arith.trunci %dc37 : i32 to i8
    %df37 = arith.bitcast %db37 : i8 to f8E8M0FNU
    %dv37 = arith.extf %df37 : f8E8M0FNU to f32
    memref.store %dv37, %decoded[%d37] : memref<53xf32>
    %d38 = arith.constant 38 : index
    %dc38 = memref.load %codes[%d38] : memref<53xi32>
    %db38 = arith.trunci %dc38 : i32 to i6
    %df38 = arith.bitcast %db38 : i6 to f6E2M3FN
    %dv38 = arith.extf %df38 : f6E2M3FN to f32
    memref.store %dv38, %decoded[%d38] : memref<53xf32>
    %d39 = arith.constant 39 : index
    %dc39 = memref.load %codes[%d39] : memref<53xi32>
    %db39 = arith.trunci %dc39 : i32 to i6
    %df39 = arith.bitcast %db39 : i6 to f6E2M3FN
    %dv39 = arith.extf %df39 : f6E2M3FN to f32
    memref.store %dv39, %decoded[%d39] : memref<53xf32>
    %d40 = arith.constant 40 : index
    %dc40 = memref.load %codes[%d40] : memref<53xi32>
    %db40 = arith.trunci %dc40 : i32 to i6
    %df40 = arith.bitcast %db40 : i6 to f6E2M3FN
    %dv40 = arith.extf %df40 : f6E2M3FN to f32
    memref.store %dv40, %decoded[%d40] : memref<53xf32>
    %d41 = arith.constant 41 : index
    %dc41 = memref.load %codes[%d41] : memref<53xi32>
    %db41 = arith.trunci %dc41 : i32 to i6
    %df41 = arith.bitcast %db41 : i6 to f6E2M3FN
    %dv41 = arith.extf %df41 : f6E2M3FN to f32
    memref.store %dv41, %decoded[%d41] : memref<53xf32>
    %d42 = arith.constant 42 : index
    %dc42 = memref.load %codes[%d42] : memref<53xi32>
    %db42 = arith.trunci %dc42 : i32 to i6
    %df42 = arith.bitcast %db42 : i6 to f6E3M2FN
    %dv42 = arith.extf %df42 : f6E3M2FN to f32
    memref.store %dv42, %decoded[%d42] : memref<53xf32>
    %d43 = arith.constant 43 : index
    %dc43 = memref.load %codes[%d43] : memref<53xi32>
    %db43 = arith.trunci %dc43 : i32 to i6
    %df43 = arith.bitcast %db43 : i6 to f6E3M2FN
    %dv43 = arith.extf %df43 : f6E3M2FN to f32
    memref.store %dv43, %decoded[%d43] : memref<53xf32>
    %d44 = arith.constant 44 : index
    %dc44 = memref.load %codes[%d44] : memref<53xi32>
    %db44 = arith.trunci %dc44 : i32 to i6
    %df44 = arith.bitcast %db44 : i6 to f6E3M2FN
    %dv44 = arith.extf %df44 : f6E3M2FN to f32
    memref.store %dv44, %decoded[%d44] : memref<53xf32>
    %d45 = arith.constant 45 : index
    %dc45 = memref.load %codes[%d45] : memref<53xi32>
    %db45 = arith.trunci %dc45 : i32 to i6
    %df45 = arith.bitcast %db45 : i6 to f6E3M2FN
    %dv45 = arith.extf %df45 : f6E3M2FN to f32
    memref.store %dv45, %decoded[%d45] : memref<53xf32>
    %d46 = arith.constant 46 : index
    %dc46 = memref.load %codes[%d46] : memref<53xi32>
    %db46 = arith.trunci %dc46 : i32 to i4
    %df46 = arith.bitcast %db46 : i4 to f4E2M1FN
    %dv46 = arith.extf %df46 : f4E2M1FN to f32
    memref.store %dv46, %decoded[%d46] : memref<53xf32>
    %d47 = arith.constant 47 : index
    %dc47 = memref.load %codes[%d47] : memref<53xi32>
    %db47 = arith.trunci %dc47 : i32 to i4
    %df47 = arith.bitcast %db47 : i4 to f4E2M1FN
    %dv47 = arith.extf %df47 : f4E2M1FN to f32
    memref.store %dv47, %decoded[%d47] : memref<53xf32>
    %d48 = arith.constant 48 : index
    %dc48 = memref.load %codes[%d48] : memref<53xi32>
    %db48 = arith.trunci %dc48 : i32 to i4
    %df48 = arith.bitcast %db48 : i4 to f4E2M1FN
    %dv48 = arith.extf %df48 : f4E2M1FN to f32
    memref.store %dv48, %decoded[%d48] : memref<53xf32>
    %d49 = arith.constant 49 : index
    %dc49 = memref.load %codes[%d49] : memref<53xi32>
    %db49 = arith.trunci %dc49 : i32 to i4
    %df49 = arith.bitcast %db49 : i4 to f4E2M1FN
    %dv49 = arith.extf %df49 : f4E2M1FN to f32
    memref.store %dv49, %decoded[%d49] : memref<53xf32>
    %d50 = arith.constant 50 : index
    %dc50 = memref.load %codes[%d50] : memref<53xi32>
    %db50 = arith.trunci %dc50 : i32 to i4
    %df50 = arith.bitcast %db50 : i4 to f4E2M1FN
    %dv50 = arith.extf %df50 : f4E2M1FN to f32
    memref.store %dv50, %decoded[%d50] : memref<53xf32>
    %d51 = arith.constant 51 : index
    %dc51 = memref.load %codes[%d51] : memref<53xi32>
    %db51 = arith.trunci %dc51 : i32 to i4
    %df51 = arith.bitcast %db51 : i4 to f4E2M1FN
    %dv51 = arith.extf %df51 : f4E2M1FN to f32
    memref.store %dv51, %decoded[%d51] : memref<53xf32>
    %d52 = arith.constant 52 : index
    %dc52 = memref.load %codes[%d52] : memref<53xi32>
    %db52 = arith.trunci %dc52 : i32 to i4
    %df52 = arith.bitcast %db52 : i4 to f4E2M1FN
    %dv52 = arith.extf %df52 : f4E2M1FN to f32
    memref.store %dv52, %decoded[%d52] : memref<53xf32>
    %e0 = arith.constant 0 : index
    %ev0 = memref.load %inputs[%e0] : memref<37xf32>
    %ef0 = arith.truncf %ev0 : f32 to f8E4M3FN
    %eb0 = arith.bitcast %ef0 : f8E4M3FN to i8
    %ec0 = arith.extui %eb0 : i8 to i32
    memref.store %ec0, %encoded[%e0] : memref<37xi32>
    %e1 = arith.constant 1 : index
    %ev1 = memref.load %inputs[%e1] : memref<37xf32>
    %ef1 = arith.truncf %ev1 : f32 to f8E4M3FN
    %eb1 = arith.bitcast %ef1 : f8E4M3FN to i8
    %ec1 = arith.extui %eb1 : i8 to i32
    memref.store %ec1, %encoded[%e1] : memref<37xi32>
    %e2 = arith.constant 2 : index
    %ev2 = memref.load %inputs[%e2] : memref<37xf32>
    %ef2 = arith.truncf %ev2 : f32 to f8E4M3FN
    %eb2 = arith.bitcast %ef2 : f8E4M3FN to i8
    %ec2 = arith.extui %eb2 : i8 to i32
    memref.store %ec2, %encoded[%e2] : memref<37xi32>
    %e3 = arith.constant 3 : index
    %ev3 = memref.load %inputs[%e3] : memref<37xf32>
    %ef3 = arith.truncf %ev3 : f32 to f8E4M3FN
    %eb3 = arith.bitcast %ef3 : f8E4M3FN to i8
    %ec3 = arith.extui %eb3 : i8 to i32
    memref.store %ec3, %encoded[%e3] : memref<37xi32>
    %e4 = arith.constant 4 : index
    %ev4 = memref.load %inputs[%e4] : memref<37xf32>
    %ef4 = arith.truncf %ev4 : f32 to f8E4M3FN
    %eb4 = arith.bitcast %ef4 : f8E4M3FN to i8
    %ec4 = arith.extui %eb4 : i8 to i32
    memref.store %ec4, %encoded[%e4] : memref<37xi32>
    %e5 = arith.constant 5 : index
    %ev5 = memref.load %inputs[%e5] : memref<37xf32>
    %ef5 = arith.truncf %ev5 : f32 to f8E4M3FN
    %eb5 = arith.bitcast %ef5 : f8E4M3FN to i8
    %ec5 = arith.extui %eb5 : i8 to i32
    memref.store %ec5, %encoded[%e5] : memref<37xi32>
    %e6 = arith.constant 6 : index
    %ev6 = memref.load %inputs[%e6] : memref<37xf32>
    %ef6 = arith.truncf %ev6 : f32 to f8E4M3FN
    %eb6 = arith.bitcast %ef6 : f8E4M3FN to i8
    %ec6 = arith.extui %eb6 : i8 to i32
    memref.store %ec6, %encoded[%e6] : memref<37xi32>
    %e7 = arith.constant 7 : index
    %ev7 = memref.load %inputs[%e7] : memref<37xf32>
    %ef7 = arith.truncf %ev7 : f32 to f8E4M3FN
    %eb7 = arith.bitcast %ef7 : f8E4M3FN to i8
    %ec7 = arith.extui %eb7 : i8 to i32
    memref.store %ec7, %encoded[%e7] : memref<37xi32>
    %e8 = arith.constant 8 : index
    %ev8 = memref.load %inputs[%e8] : memref<37xf32>
    %ef8 = arith.truncf %ev8 : f32 to f8E4M3FN
    %eb8 = arith.bitcast %ef8 : f8E4M3FN to i8
    %ec8 = arith.extui %eb8 : i8 to i32
    memref.store %ec8, %encoded[%e8] : memref<37xi32>
    %e9 = arith.constant 9 : index
    %ev9 = memref.load %inputs[%e9] : memref<37xf32>
    %ef9 = arith.truncf %ev9 : f32 to f8E4M3FN
    %eb9 = arith.bitcast %ef9 : f8E4M3FN to i8
    %ec9 = arith.extui %eb9 : i8 to i32
    memref.store %ec9, %encoded[%e9] : memref<37xi32>
    %e10 = arith.constant 10 : index
    %ev10 = memref.load %inputs[%e10] : memref<37xf32>
    %ef10 = arith.truncf %ev10 : f32 to f8E4M3FN
    %eb10 = arith.bitcast %ef10 : f8E4M3FN to i8
    %ec10 = arith.extui %eb10 : i8 to i32
    memref.store %ec10, %encoded[%e10] : memref<37xi32>
    %e11 = arith.constant 11 : index
    %ev11 = memref.load %inputs[%e11] : memref<37xf32>
    %ef11 = arith.truncf %ev11 : f32 to f8E4M3FN
    %eb11 = arith.bitcast %ef11 : f8E4M3FN to i8
    %ec11 = arith.extui %eb11 : i8 to i32
    memref.store %ec11, %encoded[%e11] : memref<37xi32>
    %e12 = arith.constant 12 : index
    %ev12 = memref.load %inputs[%e12] : memref<37xf32>
    %ef12 = arith.truncf %ev12 : f32 to f8E5M2
    %eb12 = arith.bitcast %ef12 : f8E5M2 to i8
    %ec12 = arith.extui %eb12 : i8 to i32
    memref.store %ec12, %encoded[%e12] : memref<37xi32>
    %e13 = arith.constant 13 : index
    %ev13 = memref.load %inputs[%e13] : memref<37xf32>
    %ef13 = arith.truncf %ev13 : f32 to f8E5M2
    %eb13 = arith.bitcast %ef13 : f8E5M2 to i8
    %ec13 = arith.extui %eb13 : i8 to i32
    memref.store %ec13, %encoded[%e13] : memref<37xi32>
    %e14 = arith.constant 14 : index
    %ev14 = memref.load %inputs[%e14] : memref<37xf32>
    %ef14 = arith.truncf %ev14 : f32 to f8E5M2
    %eb14 = arith.bitcast %ef14 : f8E5M2 to i8
    %ec14 = arith.extui %eb14 : i8 to i32
    memref.store %ec14, %encoded[%e14] : memref<37xi32>
    %e15 = arith.constant 15 : index
    %ev15 = memref.load %inputs[%e15] : memref<37xf32>
    %ef15 = arith.truncf %ev15 : f32 to f8E5M2
    %eb15 = arith.bitcast %ef15 : f8E5M2 to i8
    %ec15 = arith.extui %eb15 : i8 to i32
    memref.store %ec15, %encoded[%e15] : memref<37xi32>
    %e16 = arith.constant 16 : index
    %ev16 = memref.load %inputs[%e16] : memref<37xf32>
    %ef16 = arith.truncf %ev16 : f32 to f8E5M2
    %eb16 = arith.bitcast %ef16 : f8E5M2 to i8
    %ec16 = arith.extui %eb16 : i8 to i32
    memref.store %ec16, %encoded[%e16] : memref<37xi32>
    %e17 = arith.constant 17 : index
    %ev17 = memref.load %inputs[%e17] : memref<37xf32>
    %ef17 = arith.truncf %ev17 : f32 to f8E5M2
    %eb17 = arith.bitcast %ef17 : f8E5M2 to i8
    %ec17 = arith.extui %eb17 : i8 to i32
    memref.store %ec17, %encoded[%e17] : memref<37xi32>
    %e18 = arith.constant 18 : index
    %ev18 = memref.load %inputs[%e18] : memref<37xf32>
    %ef18 = arith.truncf %ev18 : f32 to f4E2M1FN
    %eb18 = arith.bitcast %ef18 : f4E2M1FN to i4
    %ec18 = arith.extui %eb18 : i4 to i32
    memref.store %ec18, %encoded[%e18] : memref<37xi32>
    %e19 = arith.constant 19 : index
    %ev19 = memref.load %inputs[%e19] : memref<37xf32>
    %ef19 = arith.truncf %ev19 : f32 to f4E2M1FN
    %eb19 = arith.bitcast %ef19 : f4E2M1FN to i4
    %ec19 = arith.extui %eb19 : i4 to i32
    memref.store %ec19, %encoded[%e19] : memref<37xi32>
    %e20 = arith.constant 20 : index
    %ev20 = memref.load %inputs[%e20] : memref<37xf32>
    %ef20 = arith.truncf %ev20 : f32 to f4E2M1FN
    %eb20 = arith.bitcast %ef20 : f4E2M1FN to i4
    %ec20 = arith.extui %eb20 : i4 to i32
    memref.store %ec20, %encoded[%e20] : memref<37xi32>
    %e21 = arith.constant 21 : index
    %ev21 = memref.load %inputs[%e21] : memref<37xf32>
    %ef21 = arith.truncf %ev21 : f32 to f4E2M1FN
    %eb21 = arith.bitcast %ef21 : f4E2M1FN to i4
    %ec21 = arith.extui %eb21 : i4 to i32
    memref.store %ec21, %encoded[%e21] : memref<37xi32>
    %e22 = arith.constant 22 : index
    %ev22 = memref.load %inputs[%e22] : memref<37xf32>
    %ef22 = arith.truncf %ev22 : f32 to f4E2M1FN
    %eb22 = arith.bitcast %ef22 : f4E2M1FN to i4
    %ec22 = arith.extui %eb22 : i4 to i32
    memref.store %ec22, %encoded[%e22] : memref<37xi32>
    %e23 = arith.constant 23 : index
    %ev23 = memref.load %inputs[%e23] : memref<37xf32>
    %ef23 = arith.truncf %ev23 : f32 to f4E2M1FN
    %eb23 = arith.bitcast %ef23 : f4E2M1FN to i4
    %ec23 = arith.extui %eb23 : i4 to i32
    memref.store %ec23, %encoded[%e23] : memref<37xi32>
    %e24 = arith.constant 24 : index
    %ev24 = memref.load %inputs[%e24] : memref<37xf32>
    %ef24 = arith.truncf %ev24 : f32 to f4E2M1FN
    %eb24 = arith.bitcast %ef24 : f4E2M1FN to i4
    %ec24 = arith.extui %eb24 : i4 to i32
    memref.store %ec24, %encoded[%e24] : memref<37xi32>
    %e25 = arith.constant 25 : index
    %ev25 = memref.load %inputs[%e25] : memref<37xf32>
    %ef25 = arith.truncf %ev25 : f32 to f8E8M0FNU
    %eb25 = arith.bitcast %ef25 : f8E8M0FNU to i8
    %ec25 = arith.extui %eb25 : i8 to i32
    memref.store %ec25, %encoded[%e25] : memref<37xi32>
    %e26 = arith.constant 26 : index
    %ev26 = memref.load %inputs[%e26] : memref<37xf32>
    %ef26 = arith.truncf %ev26 : f32 to f8E8M0FNU
    %eb26 = arith.bitcast %ef26 : f8E8M0FNU to i8
    %ec26 = arith.extui %eb26 : i8 to i32
    memref.store %ec26, %encoded[%e26] : memref<37xi32>
    %e27 = arith.constant 27 : index
    %ev27 = memref.load %inputs[%e27] : memref<37xf32>
    %ef27 = arith.truncf %ev27 : f32 to f8E8M0FNU
    %eb27 = arith.bitcast %ef27 : f8E8M0FNU to i8
    %ec27 = arith.extui %eb27 : i8 to i32
    memref.store %ec27, %encoded[%e27] : memref<37xi32>
    %e28 = arith.constant 28 : index
    %ev28 = memref.load %inputs[%e28] : memref<37xf32>
    %ef28 = arith.truncf %ev28 : f32 to f8E8M0FNU
    %eb28 = arith.bitcast %ef28 : f8E8M0FNU to i8
    %ec28 = arith.extui %eb28 : i8 to i32
    memref.store %ec28, %encoded[%e28] : memref<37xi32>
    %e29 = arith.constant 29 : index
    %ev29 = memref.load %inputs[%e29] : memref<37xf32>
    %ef29 = arith.truncf %ev29 : f32 to f8E8M0FNU
    %eb29 = arith.bitcast %ef29 : f8E8M0FNU to i8
    %ec29 = arith.extui %eb29 : i8 to i32
    memref.store %ec29, %encoded[%e29] : memref<37xi32>
    %e30 = arith.constant 30 : index
    %ev30 = memref.load %inputs[%e30] : memref<37xf32>
    %ef30 = arith.truncf %ev30 : f32 to f8E4M3FNUZ
    %eb30 = arith.bitcast %ef30 : f8E4M3FNUZ to i8
    %ec30 = arith.extui %eb30 : i8 to i32
    memref.store %ec30, %encoded[%e30] : memref<37xi32>
    %e31 = arith.constant 31 : index
    %ev31 = memref.load %inputs[%e31] : memref<37xf32>
    %ef31 = arith.truncf %ev31 : f32 to f8E4M3FNUZ
    %eb31 = arith.bitcast %ef31 : f8E4M3FNUZ to i8
    %ec31 = arith.extui %eb31 : i8 to i32
    memref.store %ec31, %encoded[%e31] : memref<37xi32>
    %e32 = arith.constant 32 : index
    %ev32 = memref.load %inputs[%e32] : memref<37xf32>
    %ef32 = arith.truncf %ev32 : f32 to f8E4M3FNUZ
    %eb32 = arith.bitcast %ef32 : f8E4M3FNUZ to i8
    %ec32 = arith.extui %eb32 : i8 to i32
    memref.store %ec32, %encoded[%e32] : memref<37xi32>
    %e33 = arith.constant 33 : index
    %ev33 = memref.load %inputs[%e33] : memref<37xf32>
    %ef33 = arith.truncf %ev33 : f32 to f8E4M3FNUZ
    %eb33 = arith.bitcast %ef33 : f8E4M3FNUZ to i8
    %ec33 = arith.extui %eb33 : i8 to i32
    memref.store %ec33, %encoded[%e33] : memref<37xi32>
    %e34 = arith.constant 34 : index
    %ev34 = memref.load %inputs[%e34] : memref<37xf32>
    %ef34 = arith.truncf %ev34 : f32 to f6E3M2FN
    %eb34 = arith.bitcast %ef34 : f6E3M2FN to i6
    %ec34 = arith.extui %eb34 : i6 to i32
    memref.store %ec34, %encoded[%e34] : memref<37xi32>
    %e35 = arith.constant 35 : index
    %ev35 = memref.load %inputs[%e35] : memref<37xf32>
    %ef35 = arith.truncf %ev35 : f32 to f6E3M2FN
    %eb35 = arith.bitcast %ef35 : f6E3M2FN to i6
    %ec35 = arith.extui %eb35 : i6 to i32
    memref.store %ec35, %encoded[%e35] : memref<37xi32>
    %e36 = arith.constant 36 : index
    %ev36 = memref.load %inputs[%e36] : memref<37xf32>
    %ef36 = arith.truncf %ev36 : f32 to f6E3M2FN
    %eb36 = arith.bitcast %ef36 : f6E3M2FN to i6
    %ec36 = arith.extui %eb36 : i6 to i32
    memref.store %ec36, %encoded[%e36] : memref<37xi32>
    gpu.terminator
  }
  %du = memref.cast %decoded : memref<53xf32> to memref<*xf32>
  call @printMemrefF32(%du) : (memref<*xf32>) -> ()
  %eu = memref.cast %encoded : memref<37xi32> to memref<*xi32>
  call @printMemrefI32(%eu) : (memref<*xi32>) -> ()
  call @arithmetic() : () -> ()
  return
}

// Arithmetic on small floats runs in f32 and rounds back; f64 to bf16 and to
// f16 rounds once. Inputs in memory, so that nothing folds.
func.func @arithmetic() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %in = gpu.alloc host_shared () : memref<8xf64>
  %out = gpu.alloc host_shared () : memref<12xf32>
  %values = arith.constant dense<[1.0, 0.0625, 3.0, 5.0, 1.00390625, 1.01171875, 1.0039062500009095, 1.0004882812500009]> : vector<8xf64>
  vector.store %values, %in[%c0] : memref<8xf64>, vector<8xf64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %z = arith.constant 0 : index
    %x = vector.load %in[%z] : memref<8xf64>, vector<8xf64>
    %x32 = arith.truncf %x : vector<8xf64> to vector<8xf32>
    %a = vector.extract %x32[0] : f32 from vector<8xf32>
    %b = vector.extract %x32[1] : f32 from vector<8xf32>
    %p = vector.extract %x32[2] : f32 from vector<8xf32>
    %q = vector.extract %x32[3] : f32 from vector<8xf32>
    // 1 + 1/16 in f8E4M3FN: a tie, to 1.
    %a8 = arith.truncf %a : f32 to f8E4M3FN
    %b8 = arith.truncf %b : f32 to f8E4M3FN
    %s8 = arith.addf %a8, %b8 : f8E4M3FN
    %s = arith.extf %s8 : f8E4M3FN to f32
    // 3 * 5 in f8E5M2: 15, a tie between 14 and 16, to 16.
    %p8 = arith.truncf %p : f32 to f8E5M2
    %q8 = arith.truncf %q : f32 to f8E5M2
    %m8 = arith.mulf %p8, %q8 : f8E5M2
    %m = arith.extf %m8 : f8E5M2 to f32
    // 5 > 3 in f8E5M2.
    %gt = arith.cmpf ogt, %q8, %p8 : f8E5M2
    %one = arith.constant 1.0 : f32
    %zero = arith.constant 0.0 : f32
    %g = arith.select %gt, %one, %zero : f32
    // f32 to bf16: 1 + 2^-8 ties to 1, 1 + 3 * 2^-8 to 1 + 2^-6.
    %c4 = vector.extract %x32[4] : f32 from vector<8xf32>
    %c5 = vector.extract %x32[5] : f32 from vector<8xf32>
    %h4 = arith.truncf %c4 : f32 to bf16
    %h5 = arith.truncf %c5 : f32 to bf16
    %k4 = arith.extf %h4 : bf16 to f32
    %k5 = arith.extf %h5 : bf16 to f32
    // bf16 arithmetic: (1 + 2^-6) + (1 + 2^-6) = 2 + 2^-5, to 2 + 2^-5 (exact).
    %hs = arith.addf %h5, %h5 : bf16
    %ks = arith.extf %hs : bf16 to f32
    // f64 to bf16, just above the tie 1 + 2^-8: up to 1 + 2^-7 (through f32
    // to nearest, it would tie, to 1); to f16 just above 1 + 2^-11: up to
    // 1 + 2^-10.
    %d6 = vector.extract %x[6] : f64 from vector<8xf64>
    %d7 = vector.extract %x[7] : f64 from vector<8xf64>
    %bf = arith.truncf %d6 : f64 to bf16
    %hf = arith.truncf %d7 : f64 to f16
    %kb = arith.extf %bf : bf16 to f32
    %kh = arith.extf %hf : f16 to f32
    // A vector of f8E4M3FN, there and back: 1, 0 (1/16 is exact: 0.0625), 3, 5.
    %v4 = vector.extract_strided_slice %x32 {offsets = [0], sizes = [4], strides = [1]} : vector<8xf32> to vector<4xf32>
    %v8 = arith.truncf %v4 : vector<4xf32> to vector<4xf8E4M3FN>
    %vb = arith.extf %v8 : vector<4xf8E4M3FN> to vector<4xf32>
    %vsum = vector.reduction <add>, %vb : vector<4xf32> into f32
    %results = vector.from_elements %s, %m, %g, %k4, %k5, %ks, %kb, %kh, %vsum, %zero, %zero, %zero : vector<12xf32>
    vector.store %results, %out[%z] : memref<12xf32>, vector<12xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
