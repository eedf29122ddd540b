//===- HostTargetAttr.td - #offload.host -------------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_HOST_TARGET_ATTR
#define OFFLOAD_HOST_TARGET_ATTR

include "dialects/OffloadBase.td"

def Offload_HostTargetAttr : Offload_TargetAttr<"HostTarget", "host"> {
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
    - `check`: kernels that check themselves as they run: each access
      against its memref's bounds, races and reads of unwritten bytes in
      workgroup memory, barriers that not every thread reaches
      (docs/checking.md).

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
                       "\"\"">:$features,
    DefaultValuedParameter<"bool", "false",
                           "Kernels that check themselves.">:$check
  );
}

#endif // OFFLOAD_HOST_TARGET_ATTR
