//===- HostCpus.cpp - The CPUs and features #offload.host names -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// LLVM only warns, on stderr and outside any diagnostic, about a CPU or
// feature it does not know, and compiles for a generic CPU instead: the
// verifier of #offload.host asks LLVM's own tables first, so that a typo is
// an error where the attribute is written.
//
//===----------------------------------------------------------------------===//

#include "dialects/host/HostCpus.h"

#include "dialects/FeatureList.h"
#include "dialects/LLVMBackends.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

#define DEBUG_TYPE "offload-host-cpus"

using namespace mlir;

/// The tables of the CPUs #offload.host compiles for: their names and
/// features only (target info and MC), not their code generators.
static void initializeCpuTables() {
  static std::once_flag once;
  std::call_once(once, [] {
    offload::registerLLVMBackends([] {
      LLVMInitializeX86TargetInfo();
      LLVMInitializeX86TargetMC();
      LLVMInitializeAArch64TargetInfo();
      LLVMInitializeAArch64TargetMC();
    });
  });
}

LogicalResult mlir::offload::host::verifyCpuAndFeatures(
    function_ref<InFlightDiagnostic()> emitError, StringRef tripleName,
    StringRef cpu, StringRef features) {
  if (cpu.empty() && features.empty())
    return success();
  initializeCpuTables();
  std::string machineTriple;
  if (tripleName.empty()) {
    machineTriple = llvm::sys::getProcessTriple();
    tripleName = machineTriple;
  }
  StringRef where = machineTriple.empty() ? "" : " (the compiling machine)";
  llvm::Triple triple(tripleName);
  std::string lookupError;
  // Only the compiling machine's triple can be another architecture here:
  // the verifier accepts no other.
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, lookupError);
  if (!target)
    return emitError() << "cannot check cpu '" << cpu << "' and features '"
                       << features << "' for " << tripleName << where
                       << ", which is not an x86_64 or aarch64 CPU ("
                       << lookupError << "); name the triple to compile for";
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, "generic", ""));
  if (!cpu.empty() && !subtarget->isCPUStringValid(cpu)) {
    InFlightDiagnostic diag = emitError();
    diag << "cpu '" << cpu << "' is not a CPU that LLVM knows for "
         << tripleName << where;
    return suggestClosestKey(diag, cpu,
                             subtarget->getAllProcessorDescriptions());
  }
  ArrayRef<llvm::SubtargetFeatureKV> known =
      subtarget->getAllProcessorFeatures();
  SmallVector<StringRef> entries;
  features.split(entries, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (StringRef entry : entries) {
    StringRef name = entry.drop_front();
    if (llvm::any_of(known, [&](const llvm::SubtargetFeatureKV &feature) {
          return name == feature.Key;
        }))
      continue;
    InFlightDiagnostic diag = emitError();
    diag << "feature '" << name << "' (in '" << features
         << "') is not a feature that LLVM knows for " << tripleName << where;
    return suggestClosestKey(diag, name, known);
  }
  LLVM_DEBUG(llvm::dbgs() << "cpu '" << cpu << "' and features '" << features
                          << "' are known for " << tripleName << "\n");
  return success();
}
