// offload-lower-gpu-to-spirv{kernel-bare-ptr}: a memref of static shape is its
// aligned pointer alone in the argument struct, as the host passes it; one of
// dynamic strides has none to be indexed with, an error.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-spirv{kernel-bare-ptr}))' | FileCheck %s

// CHECK: spirv.GlobalVariable @__offload_push_constants_sum : !spirv.ptr<!spirv.struct<(!spirv.ptr<!spirv.struct<(!spirv.ptr<!spirv.struct<(!spirv.array<64 x i32, stride=4> [0])>, PhysicalStorageBuffer> [0], f32 [8])>, PhysicalStorageBuffer> [0])>, PushConstant>
module attributes {gpu.container_module} {
  gpu.module @abi [#offload.vulkan] {
    gpu.func @sum(%data: memref<64xi32>, %f: f32) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %data[%t] : memref<64xi32>
      %s = gpu.all_reduce add %x uniform {} : (i32) -> i32
      memref.store %s, %data[%t] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @strided [#offload.vulkan] {
    // expected-error @below {{has no place in the Vulkan kernel ABI: its strides or offset are known at launch, or it has more elements than a SPIR-V array (2^32 - 1), and a bare pointer has no descriptor: without kernel-bare-ptr the kernel indexes it with its descriptor's}}
    gpu.func @k(%m: memref<?x?xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// A rank-0 memref of a static offset: a bare pointer does not carry it.
module attributes {gpu.container_module} {
  gpu.module @rank0_offset [#offload.vulkan] {
    // expected-error @below {{has no place in the Vulkan kernel ABI: a bare pointer of rank 0 does not carry its offset, and upstream's conversion drops it: without kernel-bare-ptr the kernel indexes it with its descriptor's}}
    gpu.func @k(%m: memref<f32, strided<[], offset: 5>>) kernel {
      gpu.return
    }
  }
}
