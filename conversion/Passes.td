//===- Passes.td - Conversion passes of mlir-offload --------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_PASSES
#define OFFLOAD_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def OffloadLowerGpuToHost : Pass<"offload-lower-gpu-to-host", "gpu::GPUModuleOp"> {
  let summary = "Lowers a gpu.module for the host CPU (#offload.host)";
  let description = [{
    Does for `#offload.host` what `convert-gpu-to-nvvm` does for NVIDIA GPUs:
    takes a `gpu.module` in the main dialects (gpu, arith, math, memref,
    vector, scf, cf, func) to the LLVM dialect, each kernel becoming a
    function that runs one block of it, every thread, as loops over its
    threads (split at barriers and subgroup operations; see ThreadLoops.h),
    with the entry point that libmgpu's host backend calls.

    Every op our CUDA path accepts in a kernel has a meaning here: thread,
    block, grid, lane and subgroup ids and sizes (a subgroup is 32 lanes),
    clusters, `gpu.barrier`, workgroup and private attributions, dynamic
    shared memory, `gpu.shuffle`, `gpu.rotate`, `gpu.subgroup_broadcast`,
    `gpu.all_reduce`, `gpu.subgroup_reduce`, `gpu.printf` (printf),
    `cf.assert` (the launch fails with the message), and `math` (LLVM
    intrinsics and libm). An op with no host meaning (NVVM and nvgpu
    intrinsics, warp matrix operations) is an error that names it.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::func::FuncDialect",
    "::mlir::math::MathDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
  let options = [
    Option<"kernelBarePtr", "kernel-bare-ptr", "bool", /*default=*/"false",
           "Kernels take memrefs of static shape as bare pointers.">
  ];
}

def OffloadLowerGpuToSpirv : Pass<"offload-lower-gpu-to-spirv", "gpu::GPUModuleOp"> {
  let summary = "Lowers a gpu.module to SPIR-V for Vulkan (#offload.vulkan)";
  let description = [{
    Does for `#offload.vulkan` what `convert-gpu-to-nvvm` does for NVIDIA
    GPUs: converts the `gpu.module`'s kernels, in the main dialects (gpu,
    arith, math, memref, vector, scf, cf, func, index), with upstream's SPIR-V
    conversion into a `spirv.module` placed in the `gpu.module`, for the
    environment its `#offload.vulkan` target names. The kernels stay as
    empty `func.func`s for `gpu.launch_func` to name.

    Before the conversion, each kernel gets the Vulkan kernel ABI of
    docs/vulkan-target.md: its parameters come from an argument struct whose
    buffer device address the push constants hold, memrefs in global memory
    are physical storage buffer pointers, attributions are variables, and
    `gpu.all_reduce` is a tree of barriers over the threads' values in
    workgroup memory, correct for any subgroup size and layout. Device
    functions are inlined. An op that our CUDA path takes but that has no
    Vulkan meaning (`gpu.printf`, `cf.assert`, `gpu.shuffle`, dynamic shared
    memory, NVVM and nvgpu intrinsics) is an error that names it and says why.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::spirv::SPIRVDialect",
  ];
  let options = [
    Option<"kernelBarePtr", "kernel-bare-ptr", "bool", /*default=*/"false",
           "Kernels take memrefs of static shape as bare pointers.">,
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of index in the kernels, 64 (as on the host) or 32.">
  ];
}

def OffloadLowerGpuToRocdl : Pass<"offload-lower-gpu-to-rocdl", "gpu::GPUModuleOp"> {
  let summary = "Lowers a gpu.module to the LLVM dialect for AMD GPUs (#offload.rocm)";
  let description = [{
    Does for `#offload.rocm` what the NVVM lowering does for NVIDIA GPUs:
    upstream's `convert-gpu-to-rocdl` (for the HIP runtime, with the chip of
    the module's first `#offload.rocm` target), after what it does not take
    itself. An op that our CUDA path takes but that has no AMD meaning (nvgpu
    and NVVM intrinsics: TMA, warpgroup MMA) is an error that names it.
    `cf.assert` becomes what HIP's assert does: the message, block and
    thread printed through the device libraries' printf, then a trap.
    `gpu.all_reduce` is upstream's rewrite into shuffles and workgroup memory;
    subgroup reductions, rotations, ids and sizes are expanded by
    `offload-expand-subgroup-ops` at the chip's wave size (64 lanes on gfx9,
    32 on gfx10 and later unless `wave64`); printf's arguments are promoted as
    C promotes them.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::ROCDL::ROCDLDialect",
  ];
  let options = [
    Option<"kernelBarePtr", "kernel-bare-ptr", "bool", /*default=*/"false",
           "Kernels take memrefs of static shape as bare pointers.">,
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of index in the kernels, 64 or 32.">
  ];
}

def OffloadLowerAtomics : Pass<"offload-lower-atomics", "gpu::GPUModuleOp"> {
  let summary = "Lowers the atomics that upstream's conversions to LLVM cannot "
                "take to compare-and-swap loops";
  let description = [{
    Runs in the NVVM and ROCDL lowerings just before upstream's conversion
    to the LLVM dialect (after `convert-scf-to-cf`), with that conversion's
    index width and memory spaces, chosen by the module's targets (NVVM's
    without targets). `memref.atomic_rmw` of `muli` and `mulf`, which LLVM's
    atomicrmw has no operation for, becomes `memref.generic_atomic_rmw`;
    every `memref.generic_atomic_rmw` becomes a compare-and-swap loop whose
    cmpxchg compares the element's bits as an integer of its size (upstream
    makes one of floats, which the LLVM dialect refuses). The host target's
    lowering takes the same patterns (AtomicsToLLVM.h). An element of a size
    that cmpxchg does not take (i1) is an error at the op.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
  ];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of index in the kernels, as the conversion after it "
           "takes (64 or 32).">
  ];
}

def OffloadLowerGpuWaits : Pass<"offload-lower-gpu-waits", "ModuleOp"> {
  let summary = "Lowers gpu.wait on tokens to libmgpu calls, every token being "
                "a stream";
  let description = [{
    Upstream `gpu-to-llvm` gives every asynchronous operation the stream of
    its one dependency and makes that stream its token; `gpu.wait async`
    makes a new stream. So every token is a stream. But its `gpu.wait`
    lowering tells streams from events by the operation that defines the
    token, and a token that a loop carries is a block argument, defined by
    none: the `gpu.wait` after an iterative solver's launch loop would
    synchronize and destroy the loop's stream as an event.

    This pass lowers `gpu.wait` with dependencies before `gpu-to-llvm` runs,
    treating each token as the stream it is: a synchronous wait synchronizes
    and destroys each distinct stream, `gpu.wait async [...]` makes a new
    stream that waits for an event recorded on each of them. Tokens and
    streams meet through `unrealized_conversion_cast`, which
    `reconcile-unrealized-casts` removes after `gpu-to-llvm`. `gpu.wait`
    without dependencies is left to `gpu-to-llvm`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

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

def OffloadLowerKernels : Pass<"offload-lower-kernels", "ModuleOp"> {
  let summary = "Lowers each gpu.module with the lowering its targets need";
  let description = [{
    Runs, on each `gpu.module`, `offload-lower-gpu-to-host` when its targets
    are `#offload.host`, `offload-lower-gpu-to-spirv` when they are
    `#offload.vulkan`, `offload-lower-gpu-to-rocdl` when they are
    `#offload.rocm` (of one wave size), and otherwise the NVVM lowering
    (`offload-promote-printf-arguments`, `offload-expand-subgroup-ops`,
    `convert-scf-to-cf`, `offload-lower-atomics`, `convert-gpu-to-nvvm`,
    `nvvm-optimize-for-target`,
    `convert-nvvm-to-llvm`, canonicalization, CSE,
    `reconcile-unrealized-casts`). A module whose targets need two of these
    is an error: `offload-split-by-lowering` separates them first.
  }];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of index in GPU kernels (64 or 32).">,
    Option<"kernelBarePtr", "kernel-bare-ptr", "bool", /*default=*/"false",
           "Kernels take memrefs of static shape as bare pointers.">
  ];
}

#endif // OFFLOAD_CONVERSION_PASSES
