//===- Passes.td - Passes of the SPIR-V lowering -----------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_SPIRV_PASSES
#define OFFLOAD_CONVERSION_SPIRV_PASSES

include "mlir/Pass/PassBase.td"

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

#endif // OFFLOAD_CONVERSION_SPIRV_PASSES
