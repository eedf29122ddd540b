//===- Passes.td - Passes of the host lowering -------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_HOST_PASSES
#define OFFLOAD_CONVERSION_HOST_PASSES

include "mlir/Pass/PassBase.td"

def OffloadLowerGpuToHost : Pass<"offload-lower-gpu-to-host", "gpu::GPUModuleOp"> {
  let summary = "Lowers a gpu.module for the host CPU (#offload.host)";
  let description = [{
    Does for `#offload.host` what `convert-gpu-to-nvvm` does for NVIDIA GPUs:
    takes a `gpu.module` in the main dialects (gpu, arith, math, memref,
    vector, scf, cf, func) to the LLVM dialect, each kernel becoming a
    function that runs one block of it, every thread, as loops over its
    threads (split at barriers and subgroup operations; see ThreadLoops.h),
    with the entry point that libmgpu's host backend calls. A kernel whose
    threads depend on their block only through their global id in x runs
    the blocks of a row of the grid together, as one wider block
    (BlockRows.h).

    Every op our CUDA path accepts in a kernel has a meaning here: thread,
    block, grid, lane and subgroup ids and sizes (a subgroup is 32 lanes),
    clusters, `gpu.barrier`, workgroup and private attributions, dynamic
    shared memory, `gpu.shuffle`, `gpu.rotate`, `gpu.subgroup_broadcast`,
    `gpu.all_reduce`, `gpu.subgroup_reduce`, `gpu.printf` (printf),
    `cf.assert` (the launch fails with the message), `math` (LLVM
    intrinsics and libm), warp matrix operations (`gpu.subgroup_mma_*`,
    each lane holding whole matrices: HostSubgroupMma.h), vector transfers
    with masks or out-of-bounds dimensions, and raw buffer accesses, with
    their bounds check (HostRawBuffers.h). An op with no host meaning (NVVM
    and nvgpu intrinsics, for one) is an error that names it.

    With `check` (or `#offload.host<check = true>`), each kernel checks its
    accesses against their memrefs' bounds, and tells the runtime what it
    needs to find races and reads of unwritten bytes in workgroup memory
    and barriers that not every thread reaches (HostKernelChecks.h,
    docs/checking.md).
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::affine::AffineDialect",
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
           "Kernels take memrefs of static shape as bare pointers.">,
    Option<"check", "check", "bool", /*default=*/"false",
           "Kernels that check themselves as they run (HostKernelChecks.h); "
           "also where the module's #offload.host says check.">
  ];
}

#endif // OFFLOAD_CONVERSION_HOST_PASSES
