// Two gpu.modules, each launched from host code, with an asynchronous chain.
// RUN: %parity %s --chip=sm_80 --features=+ptx80 | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted

module attributes {gpu.container_module} {
  gpu.module @scale {
    gpu.func @scale(%data: memref<64xf32>, %factor: f32) kernel {
      %i = gpu.thread_id x
      %x = memref.load %data[%i] : memref<64xf32>
      %y = arith.mulf %x, %factor : f32
      memref.store %y, %data[%i] : memref<64xf32>
      gpu.return
    }
  }
  gpu.module @shift {
    gpu.func @shift(%data: memref<64xf32>, %offset: f32) kernel {
      %i = gpu.thread_id x
      %x = memref.load %data[%i] : memref<64xf32>
      %y = arith.addf %x, %offset : f32
      memref.store %y, %data[%i] : memref<64xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %two = arith.constant 2.0 : f32
    %data = gpu.alloc host_shared () : memref<64xf32>
    %start = gpu.wait async
    %scaled = gpu.launch_func async [%start] @scale::@scale
        blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%data : memref<64xf32>, %two : f32)
    %shifted = gpu.launch_func async [%scaled] @shift::@shift
        blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%data : memref<64xf32>, %two : f32)
    gpu.wait [%shifted]
    return
  }
}
