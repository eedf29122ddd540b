//===- Passes.td - Passes of the ROCDL lowering ------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_ROCDL_PASSES
#define OFFLOAD_CONVERSION_ROCDL_PASSES

include "mlir/Pass/PassBase.td"

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
    "::mlir::offload::OffloadDialect",
  ];
  let options = [
    Option<"kernelBarePtr", "kernel-bare-ptr", "bool", /*default=*/"false",
           "Kernels take memrefs of static shape as bare pointers.">,
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of index in the kernels, 64 or 32.">
  ];
}

#endif // OFFLOAD_CONVERSION_ROCDL_PASSES
