//===- CudaTargetAttr.cpp - #offload.cuda ---------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/cuda/CudaTargetAttr.h"

#include "dialects/TargetAttrChecks.h"
#include "dialects/TargetAttrRegistration.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::offload;

// The dialect parses and prints the attribute through the hooks it adds
// (OffloadDialect::addTargetAttrIfNotRegistered), not through the dispatch
// that comes with the definitions.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#define GET_ATTRDEF_CLASSES
#include "dialects/cuda/CudaTargetAttr.cpp.inc"
#pragma GCC diagnostic pop

static constexpr llvm::StringLiteral kKnownFlags[] = {"fast", "ftz"};

LogicalResult
CudaTargetAttr::verify(function_ref<InFlightDiagnostic()> emitError, int O,
                       StringRef triple, StringRef chip, StringRef features,
                       DictionaryAttr flags, ArrayAttr link,
                       ArrayAttr ptxasOptions, StringRef assembler) {
  if (failed(verifyOptLevel(emitError, O)))
    return failure();
  if (llvm::Triple(triple).getArch() != llvm::Triple::nvptx64)
    return emitError() << "unsupported triple '" << triple
                       << "'; #offload.cuda targets 'nvptx64-nvidia-cuda'";
  const cuda::Chip *info = cuda::lookupChip(chip);
  if (!info)
    return emitError() << "unknown chip '" << chip
                       << "'; supported chips: " << cuda::listSupportedChips();
  llvm::Expected<std::optional<unsigned>> ptx =
      cuda::parsePtxFeatures(features);
  if (!ptx)
    return emitError() << llvm::toString(ptx.takeError());
  if (*ptx && **ptx < info->minPtxVersion)
    return emitError() << "PTX ISA " << cuda::formatPtxVersion(**ptx)
                       << " cannot target " << chip << ", which needs +ptx"
                       << info->minPtxVersion
                       << " or newer (or no features, for the oldest that "
                          "works)";
  if (flags) {
    for (NamedAttribute flag : flags) {
      if (!llvm::is_contained(kKnownFlags, flag.getName().strref()))
        return emitError() << "unknown flag '" << flag.getName().strref()
                           << "'; known flags: fast, ftz";
      if (!isa<UnitAttr, BoolAttr>(flag.getValue()))
        return emitError() << "flag '" << flag.getName().strref()
                           << "' is set by its name alone or by true or "
                              "false, not by "
                           << flag.getValue();
    }
  }
  if (failed(verifyStringArray(emitError, link, "link")) ||
      failed(verifyStringArray(emitError, ptxasOptions, "ptxasOptions")))
    return failure();
  if (!llvm::is_contained({"", "nvjitlink", "ptxas"}, assembler))
    return emitError() << "unknown assembler '" << assembler
                       << "'; it is nvjitlink or ptxas (or absent, for "
                          "nvJitLink where the toolkit has it)";
  return success();
}

//===----------------------------------------------------------------------===//
// The names an object exports
//===----------------------------------------------------------------------===//

/// Whether `op` defines a symbol that the compiled object keeps under its
/// name: a kernel, or a function or global with a body or value whose
/// linkage is not local. Declarations are resolved by name (libdevice,
/// intrinsics) and local symbols renamed by the backend.
static bool isExported(Operation *op) {
  auto symbol = dyn_cast<SymbolOpInterface>(op);
  if (!symbol || isKernel(op))
    return symbol != nullptr;
  if (symbol.isPrivate() || symbol.isDeclaration())
    return false;
  if (auto function = dyn_cast<FunctionOpInterface>(op);
      function && function.isExternal())
    return false;
  auto isLocal = [](LLVM::Linkage linkage) {
    return linkage == LLVM::Linkage::Internal ||
           linkage == LLVM::Linkage::Private;
  };
  if (auto function = dyn_cast<LLVM::LLVMFuncOp>(op))
    return !isLocal(function.getLinkage());
  if (auto global = dyn_cast<LLVM::GlobalOp>(op))
    return !isLocal(global.getLinkage()) &&
           (global.getValue() || !global.getInitializerRegion().empty());
  return isa<gpu::GPUFuncOp, FunctionOpInterface>(op);
}

/// Whether `name` is a PTX identifier: a letter followed by letters, digits,
/// '_' and '$', or '_', '$' or '%' followed by at least one of those.
static bool isPtxIdentifier(StringRef name) {
  auto follows = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '$';
  };
  if (name.empty() || !llvm::all_of(name.drop_front(), follows))
    return false;
  if (llvm::isAlpha(name.front()))
    return true;
  return (name.front() == '_' || name.front() == '$' || name.front() == '%') &&
         name.size() > 1;
}

LogicalResult CudaTargetAttr::verifyTarget(Operation *module) const {
  for (Operation &op : module->getRegion(0).getOps()) {
    if (!isExported(&op))
      continue;
    StringRef name = cast<SymbolOpInterface>(op).getName();
    if (isPtxIdentifier(name))
      continue;
    return op.emitError()
           << (isKernel(&op) ? "kernel " : "symbol ")
           << FlatSymbolRefAttr::get(op.getContext(), name)
           << " cannot be compiled for #offload.cuda: PTX names are a letter "
              "followed by letters, digits, '_' and '$', or '_', '$' or '%' "
              "followed by at least one of those; rename it";
  }
  return success();
}

bool CudaTargetAttr::hasFlag(StringRef flag) const {
  return isFlagSet(getFlags(), flag);
}

void mlir::offload::registerCudaTargetAttr(DialectRegistry &registry) {
  registerTargetAttr<CudaTargetAttr>(registry);
}
