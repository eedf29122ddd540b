// Synchronous gpu.alloc, gpu.memcpy, gpu.memset and gpu.dealloc in host code,
// in a function and in a loop: upstream's pipeline exits 0 and leaves them for
// the translation to reject; ours runs them on the thread's stream.
// RUN: %parity %s --chip=sm_80 --features=+ptx80 | FileCheck %s
// CHECK: upstream: rejected at translate
// CHECK: ours: accepted

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %one = arith.constant 1.0 : f32
  %host = memref.alloc() : memref<32xf32>
  %device = gpu.alloc () : memref<32xf32>
  gpu.memset %device, %one : memref<32xf32>, f32
  scf.for %i = %c0 to %c4 step %c1 {
    %scratch = gpu.alloc () : memref<32xf32>
    gpu.memcpy %scratch, %device : memref<32xf32>, memref<32xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %x = memref.load %scratch[%tx] : memref<32xf32>
      %y = arith.addf %x, %one : f32
      memref.store %y, %device[%tx] : memref<32xf32>
      gpu.terminator
    }
    gpu.dealloc %scratch : memref<32xf32>
  }
  gpu.memcpy %host, %device : memref<32xf32>, memref<32xf32>
  gpu.dealloc %device : memref<32xf32>
  memref.dealloc %host : memref<32xf32>
  return
}
