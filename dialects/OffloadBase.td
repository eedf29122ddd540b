//===- OffloadBase.td - The offload dialect ----------------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECT_BASE
#define OFFLOAD_DIALECT_BASE

include "mlir/Dialect/GPU/IR/CompilationAttrInterfaces.td"
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
  // The loader's attribute is parsed by the generated parser; a target's
  // attribute, defined in the target's own folder, by the hook that the
  // target adds with it (addTargetAttrIfNotRegistered), as the transform
  // dialect's extensions add their types.
  let useDefaultAttributePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;

    /// Adds a target's attribute, which its folder defines, to the dialect:
    /// its storage, its parser and printer under its mnemonic, and the
    /// promise of gpu::TargetAttrInterface, whose model the target's
    /// serializer attaches. A target registers it as an extension of the
    /// registry (registerTargetAttr), before the models attached to it.
    template <typename AttrT>
    void addTargetAttrIfNotRegistered();

  private:
    using TargetAttrParser = ::mlir::Attribute (*)(::mlir::AsmParser &,
                                                   ::mlir::Type);
    using TargetAttrPrinter = void (*)(::mlir::Attribute,
                                       ::mlir::AsmPrinter &);
    ::llvm::StringMap<TargetAttrParser> targetAttrParsers;
    ::llvm::DenseMap<::mlir::TypeID, TargetAttrPrinter> targetAttrPrinters;

  public:
  }];
}

class Offload_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<Offload_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// A target's attribute, defined in the target's folder of dialects/ and
// added to the dialect by the target (OffloadDialect::
// addTargetAttrIfNotRegistered). Its parameters are optional and named, and
// it checks the gpu.modules that list it.
class Offload_TargetAttr<string name, string attrMnemonic>
    : Offload_Attr<name, attrMnemonic,
                   [DeclareAttrInterfaceMethods<GPUTargetAttrVerifyInterface>]> {
  let assemblyFormat = [{
    (`<` struct(params)^ `>`)?
  }];
  let genVerifyDecl = 1;
}

#endif // OFFLOAD_DIALECT_BASE
