// A gpu.module that lists a target of the other kind already keeps it: the
// pipeline adds its own and compiles both, each with its own lowering (once
// it asked the user to run offload-split-by-lowering, a pass of its own).
// The host object runs the kernel; each binary holds both objects.
//
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 toolkit=%cuda_toolkit" > %t.cuda.mlir
// RUN: FileCheck %s --check-prefix=BOTH < %t.cuda.mlir
// RUN: %offload_runner %t.cuda.mlir | FileCheck %s --check-prefix=OUT
// RUN: sed -e 's/\[#offload.host\]/[#offload.cuda<chip = "sm_90">]/' %s \
// RUN:   | env CUDA_ROOT=%cuda_toolkit offload-opt --offload-lower-to-host > %t.host.mlir
// RUN: FileCheck %s --check-prefix=BOTH < %t.host.mlir
// RUN: %offload_runner %t.host.mlir | FileCheck %s --check-prefix=OUT
//
// BOTH: gpu.binary @kernels <#offload.loader> [#gpu.object<#offload.{{cuda<chip = "sm_90">|host}}
// BOTH-SAME: #gpu.object<#offload.{{cuda<chip = "sm_90">|host}}
// OUT: [1, 2, 3, 4]

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.host] {
    gpu.func @iota(%m: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %i = arith.index_cast %t : index to i32
      %f = arith.sitofp %i : i32 to f32
      %one = arith.constant 1.0 : f32
      %v = arith.addf %f, %one : f32
      memref.store %v, %m[%t] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %m = gpu.alloc host_shared () : memref<4xf32>
    gpu.launch_func @kernels::@iota blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    %u = memref.cast %m : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
