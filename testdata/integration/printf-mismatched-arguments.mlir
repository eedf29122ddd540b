// gpu.printf arguments of another kind or size than their conversions read
// (MLIR's own GPU programs print an index with %d): a warning at the op, as
// clang's -Wformat gives, and on every target the output a GPU's printf
// gives where the argument is at least as wide as what its conversion
// reads (the first bytes of the argument's slot, little-endian), the
// argument widened where it is narrower (a GPU would read past it); the
// arguments after it print as they would alone. The host runs it here; the
// CUDA recipe compiles it:
//   - %d of the index 2^32 + 7: its low 32 bits, 7; then %d of 9: 9;
//   - %d of the i64 -1: -1 (its low 32 bits);
//   - %ld of the i32 -5: -5 (sign-extended);
//   - %llx of the f32 1.0 (a double once promoted): the double's bits,
//     3ff0000000000000; %x of it: their low 32 bits, 0;
//   - %.1f of the i64 0x4000000000000000: the double of those bits, 2.0.
//
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no gpu.printf
// RUN: offload-opt %s --offload-check-input -verify-diagnostics -o /dev/null
// CHECK: 7 9
// CHECK-NEXT: -1 -5
// CHECK-NEXT: 3ff0000000000000 0 2.0

func.func @main() {
  %c1 = arith.constant 1 : index
  %params = gpu.alloc host_shared () : memref<2xi64>
  %c0 = arith.constant 0 : index
  %big = arith.constant 4294967303 : i64
  %two = arith.constant 4611686018427387904 : i64
  memref.store %big, %params[%c0] : memref<2xi64>
  memref.store %two, %params[%c1] : memref<2xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %z = arith.constant 0 : index
    %o = arith.constant 1 : index
    %big64 = memref.load %params[%z] : memref<2xi64>
    %x = arith.index_cast %big64 : i64 to index
    %nine = arith.constant 9 : i32
    // expected-warning @below {{gpu.printf format conversion 1 ('%d'): argument 1 is 'index', and '%d' reads an integer of 32 bits (gpu.printf passes integers of up to 32 bits as int, index as a 64-bit integer, f16, bf16 and f32 as double): every target prints the argument's low 32 bits, as a GPU's printf reads them}}
    gpu.printf "%d %d\n", %x, %nine : index, i32
    %minusOne = arith.constant -1 : i64
    %minusFive = arith.constant -5 : i32
    // expected-warning @below {{argument 1 is 'i64', and '%d' reads an integer of 32 bits}}
    // expected-warning @below {{argument 2 is 'i32', and '%ld' reads an integer of 64 bits (gpu.printf passes integers of up to 32 bits as int, index as a 64-bit integer, f16, bf16 and f32 as double): every target prints the argument sign-extended to 64 bits (a GPU's printf would read 4 bytes past the argument)}}
    gpu.printf "%d %ld\n", %minusOne, %minusFive : i64, i32
    %one = arith.constant 1.0 : f32
    %bits = memref.load %params[%o] : memref<2xi64>
    // expected-warning @below {{argument 1 is 'f32', and '%llx' reads an integer of 64 bits (gpu.printf passes integers of up to 32 bits as int, index as a 64-bit integer, f16, bf16 and f32 as double): every target prints the bits of the double it is passed as, as a GPU's printf reads them}}
    // expected-warning @below {{argument 2 is 'f32', and '%x' reads an integer of 32 bits (gpu.printf passes integers of up to 32 bits as int, index as a 64-bit integer, f16, bf16 and f32 as double): every target prints the low 32 bits of the double it is passed as, as a GPU's printf reads them}}
    // expected-warning @below {{argument 3 is 'i64', and '%.1f' reads a double (gpu.printf passes integers of up to 32 bits as int, index as a 64-bit integer, f16, bf16 and f32 as double): every target prints the double of the argument's bits, as a GPU's printf reads it}}
    gpu.printf "%llx %x %.1f\n", %one, %one, %bits : f32, f32, i64
    gpu.terminator
  }
  return
}
