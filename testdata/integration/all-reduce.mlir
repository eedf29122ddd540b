// Every gpu.all_reduce kind over a block of 48 threads (one full subgroup and
// a partial one), the region form, and reductions reached by only some of the
// block's code paths (non-uniform).
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  %ints = memref.alloc() : memref<12xi32>
  %floats = memref.alloc() : memref<6xf32>
  %ints_d = gpu.alloc host_shared () : memref<12xi32>
  %floats_d = gpu.alloc host_shared () : memref<6xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c48, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %c2_i32 = arith.constant 2 : i32
    %c5_i32 = arith.constant 5 : i32
    %c7_i32 = arith.constant 7 : i32
    %c10_i32 = arith.constant 10 : i32
    %c48_i32 = arith.constant 48 : i32
    %c240_i32 = arith.constant 240 : i32
    %c1_i32 = arith.constant 1 : i32
    // 2 for the first 16 threads, 1 after: the product is 2^16.
    %c16_i32 = arith.constant 16 : i32
    %low = arith.cmpi slt, %t, %c16_i32 : i32
    %factor = arith.select %low, %c2_i32, %c1_i32 : i32
    %add = gpu.all_reduce add %t uniform {} : (i32) -> i32
    %mul = gpu.all_reduce mul %factor uniform {} : (i32) -> i32
    %tm10 = arith.subi %t, %c10_i32 : i32
    %minsi = gpu.all_reduce minsi %tm10 uniform {} : (i32) -> i32
    %tm10b = arith.subi %t, %c10_i32 : i32
    %maxsi = gpu.all_reduce maxsi %tm10b uniform {} : (i32) -> i32
    %tp5 = arith.addi %t, %c5_i32 : i32
    %minui = gpu.all_reduce minui %tp5 uniform {} : (i32) -> i32
    %maxui = gpu.all_reduce maxui %tp5 uniform {} : (i32) -> i32
    %tor = arith.ori %t, %c240_i32 : i32
    %and = gpu.all_reduce and %tor uniform {} : (i32) -> i32
    %or = gpu.all_reduce or %t uniform {} : (i32) -> i32
    %tp1 = arith.addi %t, %c1_i32 : i32
    %xor = gpu.all_reduce xor %tp1 uniform {} : (i32) -> i32
    // The region form: the largest (t * 7) mod 48.
    %t7 = arith.muli %t, %c7_i32 : i32
    %perm = arith.remui %t7, %c48_i32 : i32
    %region = gpu.all_reduce %perm {
    ^bb0(%lhs : i32, %rhs : i32):
      %m = arith.maxui %lhs, %rhs : i32
      gpu.yield %m : i32
    } : (i32) -> i32
    // Not marked uniform: every thread reaches them, which the pipelines
    // find out.
    %c3_i32 = arith.constant 3 : i32
    %t3 = arith.muli %t, %c3_i32 : i32
    %nuxor = gpu.all_reduce xor %t3 {} : (i32) -> i32
    %nuadd = gpu.all_reduce add %t {} : (i32) -> i32
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %c10 = arith.constant 10 : index
      %c11 = arith.constant 11 : index
      memref.store %add, %ints_d[%c0] : memref<12xi32>
      memref.store %mul, %ints_d[%c1] : memref<12xi32>
      memref.store %minsi, %ints_d[%c2] : memref<12xi32>
      memref.store %maxsi, %ints_d[%c3] : memref<12xi32>
      memref.store %minui, %ints_d[%c4] : memref<12xi32>
      memref.store %maxui, %ints_d[%c5] : memref<12xi32>
      memref.store %and, %ints_d[%c6] : memref<12xi32>
      memref.store %or, %ints_d[%c7] : memref<12xi32>
      memref.store %xor, %ints_d[%c8] : memref<12xi32>
      memref.store %region, %ints_d[%c9] : memref<12xi32>
      memref.store %nuxor, %ints_d[%c10] : memref<12xi32>
      memref.store %nuadd, %ints_d[%c11] : memref<12xi32>
    }

    // Floats: f = t / 2.
    %half = arith.constant 0.5 : f32
    %tf = arith.sitofp %t : i32 to f32
    %f = arith.mulf %tf, %half : f32
    %fadd = gpu.all_reduce add %f uniform {} : (f32) -> f32
    %two = arith.constant 2.0 : f32
    %one = arith.constant 1.0 : f32
    %c10 = arith.constant 10 : i32
    %lt10 = arith.cmpi slt, %t, %c10 : i32
    %ffactor = arith.select %lt10, %two, %one : f32
    %fmul = gpu.all_reduce mul %ffactor uniform {} : (f32) -> f32
    %three = arith.constant 3.0 : f32
    %fm3 = arith.subf %f, %three : f32
    %fmin = gpu.all_reduce minnumf %fm3 uniform {} : (f32) -> f32
    %fmax = gpu.all_reduce maxnumf %f uniform {} : (f32) -> f32
    %fminimum = gpu.all_reduce minimumf %f uniform {} : (f32) -> f32
    %fmaximum = gpu.all_reduce maximumf %f uniform {} : (f32) -> f32
    scf.if %first {
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      memref.store %fadd, %floats_d[%c0] : memref<6xf32>
      memref.store %fmul, %floats_d[%c1] : memref<6xf32>
      memref.store %fmin, %floats_d[%c2] : memref<6xf32>
      memref.store %fmax, %floats_d[%c3] : memref<6xf32>
      memref.store %fminimum, %floats_d[%c4] : memref<6xf32>
      memref.store %fmaximum, %floats_d[%c5] : memref<6xf32>
    }
    gpu.terminator
  }
  gpu.memcpy %ints, %ints_d : memref<12xi32>, memref<12xi32>
  gpu.memcpy %floats, %floats_d : memref<6xf32>, memref<6xf32>
  %ints_u = memref.cast %ints : memref<12xi32> to memref<*xi32>
  %floats_u = memref.cast %floats : memref<6xf32> to memref<*xf32>
  // add, mul, minsi, maxsi, minui, maxui, and, or, xor, region, xor, add
  // CHECK: [1128, 65536, -10, 37, 5, 52, 240, 63, 48, 47, 208, 1128]
  call @printMemrefI32(%ints_u) : (memref<*xi32>) -> ()
  // add, mul, minnumf, maxnumf, minimumf, maximumf
  // CHECK: [564, 1024, -3, 23.5, 0, 23.5]
  call @printMemrefF32(%floats_u) : (memref<*xf32>) -> ()
  gpu.dealloc %ints_d : memref<12xi32>
  gpu.dealloc %floats_d : memref<6xf32>
  memref.dealloc %ints : memref<12xi32>
  memref.dealloc %floats : memref<6xf32>
  return
}
