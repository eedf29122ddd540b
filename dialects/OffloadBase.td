//===- OffloadBase.td - The offload dialect ----------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_BASE
#define OFFLOAD_DIALECT_BASE

include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/DialectBase.td"

def Offload_Dialect : Dialect {
  let name = "offload";
  let cppNamespace = "::mlir::offload";
  let summary = "GPU compilation targets and offloading for MLIR";
  let description = [{
    The `offload` dialect holds the attributes that compile `gpu.module`s into
    GPU objects (target attributes, for `gpu-module-to-binary`) and that turn
    `gpu.binary` and `gpu.launch_func` into LLVM IR (offloading attributes).
  }];
  let useDefaultAttributePrinterParser = 1;
}

class Offload_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Offload_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

#endif // OFFLOAD_DIALECT_BASE
