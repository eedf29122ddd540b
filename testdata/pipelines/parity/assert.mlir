// cf.assert in a kernel.
// RUN: %parity %s --chip=sm_80 --features=+ptx80 | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted

func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %small = arith.cmpi ult, %tx, %c32 : index
    cf.assert %small, "thread id out of range"
    gpu.terminator
  }
  return
}
