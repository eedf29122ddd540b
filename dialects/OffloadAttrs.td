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
