// #offload.vulkan's serializer: the spirv.module that offload-lower-gpu-to-spirv
// put in the gpu.module, as a SPIR-V binary (bin, and fatbin the same) that
// spirv-val accepts for Vulkan 1.3, the same bytes every time, or as the
// SPIR-V dialect's text (isa). Dynamic shared memory's length becomes a
// specialization constant. A module not lowered first, or another format, is
// one error.
//
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-spirv),gpu-module-to-binary{format=bin})' -o %t.bin.mlir
// RUN: FileCheck %s --check-prefix=BIN < %t.bin.mlir
// RUN: %python %S/../extract_object.py -o %t.spv < %t.bin.mlir
// RUN: spirv-val --target-env vulkan1.3 %t.spv
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=DIS
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-spirv),gpu-module-to-binary{format=fatbin})' \
// RUN:   | %python %S/../extract_object.py -o %t.fat.spv
// RUN: cmp %t.spv %t.fat.spv
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-spirv),gpu-module-to-binary{format=isa})' \
// RUN:   | FileCheck %s --check-prefix=ISA
// RUN: %expect_exit 1 offload-opt %s --gpu-module-to-binary=format=bin 2>&1 | FileCheck %s --check-prefix=UNLOWERED
// RUN: %expect_exit 1 offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-spirv),gpu-module-to-binary{format=llvm})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FORMAT

// BIN: gpu.binary @kernels [#gpu.object<#offload.vulkan, kernels = <>, bin = "\03\02#\07

// DIS: OpCapability Shader
// DIS: OpCapability PhysicalStorageBufferAddresses
// DIS: OpMemoryModel PhysicalStorageBuffer64 GLSL450
// DIS: OpEntryPoint GLCompute %scale "scale" %__offload_push_constants_scale
// DIS: OpEntryPoint GLCompute %block_sum "block_sum" %__offload_push_constants_block_sum %__offload_dynamic_shared_memory_block_sum
// DIS: OpExecutionMode %scale LocalSize 1 1 1
// DIS: OpExecutionMode %block_sum LocalSize 64 1 1
// DIS: OpDecorate [[LENGTH:%[0-9a-z_]+]] SpecId 0
// DIS: [[LENGTH]] = OpSpecConstant %uint
// DIS: OpTypeArray %float [[LENGTH]]

// ISA: spirv.module @__spv__kernels PhysicalStorageBuffer64 GLSL450 requires #spirv.vce<v1.6,
// ISA-SAME: spirv.func @scale() \22None\22
// ISA-SAME: spirv.EntryPoint \22GLCompute\22 @scale

// UNLOWERED: error: gpu.module @kernels is not lowered for Vulkan: run offload-lower-gpu-to-spirv on it first
// FORMAT: error: #offload.vulkan makes SPIR-V: format 'bin' or 'fatbin' (a SPIR-V module) or 'isa' (its text), not LLVM bitcode ('llvm')

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.vulkan] {
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
    gpu.func @block_sum(%in: memref<?xf32>, %out: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %tile = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
      %i = gpu.global_id x
      %x = memref.load %in[%i] : memref<?xf32>
      memref.store %x, %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %s = memref.load %tile[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
        memref.store %s, %out[%b] : memref<?xf32>
      }
      gpu.return
    }
  }
}
