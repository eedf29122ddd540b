// Found by fuzz/random_kernels (the generator keeps muli and mulf atomics
// to workgroup memory, which the host target makes plain updates).
// memref.atomic_rmw muli/mulf on global memory has no lowering on any
// target (LLVM's atomicrmw has no multiply); the diagnostics differ and
// none says so:
//   host:   error: internal error of the host target: 'memref.atomic_rmw' was
//           left unconverted to the LLVM dialect in gpu.module @m; please
//           report it
//   CUDA:   error: 'memref.atomic_rmw' is left unlowered in gpu.module @m, ...
//   Vulkan: error: 'memref.atomic_rmw' has no SPIR-V meaning ... (clear)
// And on workgroup memory (a workgroup attribution), CUDA says
//   <unknown>:0: error: conversion of memref memory space
//   #gpu.address_space<workgroup> to integer address space failed. ...
// with no location. Expected: one error at the op naming the kind
// ("atomic_rmw muli has no lowering: ..."), on every target.
//
// RUN: not offload-opt %s --offload-lower-to-host -o /dev/null 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: not offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=isa" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CUDA
// HOST: internal error of the host target: 'memref.atomic_rmw' was left unconverted
// CUDA: <unknown>:0: error: conversion of memref memory space

gpu.module @m {
  gpu.func @f(%x: i32, %m: memref<4xi32>)
      workgroup(%w : memref<4xi32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %r = memref.atomic_rmw muli %x, %m[%c0] : (i32, memref<4xi32>) -> i32
    %s = memref.atomic_rmw muli %x, %w[%c0] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
    gpu.return
  }
}
