//===- LinkedFunctions.cpp - `link` files' code, fit for the target -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/rocm/LinkedFunctions.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"

#include <tuple>

using namespace llvm;
using object_format::AmdgpuFeatureSetting;
using object_format::AmdgpuTargetId;

namespace mlir::offload::rocm {

/// Function metadata: the `link` file a function comes from.
static constexpr StringLiteral kLinkFileKind = "offload.link_file";

void markLinkFileFunctions(Module &file, StringRef name) {
  MDNode *mark =
      MDNode::get(file.getContext(), MDString::get(file.getContext(), name));
  for (Function &function : file)
    if (!function.isDeclaration())
      function.setMetadata(kLinkFileKind, mark);
}

/// "gfx90a:xnack-", or "gfx90a (xnack on or off)" for `feature` left open.
static std::string describeTarget(const AmdgpuTargetId &id,
                                  StringRef feature = "") {
  std::string text(id.chip->name);
  for (auto [setting, name] :
       {std::pair{id.sramecc, "sramecc"}, std::pair{id.xnack, "xnack"}}) {
    if (setting == AmdgpuFeatureSetting::On)
      text += ":" + std::string(name) + "+";
    else if (setting == AmdgpuFeatureSetting::Off)
      text += ":" + std::string(name) + "-";
    else if (setting == AmdgpuFeatureSetting::Any && feature == name)
      text += " (" + std::string(name) + " on or off)";
  }
  return text;
}

/// Calls `check` with each entry of `function`'s "target-features" (its
/// name, whether it turns the feature on, and how to quote it in a
/// message) until one returns a problem, which is returned.
static std::string forEachFeature(
    const Function &function,
    function_ref<std::string(StringRef name, bool on, StringRef quoted)>
        check) {
  StringRef features =
      function.getFnAttribute("target-features").getValueAsString();
  SmallVector<StringRef> entries;
  features.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    entry = entry.trim();
    std::string quoted = ("'" + entry +
                          "' (in \"target-features\" of its "
                          "function " +
                          function.getName() + ")")
                             .str();
    bool on = entry.consume_front("+");
    if (!on && !entry.consume_front("-"))
      return "has " + quoted + ", which is not +name or -name";
    std::string problem = check(entry, on, quoted);
    if (!problem.empty())
      return problem;
  }
  return "";
}

/// Why `function` is for another chip, xnack or sramecc mode, or wave size
/// than `target`, or "".
static std::string checkTargetId(const Function &function,
                                 const LinkTarget &target) {
  const AmdgpuTargetId &id = target.id;
  StringRef chip(id.chip->name.data(), id.chip->name.size());
  StringRef cpu = function.getFnAttribute("target-cpu").getValueAsString();
  if (!cpu.empty() && cpu != chip)
    return ("is for " + cpu + " (\"target-cpu\" of its function " +
            function.getName() + "), not " + describeTarget(id))
        .str();
  return forEachFeature(
      function, [&](StringRef name, bool on, StringRef quoted) -> std::string {
        // What the code assumes must be what the object promises the loader,
        // open or fixed.
        for (auto [setting, mode, present] :
             {std::tuple{id.xnack, "xnack", id.chip->hasXnack},
              std::tuple{id.sramecc, "sramecc", id.chip->hasSramecc}}) {
          if (name != mode)
            continue;
          AmdgpuFeatureSetting wanted =
              on ? AmdgpuFeatureSetting::On : AmdgpuFeatureSetting::Off;
          if (present ? setting != wanted : on)
            return ("is for " + name + (on ? "+" : "-") + ", " + quoted +
                    ", not " + describeTarget(id, name))
                .str();
        }
        if (on && (name == "wavefrontsize32" || name == "wavefrontsize64")) {
          unsigned waveSize = name == "wavefrontsize32" ? 32 : 64;
          if (waveSize != target.waveSize)
            return ("is for waves of " + Twine(waveSize) + " lanes, " + quoted +
                    ", not " + describeTarget(id) + "'s " +
                    Twine(target.waveSize))
                .str();
        }
        return "";
      });
}

/// Why `function` needs a feature that `target` lacks or that the backend
/// does not know, or "". Only what a feature turns on can be missing.
static std::string checkInstructionSet(const Function &function,
                                       const LinkTarget &target) {
  ArrayRef<SubtargetFeatureKV> known =
      target.subtarget.getAllProcessorFeatures();
  return forEachFeature(
      function, [&](StringRef name, bool on, StringRef quoted) -> std::string {
        if (!on)
          return "";
        if (!llvm::any_of(known, [&](const SubtargetFeatureKV &feature) {
              return name == feature.Key;
            }))
          return ("asks for " + quoted +
                  ", a feature that LLVM's AMDGPU backend does not know")
              .str();
        if (!target.subtarget.checkFeatures(("+" + name).str()))
          return ("needs " + quoted + ", which " + describeTarget(target.id) +
                  " does not have")
              .str();
        return "";
      });
}

std::string checkLinkFileTarget(const Module &file, StringRef name,
                                const LinkTarget &target) {
  for (const Function &function : file) {
    if (function.isDeclaration())
      continue;
    std::string why = checkTargetId(function, target);
    if (!why.empty())
      return ("the bitcode file \"" + name + "\" to link " + why).str();
  }
  return "";
}

std::string checkLinkedFunctions(Module &module, const LinkTarget &target) {
  std::string problem;
  for (Function &function : module) {
    MDNode *mark = function.getMetadata(kLinkFileKind);
    if (!mark)
      continue;
    function.setMetadata(kLinkFileKind, nullptr);
    if (!problem.empty() || function.isDeclaration())
      continue;
    std::string why = checkInstructionSet(function, target);
    if (why.empty())
      continue;
    StringRef file = cast<MDString>(mark->getOperand(0))->getString();
    problem = ("the bitcode file \"" + file + "\" to link " + why).str();
  }
  return problem;
}

} // namespace mlir::offload::rocm
