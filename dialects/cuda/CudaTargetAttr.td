//===- CudaTargetAttr.td - #offload.cuda -------------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CUDA_TARGET_ATTR
#define OFFLOAD_CUDA_TARGET_ATTR

include "dialects/OffloadBase.td"

def Offload_CudaTargetAttr : Offload_TargetAttr<"CudaTarget", "cuda"> {
  let summary = "Compiles a gpu.module for NVIDIA GPUs with the CUDA toolkit";
  let description = [{
    A GPU target attribute: `gpu-module-to-binary` asks it to compile each
    `gpu.module` that lists it into one object, in the pass's `format`:
    `llvm` (LLVM bitcode; also `offloading`), `isa` (PTX), `bin` (a cubin
    from nvJitLink or `ptxas`) or `fatbin` (a cubin and its PTX, from
    `fatbinary`). Every parameter has a default that works with a CUDA 13
    toolkit.

    - `O`: LLVM optimization level, 0 to 3.
    - `triple`: `nvptx64-nvidia-cuda`.
    - `chip`: the SM architecture, `sm_75` (the oldest that CUDA 13 supports)
      by default.
    - `features`: `+ptxNN` picks the PTX ISA version; empty means the oldest
      version that supports `chip`.
    - `flags`: `fast` (fast-math flags on every floating-point operation, so
      division and square root are approximate) and `ftz` (flush denormals to
      zero, in generated code and in libdevice).
    - `link`: LLVM bitcode files linked into the module before optimization.
    - `ptxasOptions`: extra command-line options for `ptxas`.
    - `assembler`: what turns PTX into a cubin: `nvjitlink` (the toolkit's
      libnvJitLink, in process), `ptxas` (a subprocess), or, by default,
      nvJitLink when the toolkit has one new enough for the PTX, else
      `ptxas`. Their cubins differ in bytes; each is deterministic.

    libdevice is linked from the toolkit when the module calls `__nv_*`
    functions. The toolkit is the `toolkit` option of `gpu-module-to-binary`,
    else `$CUDA_ROOT`, `$CUDA_HOME`, `$CUDA_PATH`, then `/usr/local/cuda`
    (upstream's order; the build and `tools/bootstrap.sh` search the same).

    Example:
    ```mlir
    gpu.module @kernels [#offload.cuda<chip = "sm_90", flags = {ftz}>] {
      ...
    }
    ```
  }];
  let parameters = (ins
    DefaultValuedParameter<"int", "2", "LLVM optimization level (0 to 3).">:$O,
    StringRefParameter<"Target triple.", "\"nvptx64-nvidia-cuda\"">:$triple,
    StringRefParameter<"SM architecture.",
                       "::mlir::offload::cuda::kDefaultChip.str()">:$chip,
    StringRefParameter<"Target features (`+ptxNN`).", "\"\"">:$features,
    OptionalParameter<"DictionaryAttr", "Code generation flags.">:$flags,
    OptionalParameter<"ArrayAttr", "Bitcode files to link.">:$link,
    OptionalParameter<"ArrayAttr", "Extra ptxas options.">:$ptxasOptions,
    StringRefParameter<"PTX assembler: nvjitlink, ptxas, or either.",
                       "\"\"">:$assembler
  );
  let builders = [
    AttrBuilder<(ins CArg<"int", "2">:$optLevel,
                     CArg<"StringRef", "\"nvptx64-nvidia-cuda\"">:$triple,
                     CArg<"StringRef", "::mlir::offload::cuda::kDefaultChip">:$chip,
                     CArg<"StringRef", "\"\"">:$features,
                     CArg<"DictionaryAttr", "nullptr">:$flags,
                     CArg<"ArrayAttr", "nullptr">:$link,
                     CArg<"ArrayAttr", "nullptr">:$ptxasOptions,
                     CArg<"StringRef", "\"\"">:$assembler), [{
      return $_get($_ctxt, optLevel, triple, chip, features, flags, link,
                   ptxasOptions, assembler);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    /// Whether `flags` sets `flag`: by its name alone (`{fast}`) or `= true`.
    bool hasFlag(StringRef flag) const;
  }];
}

#endif // OFFLOAD_CUDA_TARGET_ATTR
