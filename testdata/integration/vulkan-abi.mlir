// The Vulkan kernel ABI at its edges. A kernel without parameters that never
// reads gpu.block_dim still has its push constants in its entry point's
// interface, so that the runtime launches it with any block (it refused every
// block but the compiled 1 x 1 x 1). vector.load and vector.store of global
// memory carry the Aligned memory operand that Vulkan requires of buffer
// device addresses. A memref parameter of 2^33 elements, more than a SPIR-V
// array holds, is indexed as a runtime array (its array type's length was
// truncated to 0); it is compiled and validated, not launched.
//
// Its own runs check stderr too (CHECK-NOT: mgpu:).
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner 2>&1 | FileCheck %s
// RUN: %python %S/../extract_object.py -o %t.spv < %t.vulkan.mlir
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=DIS
// RUN: env MGPU_DEVICE=vulkan %offload_runner %t.vulkan.mlir 2>&1 | FileCheck %s

// DIS: OpEntryPoint GLCompute %nothing "nothing" %__offload_push_constants_nothing
// DIS: OpTypeRuntimeArray %uchar

module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)

  gpu.module @kernels {
    gpu.func @nothing() kernel {
      gpu.return
    }
    gpu.func @twice(%x: memref<16xf32>, %y: memref<16xf32>) kernel {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %i = arith.muli %t, %c4 : index
      %v = vector.load %x[%i] : memref<16xf32>, vector<4xf32>
      %w = arith.addf %v, %v : vector<4xf32>
      vector.store %w, %y[%i] : memref<16xf32>, vector<4xf32>
      gpu.return
    }
    gpu.func @huge(%bytes: memref<8589934592xi8>) kernel {
      %c8g = arith.constant 8589934591 : index
      %c0 = arith.constant 0 : index
      %x = memref.load %bytes[%c0] : memref<8589934592xi8>
      memref.store %x, %bytes[%c8g] : memref<8589934592xi8>
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    gpu.launch_func @kernels::@nothing blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
    %x = gpu.alloc host_shared () : memref<16xf32>
    %y = gpu.alloc host_shared () : memref<16xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %x[%i] : memref<16xf32>
    }
    gpu.launch_func @kernels::@twice blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%x : memref<16xf32>, %y : memref<16xf32>)
    %u = memref.cast %y : memref<16xf32> to memref<*xf32>
    // CHECK-NOT: mgpu:
    // CHECK: [0,  2,  4,  6,  8,  10,  12,  14,  16,  18,  20,  22,  24,  26,  28,  30]
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
