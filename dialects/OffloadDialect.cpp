//===- OffloadDialect.cpp - The offload dialect ---------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/OffloadDialect.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::offload;

#include "dialects/OffloadDialect.cpp.inc"

#include "dialects/OffloadEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "dialects/OffloadAttrs.cpp.inc"

void OffloadDialect::initialize() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "dialects/OffloadAttrs.cpp.inc"
      >();
  // Its model lives in translation/, registered by registration/ as a
  // DialectRegistry extension, as upstream's targets are: a tool before it
  // makes its context, the plugin in its registry callback. The promise
  // lets a tool that links no translation verify the attribute.
  declarePromisedInterface<gpu::OffloadingLLVMTranslationAttrInterface,
                           LoaderAttr>();
}

Attribute OffloadDialect::parseAttribute(DialectAsmParser &parser,
                                         Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute attr;
  OptionalParseResult parsed =
      generatedAttributeParser(parser, &mnemonic, type, attr);
  if (parsed.has_value())
    return attr;
  auto target = targetAttrParsers.find(mnemonic);
  if (target != targetAttrParsers.end())
    return target->second(parser, type);
  parser.emitError(loc) << "unknown attribute `" << mnemonic << "` in dialect `"
                        << getNamespace() << "`";
  return {};
}

void OffloadDialect::printAttribute(Attribute attr,
                                    DialectAsmPrinter &printer) const {
  if (succeeded(generatedAttributePrinter(attr, printer)))
    return;
  auto target = targetAttrPrinters.find(attr.getTypeID());
  assert(target != targetAttrPrinters.end() &&
         "an attribute of the dialect is either generated here or a target's");
  target->second(attr, printer);
}

//===----------------------------------------------------------------------===//
// LoaderAttr
//===----------------------------------------------------------------------===//

LogicalResult LoaderAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 Attribute object, int priority,
                                 LoadMode load) {
  // `true` parses as an i1 integer, -1 when read as a signed index.
  if (isa_and_nonnull<BoolAttr>(object))
    return emitError() << "object must be an index or a GPU target attribute, "
                          "not "
                       << object;
  if (auto index = dyn_cast_or_null<IntegerAttr>(object);
      index && index.getValue().isNegative())
    return emitError() << "object index "
                       << llvm::toString(index.getValue(), 10, /*Signed=*/true)
                       << " is negative";
  // A promise is enough: the model may live in a library this tool does not
  // link (offload-translate has no serializer), and asking for the interface
  // itself would abort there.
  if (object && !isa<IntegerAttr>(object) &&
      !object.hasPromiseOrImplementsInterface<gpu::TargetAttrInterface>())
    return emitError() << "object must be an index or a GPU target attribute, "
                          "not "
                       << object;
  if (priority < 0 || priority > 65535)
    return emitError() << "priority " << priority
                       << " is out of range; it must be 0 to 65535";
  return success();
}
