// An argument of gpu.printf that its format does not read is a warning, once,
// whichever pipeline compiles it; the program compiles.
//
// RUN: offload-opt %s -verify-diagnostics --offload-check-input
// RUN: offload-opt %s --offload-lower-to-host -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 toolkit=%cuda_toolkit" \
// RUN:   -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
// CHECK: warning: gpu.printf has 2 arguments, and its format reads 1; the rest are not printed

func.func @main(%i: i32, %j: i32) {
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    // expected-warning @below {{gpu.printf has 2 arguments, and its format reads 1; the rest are not printed}}
    gpu.printf "%d\n", %i, %j : i32, i32
    gpu.terminator
  }
  return
}
