//===- KernelLoweringInterface.td - How kernels lower -*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_KERNEL_LOWERING_INTERFACE
#define OFFLOAD_KERNEL_LOWERING_INTERFACE

include "mlir/IR/Interfaces.td"

def Offload_KernelLoweringAttrInterface
    : AttrInterface<"KernelLoweringAttrInterface"> {
  let cppNamespace = "::mlir::offload";
  let description = [{
    How the kernels of a `gpu.module` that lists this target lower to what
    its serializer takes. Each lowering attaches it to the target attributes
    it serves, as an external model, from its own folder (as upstream
    attaches `gpu::TargetAttrInterface`), so that the passes that split,
    lower and merge modules by lowering name no target.

    Targets whose kernels take the same lowering (the same `getLoweringName`)
    share one copy of a module; targets of different lowerings get a copy
    each (offload-split-by-lowering). The passes of a lowering are the same
    for every target of its name (offload-lower-kernels builds them once per
    name), and a model registers through `KernelLoweringModel::registerWith`,
    which loads the lowering's dialects with the offload dialect: the
    lowering runs as a dynamic pipeline, and no pass lists every lowering's
    dialects.
  }];
  let methods = [
    InterfaceMethod<[{
        The lowering's name, and the suffix of a module's copy for it
        (`@m.<name>`): the same for targets that share one lowering.
      }], "::llvm::StringRef", "getLoweringName", (ins)>,
    InterfaceMethod<[{
        What the lowering is, for messages: its pass and what sets it apart.
      }], "::llvm::StringRef", "describeLowering", (ins)>,
    InterfaceMethod<[{
        Adds the passes that lower a `gpu.module` of this target to `pm`,
        which runs on `gpu.module` ops.
      }], "void", "addLoweringPasses",
      (ins "::mlir::OpPassManager &":$pm,
           "const ::mlir::offload::KernelLoweringOptions &":$options)>,
    InterfaceMethod<[{
        Gives `converter` the memory spaces and types of the upstream
        conversion to the LLVM dialect that the lowering ends with, which
        takes no patterns of ours, so that what offload-lower-atomics
        converts before it matches it; fails for a lowering that runs no
        such conversion.
      }], "::llvm::LogicalResult", "configureLLVMTypeConverter",
      (ins "::mlir::LLVMTypeConverter &":$converter), [{}], [{
        return ::mlir::failure();
      }]>,
  ];
}

#endif // OFFLOAD_KERNEL_LOWERING_INTERFACE
