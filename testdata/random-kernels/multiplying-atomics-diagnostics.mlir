// A kernel of random kernels (fuzz/random_kernels): memref.atomic_rmw of muli
// on global memory and on workgroup memory. LLVM's atomicrmw has no
// multiplication, and the CUDA and ROCm targets had no other lowering for
// it: "'memref.atomic_rmw' is left unlowered", or, on workgroup memory, a
// location-less "conversion of memref memory space
// #gpu.address_space<workgroup> to integer address space failed". It is a
// compare-and-swap loop around the multiplication, on every target: 2 blocks
// of 8 threads that each multiply m[0] (from 1) by 3 leave 3^16 = 43046721
// there, and each block's workgroup element (from 1) is 3^8 = 6561, which
// thread 0 copies to m[1 + block].
//
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="check=true" | %offload_runner | FileCheck %s
// CHECK: {{\[}}43046721,  6561,  6561,  -1]
//
// On NVIDIA GPUs: loops of atom.cas.b32 on global and on shared memory; on
// AMD GPUs, of global_atomic_cmpswap and of ds_cmpst_rtn_b32 (no GPU here
// runs them).
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=isa" \
// RUN:   | %python %S/../extract_object.py -o /dev/stdout | FileCheck %s --check-prefix=PTX
// PTX-LABEL: .entry f(
// PTX: mul.lo.s32
// PTX: atom.{{.*}}global.cas.b32
// PTX: mul.lo.s32
// PTX: atom.{{.*}}shared.cas.b32
// RUN: offload-opt %s --offload-lower-to-rocm="chips=gfx942 format=isa" \
// RUN:   | %python %S/../extract_object.py -o /dev/stdout | FileCheck %s --check-prefix=GCN
// GCN-LABEL: f:
// GCN: v_mul_lo_u32
// GCN: global_atomic_cmpswap
// GCN: v_mul_lo_u32
// GCN: ds_cmpst_rtn_b32
// Its PTX compiles with ptxas, its AMD ISA assembles.
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=bin toolkit=%cuda_toolkit" -o /dev/null
// RUN: offload-opt %s --offload-lower-to-rocm="chips=gfx942 format=bin" -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @f(%x: i32, %m: memref<4xi32>)
        workgroup(%w : memref<4xi32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %one, %w[%c0] : memref<4xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %r = memref.atomic_rmw muli %x, %m[%c0] : (i32, memref<4xi32>) -> i32
      %s = memref.atomic_rmw muli %x, %w[%c0] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
      gpu.barrier
      scf.if %first {
        %b = gpu.block_id x
        %slot = arith.addi %b, %c1 : index
        %v = memref.load %w[%c0] : memref<4xi32, #gpu.address_space<workgroup>>
        memref.store %v, %m[%slot] : memref<4xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %one = arith.constant 1 : i32
    %minus1 = arith.constant -1 : i32
    %x = arith.constant 3 : i32
    %m = gpu.alloc host_shared () : memref<4xi32>
    scf.for %i = %c1 to %c4 step %c1 {
      memref.store %minus1, %m[%i] : memref<4xi32>
    }
    memref.store %one, %m[%c0] : memref<4xi32>
    gpu.launch_func @m::@f blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%x : i32, %m : memref<4xi32>)
    %u = memref.cast %m : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
