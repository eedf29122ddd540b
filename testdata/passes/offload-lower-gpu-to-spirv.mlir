// offload-lower-gpu-to-spirv: a gpu.module for #offload.vulkan becomes a
// spirv.module in it (docs/vulkan-target.md's kernel ABI) and its kernels
// empty func.funcs. Each kernel is a GLCompute entry point: its parameters
// are members of an argument struct (a memref as its descriptor's fields),
// whose buffer device address is the push constants' first member; without
// a known block size the push constants carry it too and LocalSize is
// 1x1x1 for the runtime to replace; with one, LocalSize is it. Workgroup
// attributions are Workgroup variables; gpu.all_reduce is a tree of
// barriers in workgroup memory; index is 64-bit, as on the host; a memref of strides known at
// launch is indexed with its descriptor's; dynamic shared memory is a
// variable of its own. What has no Vulkan meaning is one error each, naming
// the op and why.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-spirv))' | FileCheck %s
// (offload-lower-gpu-to-spirv-bare-ptr.mlir: with kernel-bare-ptr.)

// CHECK-LABEL: gpu.module @abi [#offload.vulkan] {
// CHECK: spirv.module @__spv__abi PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.6,
// The argument struct: the memref's descriptor (allocated and aligned
// pointers to its elements' array of stride 4, offset, sizes and strides),
// then the f32 and the index (an i64).
// CHECK: spirv.GlobalVariable @__offload_push_constants_scale : !spirv.ptr<!spirv.struct<(!spirv.ptr<!spirv.struct<(!spirv.struct<(!spirv.ptr<[[ELEMENTS:.*stride=4.*]], PhysicalStorageBuffer> [0], !spirv.ptr<[[ELEMENTS]], PhysicalStorageBuffer> [8], i64 [16], !spirv.array<1 x i64, stride=8> [24], !spirv.array<1 x i64, stride=8> [32])> [0], f32 [40], i64 [48])>, PhysicalStorageBuffer> [0], i32 [8], i32 [12], i32 [16])>, PushConstant>
// CHECK: spirv.func @scale() "None"
// CHECK: spirv.GlobalVariable @__offload_workgroup_sum_0 : !spirv.ptr<!spirv.struct<(!spirv.array<64 x i32>)>, Workgroup>
// CHECK: spirv.func @sum() "None"
// gpu.all_reduce: each thread's value in workgroup memory, then a tree of
// barriers and additions.
// CHECK: spirv.ControlBarrier <Workgroup>, <Workgroup>, <AcquireRelease|UniformMemory|WorkgroupMemory>
// CHECK: spirv.mlir.loop
// CHECK: spirv.IAdd
// CHECK: spirv.ControlBarrier
// CHECK: spirv.EntryPoint "GLCompute" @scale, @__offload_push_constants_scale
// CHECK: spirv.ExecutionMode @scale "LocalSize", 1, 1, 1
// CHECK: spirv.ExecutionMode @sum "LocalSize", 64, 1, 1
// CHECK: func.func @scale(%{{.*}}: memref<?xf32>, %{{.*}}: f32, %{{.*}}: index) attributes {gpu.kernel} {
// CHECK-NEXT: return
// CHECK: func.func @sum(%{{.*}}: memref<64xi32>) attributes {gpu.kernel} {

module attributes {gpu.container_module} {
  gpu.module @abi [#offload.vulkan] {
    gpu.func @scale(%data: memref<?xf32>, %factor: f32, %n: index) kernel {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %x = memref.load %data[%i] : memref<?xf32>
        %y = arith.mulf %x, %factor : f32
        memref.store %y, %data[%i] : memref<?xf32>
      }
      gpu.return
    }
    gpu.func @sum(%data: memref<64xi32>)
        workgroup(%tile: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %x = memref.load %data[%t] : memref<64xi32>
      memref.store %x, %tile[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %s = gpu.all_reduce add %x uniform {} : (i32) -> i32
      memref.store %s, %data[%t] : memref<64xi32>
      gpu.return
    }
  }
}

// -----

// A memref of dynamic strides: indexed with the descriptor's offset and
// strides, its memref.dim the descriptor's size. Its descriptor has two
// sizes and two strides; one of rank 0 has neither.
// CHECK-LABEL: gpu.module @strided
// CHECK: spirv.GlobalVariable @__offload_push_constants_transpose : !spirv.ptr<!spirv.struct<(!spirv.ptr<!spirv.struct<(!spirv.struct<(!spirv.ptr<{{.*}}>, PhysicalStorageBuffer> [0], !spirv.ptr<{{.*}}>, PhysicalStorageBuffer> [8], i64 [16], !spirv.array<2 x i64, stride=8> [24], !spirv.array<2 x i64, stride=8> [40])> [0], !spirv.struct<(!spirv.ptr<{{.*}}>, PhysicalStorageBuffer> [0], !spirv.ptr<{{.*}}>, PhysicalStorageBuffer> [8], i64 [16])> [56])>, PhysicalStorageBuffer> [0]
// CHECK: spirv.func @transpose() "None"
// The first size: member 0, field 3, element 0.
// CHECK: spirv.AccessChain %{{.*}}[%cst0_i32, %cst3_i32, %cst0_i32]
// CHECK-NOT: memref.
// CHECK: spirv.IMul
// CHECK: spirv.EntryPoint
module attributes {gpu.container_module} {
  gpu.module @strided [#offload.vulkan] {
    gpu.func @transpose(%m: memref<?x?xf32>, %scalar: memref<f32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i = gpu.thread_id x
      %j = gpu.thread_id y
      %rows = memref.dim %m, %c0 : memref<?x?xf32>
      %inside = arith.cmpi ult, %i, %rows : index
      scf.if %inside {
        %x = memref.load %m[%i, %j] : memref<?x?xf32>
        memref.store %x, %m[%j, %i] : memref<?x?xf32>
      }
      gpu.return
    }
  }
}

// -----

// Dynamic shared memory: one Workgroup variable of the views' element type.
// CHECK-LABEL: gpu.module @dynamic
// CHECK: spirv.GlobalVariable @__offload_dynamic_shared_memory_tile : !spirv.ptr<!spirv.struct<(!spirv.array<{{[0-9]+}} x f32>)>, Workgroup>
module attributes {gpu.container_module} {
  gpu.module @dynamic [#offload.vulkan] {
    gpu.func @tile(%out: memref<16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %t = gpu.thread_id x
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %tile = memref.view %bytes[%c0][%c16] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
      %one = arith.constant 1.0 : f32
      memref.store %one, %tile[%t] : memref<?xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %x = memref.load %tile[%t] : memref<?xf32, #gpu.address_space<workgroup>>
      memref.store %x, %out[%t] : memref<16xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @no_meaning [#offload.vulkan] {
    gpu.func @k(%n: i32, %data: memref<8xi32>) kernel {
      // expected-error @below {{'gpu.printf' has no meaning for #offload.vulkan: a Vulkan shader has no printf (debugPrintf is a validation layer's)}}
      gpu.printf "%d\n", %n : i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      // expected-error @below {{'gpu.shuffle' has no meaning for #offload.vulkan: it assumes a subgroup of a given width}}
      %r, %v = gpu.shuffle xor %n, %c1, %c8 : i32
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @bool [#offload.vulkan] {
    // expected-error @below {{kernel parameter #0 of type 'i1' has no place in the Vulkan kernel ABI: it takes memrefs, index, signless integers of 8 to 64 bits, f16, f32 and f64}}
    gpu.func @k(%flag: i1) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @unranked [#offload.vulkan] {
    // expected-error @below {{kernel parameter #1 of type 'memref<*xf32>' has no place in the Vulkan kernel ABI: an unranked memref has no sizes or strides a kernel can index with; pass a ranked one}}
    gpu.func @k(%n: index, %data: memref<*xf32>) kernel {
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @divergent [#offload.vulkan] {
    gpu.func @k(%x: i32) kernel {
      %zero = arith.constant 0 : i32
      %c = arith.cmpi ne, %x, %zero : i32
      scf.if %c {
        // expected-error @below {{gpu.all_reduce that not every thread of the block reaches has no meaning for #offload.vulkan: it waits at barriers, which every thread of the block must reach}}
        %s = gpu.all_reduce add %x {} : (i32) -> i32
      }
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @two_types [#offload.vulkan] {
    gpu.func @k() kernel {
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %f = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
      // expected-error @below {{this view of dynamic shared memory has no meaning for #offload.vulkan: SPIR-V workgroup memory is typed, and another view of it reads another element type}}
      %i = memref.view %bytes[%c64][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xi32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// expected-error @below {{gpu.module @twice lists two #offload.vulkan targets, #offload.vulkan and #offload.vulkan<version = "1.5">: one SPIR-V lowering serves one environment; give each its own gpu.module}}
gpu.module @twice [#offload.vulkan, #offload.vulkan<version = "1.5">] {
}

// -----

// expected-error @below {{offload-lower-gpu-to-spirv lowers gpu.modules for #offload.vulkan, and gpu.module @host lists none}}
gpu.module @host [#offload.host] {
}

// -----

// A descriptor of rank 2047 is 4097 launch parameters, one more than the
// runtime takes.
module attributes {gpu.container_module} {
  gpu.module @too_many_parameters [#offload.vulkan] {
    // expected-error @below {{kernel has 4097 launch parameters (a memref's descriptor is 3 + 2 x rank of them), more than the Vulkan kernel ABI's 4096}}
    gpu.func @wide(%m: memref<1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1x1xf32>) kernel {
      gpu.return
    }
  }
}
