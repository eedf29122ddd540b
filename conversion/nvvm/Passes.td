//===- Passes.td - Passes of the NVVM lowering -------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_NVVM_PASSES
#define OFFLOAD_CONVERSION_NVVM_PASSES

include "mlir/Pass/PassBase.td"

def OffloadLowerNvgpu : Pass<"offload-lower-nvgpu", "ModuleOp"> {
  let summary = "convert-nvgpu-to-nvvm that leaves !gpu.async.token alone";
  let description = [{
    The pipelines lower nvgpu before outlining, as upstream's does, so that a
    TMA descriptor made on the host reaches the kernel as the pointer it is
    and not as a `!nvgpu.tensormap.descriptor` parameter that
    `convert-gpu-to-nvvm` cannot take. Upstream's `convert-nvgpu-to-nvvm`
    converts the types of `scf` ops as it goes, and an `scf.for` carrying a
    `!gpu.async.token` has a type that its LLVM type converter lacks, which
    makes the loop illegal (`failed to legalize operation 'scf.for'`). This
    pass applies the same patterns with the same type conversions, and keeps
    `!gpu.async.token` as it is.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def OffloadLowerGpuToNvvm : Pass<"offload-lower-gpu-to-nvvm", "gpu::GPUModuleOp"> {
  let summary = "Lowers a gpu.module to the LLVM dialect for NVIDIA GPUs "
                "(#offload.cuda)";
  let description = [{
    Upstream's `convert-gpu-to-nvvm`, with what our CUDA path adds around
    it: each `memref.alloc` of workgroup memory as a workgroup attribution
    of its kernel (upstream's conversion would make a `malloc` per thread),
    `offload-promote-printf-arguments`, `offload-expand-subgroup-ops`,
    `offload-count-loops-that-may-wrap`, `offload-lower-atomics`,
    `convert-scf-to-cf`, `convert-gpu-to-nvvm`,
    `nvvm-optimize-for-target`, `convert-nvvm-to-llvm`, canonicalization,
    CSE and `reconcile-unrealized-casts`. Subgroup reductions take place
    among the active lanes: with `redux.sync` where it does them and every
    target of the module is a chip that has it (sm_80 and later), else in a
    tree of shuffles. `math.fma` of f16 and bf16 is LLVM's fma of that type
    (upstream's rounds twice, through libdevice's f32 fma), and workgroup
    globals are aligned to 16 bytes (NVPTX stores 16-byte vectors to them).
  }];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of index in the kernels (64 or 32).">,
    Option<"kernelBarePtr", "kernel-bare-ptr", "bool", /*default=*/"false",
           "Kernels take memrefs of static shape as bare pointers.">
  ];
}

#endif // OFFLOAD_CONVERSION_NVVM_PASSES
