//===- OffloadAttrs.td - Attributes of the offload dialect -*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_ATTRS
#define OFFLOAD_ATTRS

include "dialects/OffloadBase.td"
include "mlir/Dialect/GPU/IR/CompilationAttrInterfaces.td"
include "mlir/IR/CommonAttrConstraints.td"
include "mlir/IR/EnumAttr.td"

def Offload_LoadCtor : I32EnumAttrCase<"Ctor", 0, "ctor">;
def Offload_LoadLazy : I32EnumAttrCase<"Lazy", 1, "lazy">;
def Offload_LoadMode : I32EnumAttr<"LoadMode",
    "when #offload.loader loads a binary's objects",
    [Offload_LoadCtor, Offload_LoadLazy]> {
  let cppNamespace = "::mlir::offload";
  let genSpecializedAttr = 0;
}

def Offload_CudaTargetAttr : Offload_Attr<"CudaTarget", "cuda",
    [DeclareAttrInterfaceMethods<GPUTargetAttrVerifyInterface>]> {
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
  let assemblyFormat = [{
    (`<` struct(params)^ `>`)?
  }];
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
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Whether `flags` sets `flag`: by its name alone (`{fast}`) or `= true`.
    bool hasFlag(StringRef flag) const;
  }];
}

def Offload_RocmTargetAttr : Offload_Attr<"RocmTarget", "rocm",
    [DeclareAttrInterfaceMethods<GPUTargetAttrVerifyInterface>]> {
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
  let assemblyFormat = [{
    (`<` struct(params)^ `>`)?
  }];
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
  let genVerifyDecl = 1;
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

def Offload_HostTargetAttr : Offload_Attr<"HostTarget", "host",
    [DeclareAttrInterfaceMethods<GPUTargetAttrVerifyInterface>]> {
  let summary = "Compiles a gpu.module to run on the host CPU";
  let description = [{
    A GPU target attribute for the CPU: `gpu-module-to-binary` asks it to
    compile each `gpu.module` that lists it, after `offload-lower-gpu-to-host`
    has turned its kernels into loops over their threads, into one object in
    the pass's `format`: `llvm` (LLVM bitcode; also `offloading`), `isa`
    (assembly), or `bin` and `fatbin` (both a shared object, linked with
    `ld.lld`), which libmgpu's host backend loads from memory and runs on the
    CPU's cores.

    - `O`: LLVM optimization level, 0 to 3.
    - `triple`: the target triple, `x86_64-...` or `aarch64-...`; empty (the
      default) means the machine that compiles.
    - `cpu`: an LLVM CPU name (`x86-64-v3`, `neoverse-v2`, ...); empty means
      the compiling machine's CPU.
    - `features`: LLVM target features (`+avx2,-avx512f`); empty means those
      of `cpu`, or of the compiling machine when `cpu` is empty too.

    The same attribute on the same machine gives the same bytes. Name a `cpu`
    when objects must be the same from any machine (a remote build cache) or
    must run on older CPUs.

    Example:
    ```mlir
    gpu.module @kernels [#offload.cuda<chip = "sm_90">, #offload.host] {
      ...
    }
    ```
  }];
  let parameters = (ins
    DefaultValuedParameter<"int", "2", "LLVM optimization level (0 to 3).">:$O,
    StringRefParameter<"Target triple; the compiling machine's if empty.",
                       "\"\"">:$triple,
    StringRefParameter<"CPU; the compiling machine's if empty.", "\"\"">:$cpu,
    StringRefParameter<"Target features; the CPU's if empty.",
                       "\"\"">:$features
  );
  let assemblyFormat = [{
    (`<` struct(params)^ `>`)?
  }];
  let genVerifyDecl = 1;
}

def Offload_VulkanTargetAttr : Offload_Attr<"VulkanTarget", "vulkan",
    [DeclareAttrInterfaceMethods<GPUTargetAttrVerifyInterface>]> {
  let summary = "Compiles a gpu.module to SPIR-V for Vulkan";
  let description = [{
    A GPU target attribute for any Vulkan 1.3 device: `gpu-module-to-binary`
    asks it to compile each `gpu.module` that lists it, after
    `offload-lower-gpu-to-spirv` has converted its kernels to SPIR-V, into one
    object in the pass's `format`: `bin` (a SPIR-V module, which libmgpu's
    Vulkan backend runs) or `isa` (the same module as the SPIR-V dialect's
    text). docs/vulkan-target.md has the kernel ABI.

    - `version`: the SPIR-V version, `1.5` or `1.6` (Vulkan 1.3's, the
      default).
    - `caps`: SPIR-V capabilities that the kernels may use beyond the default
      set, which Mesa's lavapipe and current desktop drivers all have
      (integers and floats of 8 to 64 bits, 64-bit atomics, buffer device
      addresses, subgroup operations).
    - `exts`: SPIR-V extensions beyond the default (`SPV_EXT_shader_atomic_float_add`).
    - `max_shared_memory`: the bytes of workgroup memory a kernel may use,
      32768 by default.
    - `max_invocations`: the threads of a block, 1024 by default.

    The same attribute gives the same bytes on any machine.

    Example:
    ```mlir
    gpu.module @kernels [#offload.vulkan, #offload.host] {
      ...
    }
    ```
  }];
  let parameters = (ins
    StringRefParameter<"SPIR-V version.", "\"1.6\"">:$version,
    OptionalParameter<"ArrayAttr", "Extra SPIR-V capabilities.">:$caps,
    OptionalParameter<"ArrayAttr", "Extra SPIR-V extensions.">:$exts,
    DefaultValuedParameter<"int",
                           "::mlir::offload::vulkan::kDefaultMaxSharedMemory",
                           "Workgroup memory of a kernel, in bytes.">:$max_shared_memory,
    DefaultValuedParameter<"int",
                           "::mlir::offload::vulkan::kDefaultMaxInvocations",
                           "Threads of a block.">:$max_invocations
  );
  let assemblyFormat = [{
    (`<` struct(params)^ `>`)?
  }];
  let genVerifyDecl = 1;
}

def Offload_LoaderAttr
    : Offload_Attr<"Loader", "loader", [OffloadingTranslationAttrTrait]> {
  let summary = "Embeds GPU objects and launches kernels with one runtime call";
  let description = [{
    An offloading attribute: the handler of a `gpu.binary` (or of the
    `gpu.module` it comes from) that turns the binary and its
    `gpu.launch_func`s into LLVM IR calling libmgpu.

    - `object`: an index or a target attribute choosing one object at
      compile time. Without it, every object is embedded with a table of
      their kind and architecture, and the runtime loads the best one for
      the device: a cubin for exactly its architecture, else a compatible
      one, else PTX for the driver's JIT.
    - `priority`: of the global constructor that loads the objects and the
      destructor that unloads them (123 by default, as upstream).
    - `load`: `ctor` (the default) loads in a global constructor and
      resolves every launched kernel there; `lazy` loads on the first
      launch, thread-safe, so a program that never launches never touches
      the GPU.

    A synchronous launch is one `mgpuLaunchKernel` on the calling thread's
    own stream and one `mgpuStreamSynchronize`; an asynchronous one is the
    launch alone. Kernel handles live in globals: a launch never looks a
    name up.

    Example:
    ```mlir
    gpu.binary @kernels <#offload.loader<load = lazy>> [...]
    gpu.binary @other <#offload.loader<object = 1, priority = 50>> [...]
    ```
  }];
  let parameters = (ins
    OptionalParameter<"Attribute",
                      "Index or target of the object to embed.">:$object,
    DefaultValuedParameter<"int", "123",
                           "Priority of the load and unload functions.">:$priority,
    DefaultValuedParameter<"::mlir::offload::LoadMode",
                           "::mlir::offload::LoadMode::Ctor",
                           "When to load: ctor or lazy.">:$load
  );
  let assemblyFormat = [{
    (`<` struct(params)^ `>`)?
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isLazy() const { return getLoad() == LoadMode::Lazy; }
  }];
}

#endif // OFFLOAD_ATTRS
