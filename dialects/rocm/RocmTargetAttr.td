//===- RocmTargetAttr.td - #offload.rocm -------------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_ROCM_TARGET_ATTR
#define OFFLOAD_ROCM_TARGET_ATTR

include "dialects/OffloadBase.td"

def Offload_RocmTargetAttr : Offload_TargetAttr<"RocmTarget", "rocm"> {
  let summary = "Compiles a gpu.module for AMD GPUs with LLVM's AMDGPU backend";
  let description = [{
    A GPU target attribute: `gpu-module-to-binary` asks it to compile each
    `gpu.module` that lists it, after `convert-gpu-to-rocdl` (the ROCm
    lowering of `offload-lower-kernels`), into one object in the pass's
    `format`: `llvm` (LLVM bitcode; also `offloading`), `isa` (AMDGPU
    assembly), or `bin` and `fatbin` (both an HSA code object: an EM_AMDGPU
    shared object linked by `ld.lld`, which libmgpu's HIP backend loads).
    docs/rocm-target.md says how the device libraries are found and linked.

    - `O`: LLVM optimization level, 0 to 3.
    - `triple`: `amdgcn-amd-amdhsa`.
    - `chip`: a target ID: a gfx processor that LLVM 22 supports (`gfx90a`),
      optionally with `:sramecc+`/`:sramecc-` and `:xnack+`/`:xnack-` where
      the chip has them; a feature left out runs either way. `gfx900` by
      default.
    - `features`: further LLVM target features (`+cumode`); xnack, sramecc
      and the wave size are set by `chip` and `wave64` instead.
    - `abi`: the code object version, `400`, `500` (the default, which ROCm
      6 and later load) or `600`.
    - `wave64`: waves of 64 lanes on chips of gfx10 and later, which run 32
      by default; gfx9 and older always run 64.
    - `flags`: `fast` (fast-math flags, and the device libraries' unsafe and
      finite-only paths), `daz` (denormals are zero in the device
      libraries), `unsafe_math`, `finite_only`.
    - `link`: LLVM bitcode files linked into the module before
      optimization.

    The same attribute gives the same bytes on any machine.

    Example:
    ```mlir
    gpu.module @kernels [#offload.rocm<chip = "gfx90a:xnack-">, #offload.host] {
      ...
    }
    ```
  }];
  let parameters = (ins
    DefaultValuedParameter<"int", "2", "LLVM optimization level (0 to 3).">:$O,
    StringRefParameter<"Target triple.", "\"amdgcn-amd-amdhsa\"">:$triple,
    StringRefParameter<"Target ID: gfx processor and features.",
                       "::mlir::offload::rocm::kDefaultChip.str()">:$chip,
    StringRefParameter<"Further LLVM target features.", "\"\"">:$features,
    StringRefParameter<"Code object version.",
                       "::mlir::offload::rocm::kDefaultAbi.str()">:$abi,
    DefaultValuedParameter<"bool", "false",
                           "Waves of 64 lanes on wave32 chips.">:$wave64,
    OptionalParameter<"DictionaryAttr", "Code generation flags.">:$flags,
    OptionalParameter<"ArrayAttr", "Bitcode files to link.">:$link
  );
  let builders = [
    AttrBuilder<(ins CArg<"int", "2">:$optLevel,
                     CArg<"StringRef", "\"amdgcn-amd-amdhsa\"">:$triple,
                     CArg<"StringRef", "::mlir::offload::rocm::kDefaultChip">:$chip,
                     CArg<"StringRef", "\"\"">:$features,
                     CArg<"StringRef", "::mlir::offload::rocm::kDefaultAbi">:$abi,
                     CArg<"bool", "false">:$wave64,
                     CArg<"DictionaryAttr", "nullptr">:$flags,
                     CArg<"ArrayAttr", "nullptr">:$link), [{
      return $_get($_ctxt, optLevel, triple, chip, features, abi, wave64,
                   flags, link);
    }]>
  ];
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    /// Whether `flags` sets `flag`: by its name alone (`{fast}`) or `= true`.
    bool hasFlag(StringRef flag) const;
    /// `chip` as a target ID (the verifier has accepted it).
    ::object_format::AmdgpuTargetId getTargetId() const;
    /// The lanes of a wave (a subgroup) on this target: 32 or 64.
    unsigned getWaveSize() const;
    /// `abi` as a number: 400, 500 or 600.
    unsigned getCodeObjectVersion() const;
  }];
}

#endif // OFFLOAD_ROCM_TARGET_ATTR
