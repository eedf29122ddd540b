//===- RocmTargetId.cpp - What #offload.rocm's parameters mean ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/rocm/RocmTargetId.h"

#include "dialects/FeatureList.h"
#include "dialects/LLVMBackends.h"
#include "dialects/TargetAttrChecks.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Triple.h"

#include <cassert>
#include <memory>

using namespace llvm;
using object_format::AmdgpuChip;
using object_format::AmdgpuFeatureSetting;
using object_format::AmdgpuTargetId;

namespace mlir::offload::rocm {

static constexpr StringLiteral kTriple = "amdgcn-amd-amdhsa";
static constexpr StringLiteral kKnownFlags[] = {"fast", "daz", "unsafe_math",
                                                "finite_only"};
static constexpr StringLiteral kKnownAbis[] = {"400", "500", "600"};

FailureOr<AmdgpuTargetId>
parseTargetId(function_ref<InFlightDiagnostic()> emitError, StringRef chip) {
  std::string error;
  std::optional<AmdgpuTargetId> id = object_format::parseAmdgpuTargetId(
      std::string_view(chip.data(), chip.size()), &error);
  if (id)
    return *id;
  InFlightDiagnostic diag = emitError();
  diag << "chip '" << chip << "' is not a target ID of an AMD GPU: " << error;
  if (!object_format::lookupAmdgpuChip(chip.split(':').first))
    diag << "; supported chips: " << object_format::listAmdgpuChips();
  return diag;
}

/// LLVM's AMDGPU target: its feature table and each chip's features.
static const Target &getAmdgpuTarget() {
  static const Target *target = [] {
    mlir::offload::registerLLVMBackends([] {
      LLVMInitializeAMDGPUTargetInfo();
      LLVMInitializeAMDGPUTargetMC();
    });
    std::string error;
    const Target *found = TargetRegistry::lookupTarget(Triple(kTriple), error);
    assert(found && "LLVM is built with its AMDGPU target");
    return found;
  }();
  return *target;
}

static std::unique_ptr<MCSubtargetInfo> getChipSubtarget(StringRef chip) {
  return std::unique_ptr<MCSubtargetInfo>(
      getAmdgpuTarget().createMCSubtargetInfo(Triple(kTriple), chip, ""));
}

/// Whether `feature` adds instructions (LLVM names those "...-insts"): on a
/// chip without them, the backend would emit what the chip cannot decode.
/// The others are modes (cumode, tgsplit) or say how the backend works
/// around a chip's bugs.
static bool isInstructionSetFeature(StringRef feature) {
  return feature.ends_with("-insts") || feature.ends_with("-inst");
}

static LogicalResult
verifyFeatures(function_ref<InFlightDiagnostic()> emitError,
               const AmdgpuTargetId &id, StringRef features) {
  FailureOr<SmallVector<StringRef>> entries =
      splitFeatureList(emitError, features, "+cumode");
  if (failed(entries))
    return failure();
  if (entries->empty())
    return success();
  StringRef chip(id.chip->name.data(), id.chip->name.size());
  std::unique_ptr<MCSubtargetInfo> subtarget = getChipSubtarget(chip);
  ArrayRef<SubtargetFeatureKV> known = subtarget->getAllProcessorFeatures();
  for (StringRef entry : *entries) {
    StringRef name = entry.drop_front();
    if (name == "xnack" || name == "sramecc")
      return emitError() << "feature '" << entry << "' belongs in the chip: "
                         << "write it as a target ID, chip = \"" << chip << ":"
                         << name << (entry[0] == '+' ? "+" : "-") << "\"";
    if (name.starts_with("wavefrontsize"))
      return emitError() << "feature '" << entry
                         << "' sets the wave size, which wave64 does";
    const SubtargetFeatureKV *feature =
        llvm::find_if(known, [&](const SubtargetFeatureKV &candidate) {
          return name == candidate.Key;
        });
    if (feature == known.end()) {
      InFlightDiagnostic diag = emitError();
      diag << "feature '" << entry << "' (in '" << features
           << "') is not a feature of LLVM's AMDGPU backend";
      return suggestClosestKey(diag, name, known);
    }
    if (entry[0] == '+' && isInstructionSetFeature(name) &&
        !subtarget->getFeatureBits()[feature->Value])
      return emitError() << "feature '" << entry << "' is an instruction set "
                         << "feature that " << chip
                         << " does not have: its code would not run there";
  }
  return success();
}

static LogicalResult verifyFlags(function_ref<InFlightDiagnostic()> emitError,
                                 DictionaryAttr flags) {
  if (!flags)
    return success();
  for (NamedAttribute flag : flags) {
    if (!is_contained(kKnownFlags, flag.getName().strref()))
      return emitError() << "unknown flag '" << flag.getName().strref()
                         << "'; known flags: fast, daz, unsafe_math, "
                            "finite_only";
    if (!isa<UnitAttr, BoolAttr>(flag.getValue()))
      return emitError() << "flag '" << flag.getName().strref()
                         << "' is set by its name alone or by true or false, "
                            "not by "
                         << flag.getValue();
  }
  return success();
}

LogicalResult verifyParameters(function_ref<InFlightDiagnostic()> emitError,
                               int optLevel, StringRef triple,
                               const AmdgpuTargetId &id, StringRef features,
                               StringRef abi, bool wave64,
                               DictionaryAttr flags) {
  if (failed(verifyOptLevel(emitError, optLevel)))
    return failure();
  // Exactly: the code object names its target "<triple>--<chip>", which the
  // HIP runtime matches as written ("amdgcn--amdhsa" would make
  // "amdgcn--amdhsa--gfx90a", which it runs nowhere).
  if (triple != kTriple)
    return emitError() << "unsupported triple '" << triple
                       << "'; #offload.rocm targets '" << kTriple << "'";
  if (!is_contained(kKnownAbis, abi))
    return emitError() << "unknown code object version abi = \"" << abi
                       << "\"; it is 400, 500 or 600";
  if (wave64 && id.chip->wave32 && !id.chip->hasWave64Option)
    return emitError() << id.chip->name.data()
                       << " runs waves of 32 lanes only; drop wave64";
  if (failed(verifyFeatures(emitError, id, features)))
    return failure();
  return verifyFlags(emitError, flags);
}

unsigned getWaveSize(const AmdgpuTargetId &id, bool wave64) {
  return id.chip->wave32 && !wave64 ? 32 : 64;
}

std::string getLlvmFeatures(const AmdgpuTargetId &id, bool wave64,
                            StringRef features) {
  SmallVector<std::string> list;
  for (auto [setting, name] :
       {std::pair{id.xnack, "xnack"}, std::pair{id.sramecc, "sramecc"}}) {
    if (setting == AmdgpuFeatureSetting::On)
      list.push_back(std::string("+") + name);
    else if (setting == AmdgpuFeatureSetting::Off)
      list.push_back(std::string("-") + name);
  }
  if (id.chip->wave32)
    list.push_back(wave64 ? "+wavefrontsize64" : "+wavefrontsize32");
  if (!features.empty())
    list.push_back(features.str());
  return join(list, ",");
}

} // namespace mlir::offload::rocm
