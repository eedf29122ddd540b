//===- TargetAttrChecks.cpp - What target attributes check alike ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/TargetAttrChecks.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;

LogicalResult
mlir::offload::verifyOptLevel(function_ref<InFlightDiagnostic()> emitError,
                              int optLevel) {
  if (optLevel < 0 || optLevel > 3)
    return emitError() << "optimization level O = " << optLevel
                       << " is out of range; it must be 0, 1, 2 or 3";
  return success();
}

LogicalResult
mlir::offload::verifyStringArray(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayAttr array, StringRef what) {
  if (array && !llvm::all_of(array, llvm::IsaPred<StringAttr>))
    return emitError() << "'" << what << "' must be an array of strings";
  return success();
}

bool mlir::offload::isFlagSet(DictionaryAttr flags, StringRef flag) {
  Attribute value = flags ? flags.get(flag) : Attribute();
  if (auto boolean = dyn_cast_or_null<BoolAttr>(value))
    return boolean.getValue();
  return isa_and_nonnull<UnitAttr>(value);
}

bool mlir::offload::isKernel(Operation *op) {
  if (auto function = dyn_cast<gpu::GPUFuncOp>(op))
    return function.isKernel();
  return op->hasAttr(gpu::GPUDialect::getKernelFuncAttrName());
}

LogicalResult mlir::offload::verifyKernelNamesWithoutNul(Operation *module,
                                                         StringRef target,
                                                         StringRef why) {
  for (Operation &op : module->getRegion(0).getOps()) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (!symbol || !isKernel(&op) || !symbol.getName().contains('\0'))
      continue;
    return op.emitError() << "kernel "
                          << FlatSymbolRefAttr::get(op.getContext(),
                                                    symbol.getName())
                          << " cannot be compiled for " << target
                          << ": its name holds a NUL character, " << why
                          << "; rename it";
  }
  return success();
}
