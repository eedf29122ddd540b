// memref.alloc of workgroup memory in a kernel, lowered for NVIDIA and AMD
// GPUs: one buffer per block, a workgroup attribution of the kernel (an
// internal global of the workgroup's address space, with the alloc's
// alignment), as the host and Vulkan targets make it; memref.dealloc of it
// does nothing. Upstream's conversion made a malloc per thread, so that no
// thread saw what another wrote, and a free that did not verify.
// integration/workgroup-allocs.mlir runs such kernels. One that cannot be
// laid out when the kernel compiles is one error at it.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-lower-kernels | FileCheck %s

// CHECK-LABEL: gpu.module @cuda
// CHECK-DAG: llvm.mlir.global internal @__wg_allocs_0() {addr_space = 3 : i32, alignment = 16 : i64} : !llvm.array<64 x i32>
// CHECK-DAG: llvm.mlir.global internal @__wg_allocs_1() {addr_space = 3 : i32, alignment = 64 : i64} : !llvm.array<64 x f32>
// CHECK-NOT: malloc
// CHECK-NOT: free
// CHECK-LABEL: gpu.module @rocm
// CHECK-DAG: llvm.mlir.global internal @__wg_allocs_0() {addr_space = 3 : i32} : !llvm.array<64 x i32>
// CHECK-DAG: llvm.mlir.global internal @__wg_allocs_1() {addr_space = 3 : i32, alignment = 64 : i64} : !llvm.array<64 x f32>
// CHECK-NOT: malloc
// CHECK-NOT: free
gpu.module @cuda [#offload.cuda<chip = "sm_90">] {
  gpu.func @allocs(%out: memref<64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tx = gpu.thread_id x
    %s = memref.alloc() : memref<64xi32, #gpu.address_space<workgroup>>
    %v = arith.index_cast %tx : index to i32
    memref.store %v, %s[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c4 step %c1 {
      %f = memref.alloc() {alignment = 64} : memref<64xf32, #gpu.address_space<workgroup>>
      %x = memref.load %out[%tx] : memref<64xf32>
      memref.store %x, %f[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.dealloc %f : memref<64xf32, #gpu.address_space<workgroup>>
    }
    memref.dealloc %s : memref<64xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}
gpu.module @rocm [#offload.rocm<chip = "gfx90a">] {
  gpu.func @allocs(%out: memref<64xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %tx = gpu.thread_id x
    %s = memref.alloc() : memref<64xi32, #gpu.address_space<workgroup>>
    %v = arith.index_cast %tx : index to i32
    memref.store %v, %s[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c4 step %c1 {
      %f = memref.alloc() {alignment = 64} : memref<64xf32, #gpu.address_space<workgroup>>
      %x = memref.load %out[%tx] : memref<64xf32>
      memref.store %x, %f[%tx] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.dealloc %f : memref<64xf32, #gpu.address_space<workgroup>>
    }
    memref.dealloc %s : memref<64xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @dynamic [#offload.cuda<chip = "sm_90">] {
  gpu.func @allocs(%n: index) kernel {
    // expected-error @below {{this memref.alloc of workgroup memory has no place in the kernel's workgroup memory: its size is known at run time only, and a block's workgroup memory is laid out when the kernel compiles: use gpu.dynamic_shared_memory and a view of it}}
    %s = memref.alloc(%n) : memref<?xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @device_function [#offload.rocm<chip = "gfx90a">] {
  func.func @helper() {
    // expected-error @below {{this memref.alloc of workgroup memory has no place in the kernel's workgroup memory: it is outside a kernel: a block's workgroup memory belongs to its kernel; allocate it there and pass it on}}
    %s = memref.alloc() : memref<4xi32, #gpu.address_space<workgroup>>
    return
  }
}

// -----

// A memref.generic_atomic_rmw in an scf.if, whose body holds structured
// control flow of its own: a compare-and-swap loop, for both vendors (its
// body lowered to blocks before the loop took it did not verify).
// CHECK-LABEL: gpu.module @cuda_atomic
// CHECK-NOT: generic_atomic_rmw
// CHECK-NOT: scf.
// CHECK: llvm.cmpxchg
// CHECK-NOT: generic_atomic_rmw
// CHECK-NOT: scf.
// CHECK-LABEL: gpu.module @rocm_atomic
// CHECK-NOT: generic_atomic_rmw
// CHECK-NOT: scf.
// CHECK: llvm.cmpxchg
// CHECK-NOT: generic_atomic_rmw
// CHECK-NOT: scf.
gpu.module @cuda_atomic [#offload.cuda<chip = "sm_90">] {
  gpu.func @atomic(%value: memref<1xf32>, %go: i1) kernel {
    %z = arith.constant 0 : index
    %ten = arith.constant 10.0 : f32
    %quarter = arith.constant 0.25 : f32
    scf.if %go {
      %old = memref.generic_atomic_rmw %value[%z] : memref<1xf32> {
      ^bb0(%current: f32):
        %full = arith.cmpf oge, %current, %ten : f32
        %new = scf.if %full -> f32 {
          scf.yield %current : f32
        } else {
          %sum = arith.addf %current, %quarter : f32
          scf.yield %sum : f32
        }
        memref.atomic_yield %new : f32
      }
    }
    gpu.return
  }
}
gpu.module @rocm_atomic [#offload.rocm<chip = "gfx90a">] {
  gpu.func @atomic(%value: memref<1xf32>, %go: i1) kernel {
    %z = arith.constant 0 : index
    %ten = arith.constant 10.0 : f32
    %quarter = arith.constant 0.25 : f32
    scf.if %go {
      %old = memref.generic_atomic_rmw %value[%z] : memref<1xf32> {
      ^bb0(%current: f32):
        %full = arith.cmpf oge, %current, %ten : f32
        %new = scf.if %full -> f32 {
          scf.yield %current : f32
        } else {
          %sum = arith.addf %current, %quarter : f32
          scf.yield %sum : f32
        }
        memref.atomic_yield %new : f32
      }
    }
    gpu.return
  }
}

// -----

// A buffer that the loop allocating it carries to its next iteration: one
// buffer per block would be both the carried one and the new one, on every
// target.
gpu.module @carried [#offload.cuda<chip = "sm_90">] {
  gpu.func @ping_pong(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %first) -> (memref<64xf32, #gpu.address_space<workgroup>>) {
      // expected-error @below {{this memref.alloc of workgroup memory has no place in the kernel's workgroup memory: the loop that allocates it carries it to its next iteration, whose alloc is the same buffer: allocate the buffers before the loop and swap them}}
      %next = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      %view = memref.subview %next[0] [64] [1] : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32, strided<[1]>, #gpu.address_space<workgroup>>
      %cast = memref.cast %view : memref<64xf32, strided<[1]>, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
      scf.yield %cast : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// The same on the host target, which makes one buffer per block its own way.
gpu.module @carried_host [#offload.host] {
  gpu.func @ping_pong(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %first) -> (memref<64xf32, #gpu.address_space<workgroup>>) {
      // expected-error @below {{this memref.alloc of workgroup memory has no place in the kernel's workgroup memory: the loop that allocates it carries it to its next iteration, whose alloc is the same buffer: allocate the buffers before the loop and swap them}}
      %next = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      %view = memref.subview %next[0] [64] [1] : memref<64xf32, #gpu.address_space<workgroup>> to memref<64xf32, strided<[1]>, #gpu.address_space<workgroup>>
      %cast = memref.cast %view : memref<64xf32, strided<[1]>, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
      scf.yield %cast : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// The same on the vulkan target, which makes one buffer per block its own way.
gpu.module @carried_vulkan [#offload.vulkan] {
  gpu.func @ping_pong(%n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %first = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
    %last = scf.for %i = %c0 to %n step %c1 iter_args(%prev = %first) -> (memref<64xf32, #gpu.address_space<workgroup>>) {
      // expected-error @below {{this memref.alloc of workgroup memory has no place in the kernel's workgroup memory: the loop that allocates it carries it to its next iteration, whose alloc is the same buffer: allocate the buffers before the loop and swap them}}
      %next = memref.alloc() : memref<64xf32, #gpu.address_space<workgroup>>
      scf.yield %next : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}
