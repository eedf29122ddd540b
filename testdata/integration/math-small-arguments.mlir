// log1p and expm1 of arguments so small that 1 + x rounds to 1: a lowering
// through log(1 + x) or exp(x) - 1 prints 0 for them, where the functions
// give x itself (to the six digits printed), in f32 and f64, in a kernel
// and in host code (upstream's math-to-llvm lowers them so).
//
// UNSUPPORTED-TARGET: vulkan: GLSL.std.450 has no f64 math

// CHECK: {{\[}}[1e-10,   1e-10],
// CHECK-NEXT: [-1e-07,   -1e-07],
// CHECK-NEXT: [3e-08,   3e-08],
// CHECK-NEXT: [0.405465,   0.648721]]
// CHECK: {{\[}}[1e-20,   1e-20],
// CHECK-NEXT: [-1e-17,   -1e-17],
// CHECK-NEXT: [3e-18,   3e-18],
// CHECK-NEXT: [0.405465,   0.648721]]
// CHECK: ( 1e-10, 1e-10 )
// CHECK: ( 1e-20, 1e-20 )

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %in = gpu.alloc host_shared () : memref<4xf64>
  %single = gpu.alloc host_shared () : memref<4x2xf32>
  %double = gpu.alloc host_shared () : memref<4x2xf64>
  %a = arith.constant 1.0e-10 : f64
  %b = arith.constant -1.0e-7 : f64
  %c = arith.constant 3.0e-8 : f64
  %d = arith.constant 0.5 : f64
  memref.store %a, %in[%c0] : memref<4xf64>
  memref.store %b, %in[%c1] : memref<4xf64>
  memref.store %c, %in[%c2] : memref<4xf64>
  memref.store %d, %in[%c3] : memref<4xf64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %x = memref.load %in[%tx] : memref<4xf64>
    %xf = arith.truncf %x : f64 to f32
    %lf = math.log1p %xf : f32
    %ef = math.expm1 %xf : f32
    memref.store %lf, %single[%tx, %c0] : memref<4x2xf32>
    memref.store %ef, %single[%tx, %c1] : memref<4x2xf32>
    // 1e-10 and its companions scaled by 1e-10, below f64's epsilon too;
    // 0.5 left as it is.
    %last = arith.cmpi eq, %tx, %c3 : index
    %tiny = arith.constant 1.0e-10 : f64
    %one = arith.constant 1.0 : f64
    %scale = arith.select %last, %one, %tiny : f64
    %xd = arith.mulf %x, %scale : f64
    %ld = math.log1p %xd : f64
    %ed = math.expm1 %xd : f64
    memref.store %ld, %double[%tx, %c0] : memref<4x2xf64>
    memref.store %ed, %double[%tx, %c1] : memref<4x2xf64>
    gpu.terminator
  }
  %s = memref.cast %single : memref<4x2xf32> to memref<*xf32>
  call @printMemrefF32(%s) : (memref<*xf32>) -> ()
  %t = memref.cast %double : memref<4x2xf64> to memref<*xf64>
  call @printMemrefF64(%t) : (memref<*xf64>) -> ()
  // From memory, so that nothing folds them at compile time.
  %hx = memref.load %in[%c0] : memref<4xf64>
  %hf = arith.truncf %hx : f64 to f32
  %hlf = math.log1p %hf : f32
  %hef = math.expm1 %hf : f32
  %host_single = vector.from_elements %hlf, %hef : vector<2xf32>
  vector.print %host_single : vector<2xf32>
  %tiny_h = arith.constant 1.0e-10 : f64
  %hd = arith.mulf %hx, %tiny_h : f64
  %hld = math.log1p %hd : f64
  %hed = math.expm1 %hd : f64
  %host_double = vector.from_elements %hld, %hed : vector<2xf64>
  vector.print %host_double : vector<2xf64>
  return
}
