// The atomics that every LLVM-based target compiles as compare-and-swap
// loops (LLVM's atomicrmw has no multiplication; its cmpxchg takes integers
// only, so a float's bits are compared): `memref.atomic_rmw` of `muli` and
// `mulf`, and `memref.generic_atomic_rmw`, of 8, 16, 32 and 64 bits, by 64
// threads in 4 blocks on global memory and by each block's 16 threads on
// workgroup memory. Every expected value is worked out by hand:
//   i32, from 1, times -3 by the 13 threads t = 0 mod 5: (-3)^13 = -1594323;
//   from 7, times 3 by all 64: 7 * 3^64 mod 2^32 = 1383541511;
//   i64, from 1, times 3 by all 64: 3^64 mod 2^64 = 8733086111712066817;
//   i8, four neighbouring bytes from 1, each times 3 by 16 threads:
//   3^16 mod 2^8 = 65 (no byte's loop clobbers the next one);
//   f32, from 1, times 0.5 by the 16 threads t = 1 mod 4 and times -2 by the
//   8 threads t = 0 mod 8: 2^-16 2^8 = 0.00390625; from 0, plus t / 2 in a
//   generic atomic: 2016 / 2 = 1008; from -inf, the maximum of (7 t mod 64)
//   - 40: 23;
//   sign flips (negf in a generic atomic), their bits printed as i32: a NaN of
//   payload 1 (0x7FC00001 = 2143289345) flipped by all 64 threads keeps its
//   bits, of whose 64 old values 32 have the sign bit; +0.0 flipped by 63
//   threads is -0.0 (0x80000000), 31 of the old values -0.0: a loop that
//   compared floats would take 0.0 for -0.0 and never see a NaN as itself;
//   f16, from 0, plus 0.25 by all 64: 16; from 1.5, times 2 by the 4 threads
//   t = 0 mod 16: 24; f64, from 1, times 2 by all 64: 2^64 =
//   1.84467e+19; from 0, plus t: 2016;
//   workgroup memory, per block b, from 1: times -1 by the even threads and 2
//   by the odd ones: 256; times b + 2 by threads 0 to 2: (b + 2)^3 = 8, 27,
//   64, 125; f32 from 0, plus tx / 2: 60.
//
// UNSUPPORTED-TARGET: vulkan: atomic muli of i8 and mulf are no atomics of Vulkan's
// RUN: offload-opt %s --offload-lower-to-rocm="chips=gfx942 format=bin" \
// RUN:   | offload-translate --mlir-to-llvmir -o /dev/null
// CHECK: {{\[}}-1594323,  1383541511,  32,  31]
// CHECK: {{\[}}8733086111712066817]
// CHECK: {{\[}}65,  65,  65,  65]
// CHECK: {{\[}}0.00390625,  1008,  23]
// CHECK: {{\[}}2143289345,  -2147483648]
// CHECK: {{\[}}16,  24]
// CHECK: {{\[}}1.84467e+19,  2016]
// CHECK: {{\[}}256,  256,  256,  256,  8,  27,  64,  125]
// CHECK: {{\[}}60,  60,  60,  60]

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %ints = gpu.alloc host_shared () : memref<4xi32>
  %longs = gpu.alloc host_shared () : memref<1xi64>
  %bytes = gpu.alloc host_shared () : memref<4xi8>
  %floats = gpu.alloc host_shared () : memref<3xf32>
  %flips = gpu.alloc host_shared () : memref<2xf32>
  %halves = gpu.alloc host_shared () : memref<2xf16>
  %doubles = gpu.alloc host_shared () : memref<2xf64>
  %blocks = gpu.alloc host_shared () : memref<8xi32>
  %block_sums = gpu.alloc host_shared () : memref<4xf32>
  %i0 = arith.constant 0 : i32
  %i1 = arith.constant 1 : i32
  %i7 = arith.constant 7 : i32
  %l1 = arith.constant 1 : i64
  %b1 = arith.constant 1 : i8
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %fninf = arith.constant 0xFF800000 : f32
  %nan1 = arith.constant 0x7FC00001 : f32
  %h0 = arith.constant 0.0 : f16
  %h15 = arith.constant 1.5 : f16
  %d0 = arith.constant 0.0 : f64
  %d1 = arith.constant 1.0 : f64
  memref.store %i1, %ints[%c0] : memref<4xi32>
  memref.store %i7, %ints[%c1] : memref<4xi32>
  memref.store %i0, %ints[%c2] : memref<4xi32>
  memref.store %i0, %ints[%c3] : memref<4xi32>
  memref.store %l1, %longs[%c0] : memref<1xi64>
  scf.for %i = %c0 to %c4 step %c1 {
    memref.store %b1, %bytes[%i] : memref<4xi8>
  }
  memref.store %f1, %floats[%c0] : memref<3xf32>
  memref.store %f0, %floats[%c1] : memref<3xf32>
  memref.store %fninf, %floats[%c2] : memref<3xf32>
  memref.store %nan1, %flips[%c0] : memref<2xf32>
  memref.store %f0, %flips[%c1] : memref<2xf32>
  memref.store %h0, %halves[%c0] : memref<2xf16>
  memref.store %h15, %halves[%c1] : memref<2xf16>
  memref.store %d1, %doubles[%c0] : memref<2xf64>
  memref.store %d0, %doubles[%c1] : memref<2xf64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
      workgroup(%w : memref<2xi32, #gpu.address_space<workgroup>>,
                %wf : memref<1xf32, #gpu.address_space<workgroup>>) {
    %z = arith.constant 0 : index
    %o = arith.constant 1 : index
    %blocksize = arith.constant 16 : index
    %base = arith.muli %bx, %blocksize : index
    %gid = arith.addi %base, %tx : index
    %t = arith.index_cast %gid : index to i32
    %one = arith.constant 1 : i32
    %zero = arith.constant 0 : i32
    %first = arith.cmpi eq, %tx, %z : index
    scf.if %first {
      %wzero = arith.constant 0.0 : f32
      memref.store %one, %w[%z] : memref<2xi32, #gpu.address_space<workgroup>>
      memref.store %one, %w[%o] : memref<2xi32, #gpu.address_space<workgroup>>
      memref.store %wzero, %wf[%z] : memref<1xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier

    // i32 and i64 multiplications.
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %three = arith.constant 3 : i32
    %minus3 = arith.constant -3 : i32
    %five = arith.constant 5 : i32
    %t5 = arith.remui %t, %five : i32
    %by5 = arith.cmpi eq, %t5, %zero : i32
    %m0 = arith.select %by5, %minus3, %one : i32
    %a0 = memref.atomic_rmw muli %m0, %ints[%z] : (i32, memref<4xi32>) -> i32
    %a1 = memref.atomic_rmw muli %three, %ints[%o] : (i32, memref<4xi32>) -> i32
    %three64 = arith.constant 3 : i64
    %a2 = memref.atomic_rmw muli %three64, %longs[%z] : (i64, memref<1xi64>) -> i64
    // Four neighbouring bytes, thread t updating byte t mod 4.
    %three8 = arith.constant 3 : i8
    %four = arith.constant 4 : index
    %byte = arith.remui %gid, %four : index
    %a3 = memref.atomic_rmw muli %three8, %bytes[%byte] : (i8, memref<4xi8>) -> i8

    // f32: a multiplication, and generic sums and maxima.
    %tf = arith.uitofp %t : i32 to f32
    %half = arith.constant 0.5 : f32
    %minus2 = arith.constant -2.0 : f32
    %fone = arith.constant 1.0 : f32
    %four32 = arith.constant 4 : i32
    %eight32 = arith.constant 8 : i32
    %t4 = arith.remui %t, %four32 : i32
    %t8 = arith.remui %t, %eight32 : i32
    %is1mod4 = arith.cmpi eq, %t4, %one : i32
    %is0mod8 = arith.cmpi eq, %t8, %zero : i32
    %mhalf = arith.select %is1mod4, %half, %fone : f32
    %mf = arith.select %is0mod8, %minus2, %mhalf : f32
    %a4 = memref.atomic_rmw mulf %mf, %floats[%z] : (f32, memref<3xf32>) -> f32
    %halft = arith.mulf %tf, %half : f32
    %a5 = memref.generic_atomic_rmw %floats[%o] : memref<3xf32> {
    ^bb0(%current: f32):
      %sum = arith.addf %current, %halft : f32
      memref.atomic_yield %sum : f32
    }
    %seven = arith.constant 7 : i32
    %sixtythree = arith.constant 63 : i32
    %forty = arith.constant 40.0 : f32
    %t7 = arith.muli %t, %seven : i32
    %t7m = arith.andi %t7, %sixtythree : i32
    %t7f = arith.uitofp %t7m : i32 to f32
    %candidate = arith.subf %t7f, %forty : f32
    %a6 = memref.generic_atomic_rmw %floats[%i2] : memref<3xf32> {
    ^bb0(%current: f32):
      %max = arith.maximumf %current, %candidate : f32
      memref.atomic_yield %max : f32
    }

    // Sign flips of a NaN (by all threads) and of +0.0 (by all but the
    // last), counting the old values that had the sign bit.
    %signbit = arith.constant -2147483648 : i32
    %nanflip = memref.generic_atomic_rmw %flips[%z] : memref<2xf32> {
    ^bb0(%current: f32):
      %neg = arith.negf %current : f32
      memref.atomic_yield %neg : f32
    }
    %nanbits = arith.bitcast %nanflip : f32 to i32
    %nansign = arith.andi %nanbits, %signbit : i32
    %nanneg = arith.cmpi ne, %nansign, %zero : i32
    scf.if %nanneg {
      %c = memref.atomic_rmw addi %one, %ints[%i2] : (i32, memref<4xi32>) -> i32
    }
    %c63 = arith.constant 63 : index
    %notlast = arith.cmpi ult, %gid, %c63 : index
    scf.if %notlast {
      %zeroflip = memref.generic_atomic_rmw %flips[%o] : memref<2xf32> {
      ^bb0(%current: f32):
        %neg = arith.negf %current : f32
        memref.atomic_yield %neg : f32
      }
      %zerobits = arith.bitcast %zeroflip : f32 to i32
      %zerosign = arith.andi %zerobits, %signbit : i32
      %zeroneg = arith.cmpi ne, %zerosign, %zero : i32
      scf.if %zeroneg {
        %c = memref.atomic_rmw addi %one, %ints[%i3] : (i32, memref<4xi32>) -> i32
      }
    }

    // f16 and f64.
    %quarter = arith.constant 0.25 : f16
    %two16 = arith.constant 2.0 : f16
    %hone = arith.constant 1.0 : f16
    %a7 = memref.generic_atomic_rmw %halves[%z] : memref<2xf16> {
    ^bb0(%current: f16):
      %sum = arith.addf %current, %quarter : f16
      memref.atomic_yield %sum : f16
    }
    %sixteen32 = arith.constant 16 : i32
    %t16 = arith.remui %t, %sixteen32 : i32
    %is0mod16 = arith.cmpi eq, %t16, %zero : i32
    %mh = arith.select %is0mod16, %two16, %hone : f16
    %a8 = memref.atomic_rmw mulf %mh, %halves[%o] : (f16, memref<2xf16>) -> f16
    %two64 = arith.constant 2.0 : f64
    %a9 = memref.atomic_rmw mulf %two64, %doubles[%z] : (f64, memref<2xf64>) -> f64
    %td = arith.uitofp %t : i32 to f64
    %a10 = memref.generic_atomic_rmw %doubles[%o] : memref<2xf64> {
    ^bb0(%current: f64):
      %sum = arith.addf %current, %td : f64
      memref.atomic_yield %sum : f64
    }

    // Workgroup memory.
    %txi = arith.index_cast %tx : index to i32
    %two = arith.constant 2 : i32
    %minus1 = arith.constant -1 : i32
    %parity = arith.andi %txi, %one : i32
    %odd = arith.cmpi ne, %parity, %zero : i32
    %mw = arith.select %odd, %two, %minus1 : i32
    %w0 = memref.atomic_rmw muli %mw, %w[%z] : (i32, memref<2xi32, #gpu.address_space<workgroup>>) -> i32
    %low = arith.cmpi ult, %tx, %i3 : index
    scf.if %low {
      %bxi = arith.index_cast %bx : index to i32
      %bplus2 = arith.addi %bxi, %two : i32
      %w1 = memref.atomic_rmw muli %bplus2, %w[%o] : (i32, memref<2xi32, #gpu.address_space<workgroup>>) -> i32
    }
    %txf = arith.uitofp %txi : i32 to f32
    %halftx = arith.mulf %txf, %half : f32
    %w2 = memref.generic_atomic_rmw %wf[%z] : memref<1xf32, #gpu.address_space<workgroup>> {
    ^bb0(%current: f32):
      %sum = arith.addf %current, %halftx : f32
      memref.atomic_yield %sum : f32
    }
    gpu.barrier
    scf.if %first {
      %p = memref.load %w[%z] : memref<2xi32, #gpu.address_space<workgroup>>
      %q = memref.load %w[%o] : memref<2xi32, #gpu.address_space<workgroup>>
      %s = memref.load %wf[%z] : memref<1xf32, #gpu.address_space<workgroup>>
      %bq = arith.addi %bx, %four : index
      memref.store %p, %blocks[%bx] : memref<8xi32>
      memref.store %q, %blocks[%bq] : memref<8xi32>
      memref.store %s, %block_sums[%bx] : memref<4xf32>
    }
    gpu.terminator
  }
  %pi = memref.cast %ints : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%pi) : (memref<*xi32>) -> ()
  %pl = memref.cast %longs : memref<1xi64> to memref<*xi64>
  call @printMemrefI64(%pl) : (memref<*xi64>) -> ()
  // The bytes as i32s (MLIR's runner utilities print no i8).
  %wbytes = memref.alloc() : memref<4xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    %v = memref.load %bytes[%i] : memref<4xi8>
    %e = arith.extsi %v : i8 to i32
    memref.store %e, %wbytes[%i] : memref<4xi32>
  }
  %pb = memref.cast %wbytes : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%pb) : (memref<*xi32>) -> ()
  %pf = memref.cast %floats : memref<3xf32> to memref<*xf32>
  call @printMemrefF32(%pf) : (memref<*xf32>) -> ()
  // The flipped values' bits, and the f16s as f32s.
  %bits = memref.alloc() : memref<2xi32>
  %wide = memref.alloc() : memref<2xf32>
  scf.for %i = %c0 to %c2 step %c1 {
    %v = memref.load %flips[%i] : memref<2xf32>
    %b = arith.bitcast %v : f32 to i32
    memref.store %b, %bits[%i] : memref<2xi32>
    %h = memref.load %halves[%i] : memref<2xf16>
    %e = arith.extf %h : f16 to f32
    memref.store %e, %wide[%i] : memref<2xf32>
  }
  %pbits = memref.cast %bits : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%pbits) : (memref<*xi32>) -> ()
  %pw = memref.cast %wide : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%pw) : (memref<*xf32>) -> ()
  %pd = memref.cast %doubles : memref<2xf64> to memref<*xf64>
  call @printMemrefF64(%pd) : (memref<*xf64>) -> ()
  %pk = memref.cast %blocks : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%pk) : (memref<*xi32>) -> ()
  %ps = memref.cast %block_sums : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%ps) : (memref<*xf32>) -> ()
  return
}
