// Dynamic shared memory whose length, at the target's max_shared_memory = 4,
// is 1 element, the value of a constant that the kernel uses too: the
// specialization constant the serializer makes for the length is the array's
// own, so `t + x + 1` stays what it says whatever the launch's size (and the
// struct indices of the push constants stay constants, as spirv-val wants).
// The gpu.module's own #offload.vulkan is the one the pipeline keeps.
//
// RUN: %python %S/../extract_object.py -o %t.spv < %t.vulkan.mlir
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=DIS

// DIS: OpDecorate [[LENGTH:%[0-9a-z_]+]] SpecId 0
// DIS: [[LENGTH]] = OpSpecConstant %uint 1
// DIS-NOT: [[LENGTH]]
// DIS: OpTypeArray %uint [[LENGTH]]
// DIS-NOT: [[LENGTH]]

module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)

  gpu.module @kernels [#offload.vulkan<max_shared_memory = 4>] {
    gpu.func @plus_one(%out: memref<4xi32>) kernel
        attributes {known_block_size = array<i32: 4, 1, 1>} {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %cell = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
      %ti = arith.index_cast %t : index to i32
      %one = arith.constant 1 : i32
      %ten = arith.constant 10 : i32
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %ten, %cell[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %x = memref.load %cell[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      %y = arith.addi %ti, %x : i32
      %z = arith.addi %y, %one : i32
      memref.store %z, %out[%t] : memref<4xi32>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %smem = arith.constant 4 : i32
    %out = gpu.alloc host_shared () : memref<4xi32>
    gpu.launch_func @kernels::@plus_one blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        dynamic_shared_memory_size %smem args(%out : memref<4xi32>)
    %u = memref.cast %out : memref<4xi32> to memref<*xi32>
    // CHECK: [11, 12, 13, 14]
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.dealloc %out : memref<4xi32>
    return
  }
}
