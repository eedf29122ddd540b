// A gpu.module that holds only kernels, with no host code that launches
// them and block sizes known only at run time: each compiles for the host.
// A subgroup operation counts a block's warps at run time (a division that
// rounds up), which once was left unconverted.
//
// RUN: offload-opt %s --split-input-file --offload-lower-to-host | FileCheck %s

// CHECK: gpu.binary @kernels <#offload.loader> [#gpu.object<#offload.host
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @uniform_reduce(%m: memref<32xi32>) kernel {
      %c0 = arith.constant 0 : index
      %v = memref.load %m[%c0] : memref<32xi32>
      %s = gpu.subgroup_reduce add %v uniform : (i32) -> i32
      memref.store %s, %m[%c0] : memref<32xi32>
      gpu.return
    }
  }
}

// -----

// CHECK: gpu.binary @kernels <#offload.loader> [#gpu.object<#offload.host
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @reduce(%m: memref<?xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %m[%t] : memref<?xf32>
      %s = gpu.subgroup_reduce add %v : (f32) -> f32
      %one = arith.constant 1 : i32
      %width = arith.constant 32 : i32
      %b, %valid = gpu.shuffle xor %s, %one, %width : f32
      memref.store %b, %m[%t] : memref<?xf32>
      gpu.return
    }
  }
}
