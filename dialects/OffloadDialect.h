//===- OffloadDialect.h - The offload dialect -------------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The dialect and #offload.loader. Each target's attribute is declared in
// the target's folder (dialects/<target>/<Target>TargetAttr.h), which adds
// it to the dialect.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_OFFLOADDIALECT_H
#define OFFLOAD_DIALECTS_OFFLOADDIALECT_H

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/ErrorHandling.h"

#include "dialects/OffloadDialect.h.inc"

#include "dialects/OffloadEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/OffloadAttrs.h.inc"

template <typename AttrT>
void mlir::offload::OffloadDialect::addTargetAttrIfNotRegistered() {
  // The parse function tells one attribute class from another: a second
  // class under a mnemonic already taken is a mistake of the build.
  StringRef mnemonic = AttrT::getMnemonic();
  auto [it, inserted] = targetAttrParsers.try_emplace(mnemonic, &AttrT::parse);
  if (!inserted) {
    if (it->second != &AttrT::parse)
      llvm::report_fatal_error("two target attributes are named #offload." +
                               mnemonic);
    return;
  }
  targetAttrPrinters.try_emplace(
      TypeID::get<AttrT>(), +[](Attribute attr, AsmPrinter &printer) {
        printer << AttrT::getMnemonic();
        cast<AttrT>(attr).print(printer);
      });
  addAttributes<AttrT>();
  // The model lives with the target's serializer, which a tool may not link
  // (offload-translate): the promise lets a gpu.module list the attribute
  // there, and names the missing model where one is used.
  declarePromisedInterface<gpu::TargetAttrInterface, AttrT>();
}

#endif // OFFLOAD_DIALECTS_OFFLOADDIALECT_H
