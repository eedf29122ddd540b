// Integer operations at the edges of their range, in i8, i16, i32 and i64,
// against C's semantics (hand-computed CHECK lines, and the host target):
// arith.remsi takes the dividend's sign, INT_MIN included (Vulkan leaves
// OpSRem of negative operands undefined, so the remainder is computed from
// magnitudes). Row w of each block is the width 8 << w; column c the case.
//
// Runs on every target (lit.local.cfg).

module attributes {gpu.container_module} {
  func.func private @printMemrefI64(memref<*xi64>)

  // Cases (a, b): (MIN, 3), (MIN, -3), (7, MIN), (-7, MIN), (MIN, MIN),
  // (-7, 3), (7, -3), (MAX, MIN), (-1, MAX), (0, -5).
  memref.global "private" constant @remsi_cases : memref<4x10x2xi64> = dense<[
    [[-128, 3], [-128, -3], [7, -128], [-7, -128], [-128, -128], [-7, 3], [7, -3], [127, -128], [-1, 127], [0, -5]],
    [[-32768, 3], [-32768, -3], [7, -32768], [-7, -32768], [-32768, -32768], [-7, 3], [7, -3], [32767, -32768], [-1, 32767], [0, -5]],
    [[-2147483648, 3], [-2147483648, -3], [7, -2147483648], [-7, -2147483648], [-2147483648, -2147483648], [-7, 3], [7, -3], [2147483647, -2147483648], [-1, 2147483647], [0, -5]],
    [[-9223372036854775808, 3], [-9223372036854775808, -3], [7, -9223372036854775808], [-7, -9223372036854775808], [-9223372036854775808, -9223372036854775808], [-7, 3], [7, -3], [9223372036854775807, -9223372036854775808], [-1, 9223372036854775807], [0, -5]]]>

  gpu.module @kernels {
    // Thread c computes case c at every width.
    gpu.func @remsi(%in: memref<4x10x2xi64>, %out: memref<4x10xi64>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c = gpu.thread_id x
      %a8 = memref.load %in[%c0, %c, %c0] : memref<4x10x2xi64>
      %b8 = memref.load %in[%c0, %c, %c1] : memref<4x10x2xi64>
      %x8 = arith.trunci %a8 : i64 to i8
      %y8 = arith.trunci %b8 : i64 to i8
      %r8 = arith.remsi %x8, %y8 : i8
      %s8 = arith.extsi %r8 : i8 to i64
      memref.store %s8, %out[%c0, %c] : memref<4x10xi64>
      %a16 = memref.load %in[%c1, %c, %c0] : memref<4x10x2xi64>
      %b16 = memref.load %in[%c1, %c, %c1] : memref<4x10x2xi64>
      %x16 = arith.trunci %a16 : i64 to i16
      %y16 = arith.trunci %b16 : i64 to i16
      %r16 = arith.remsi %x16, %y16 : i16
      %s16 = arith.extsi %r16 : i16 to i64
      memref.store %s16, %out[%c1, %c] : memref<4x10xi64>
      %a32 = memref.load %in[%c2, %c, %c0] : memref<4x10x2xi64>
      %b32 = memref.load %in[%c2, %c, %c1] : memref<4x10x2xi64>
      %x32 = arith.trunci %a32 : i64 to i32
      %y32 = arith.trunci %b32 : i64 to i32
      %r32 = arith.remsi %x32, %y32 : i32
      %s32 = arith.extsi %r32 : i32 to i64
      memref.store %s32, %out[%c2, %c] : memref<4x10xi64>
      %a64 = memref.load %in[%c3, %c, %c0] : memref<4x10x2xi64>
      %b64 = memref.load %in[%c3, %c, %c1] : memref<4x10x2xi64>
      %r64 = arith.remsi %a64, %b64 : i64
      memref.store %r64, %out[%c3, %c] : memref<4x10xi64>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %cases = memref.get_global @remsi_cases : memref<4x10x2xi64>
    %in = gpu.alloc host_shared () : memref<4x10x2xi64>
    memref.copy %cases, %in : memref<4x10x2xi64> to memref<4x10x2xi64>
    %out = gpu.alloc host_shared () : memref<4x10xi64>
    gpu.launch_func @kernels::@remsi blocks in (%c1, %c1, %c1) threads in (%c10, %c1, %c1)
        args(%in : memref<4x10x2xi64>, %out : memref<4x10xi64>)
    %u = memref.cast %out : memref<4x10xi64> to memref<*xi64>
    // CHECK: {{\[\[}}-2, -2, 7, -7, 0, -1, 1, 127, -1, 0]
    // CHECK-NEXT: [-2, -2, 7, -7, 0, -1, 1, 32767, -1, 0]
    // CHECK-NEXT: [-2, -2, 7, -7, 0, -1, 1, 2147483647, -1, 0]
    // CHECK-NEXT: [-2, -2, 7, -7, 0, -1, 1, 9223372036854775807, -1, 0]]
    call @printMemrefI64(%u) : (memref<*xi64>) -> ()
    gpu.dealloc %in : memref<4x10x2xi64>
    gpu.dealloc %out : memref<4x10xi64>
    return
  }
}
