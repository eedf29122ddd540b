//===- HostMachine.cpp - The CPU a host object is compiled for ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/host/HostMachine.h"

#include "dialects/host/HostCpus.h"
#include "dialects/host/HostTargetAttr.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/Debug.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#define DEBUG_TYPE "serialize-to-binary"

using namespace llvm;

namespace mlir::offload::host {

/// The compiling machine's features, sorted: the same string every run.
static std::string getHostFeatures() {
  SmallVector<std::string> features;
  for (const auto &[name, enabled] : sys::getHostCPUFeatures())
    features.push_back((enabled ? "+" : "-") + name.str());
  llvm::sort(features);
  return join(features, ",");
}

namespace {
/// A feature that the platform's C calling convention depends on, and what
/// it carries there.
struct CallingConventionFeature {
  Triple::ArchType arch;
  StringLiteral feature;
  StringLiteral carries;
};
} // namespace

static constexpr CallingConventionFeature kCallingConventionFeatures[] = {
    {Triple::x86_64, "+sse2", "float and double arguments and results"},
    {Triple::x86_64, "+x87", "long double results"},
    {Triple::x86_64, "-soft-float", "every floating-point value"},
    {Triple::aarch64, "+fp-armv8", "floating-point arguments and results"},
    {Triple::aarch64, "+neon", "vector arguments and results"},
};

FailureOr<HostMachine> resolveHostMachine(gpu::GPUModuleOp module,
                                          HostTargetAttr target) {
  auto error = [&] {
    return module.emitError() << "cannot compile gpu.module @"
                              << module.getName() << " for the host: ";
  };
  HostMachine machine;
  Triple process(sys::getProcessTriple());
  machine.triple =
      target.getTriple().empty() ? process.str() : target.getTriple().str();
  Triple triple(machine.triple);
  std::string lookupError;
  const Target *llvmTarget = TargetRegistry::lookupTarget(triple, lookupError);
  if (!llvmTarget)
    return error() << lookupError;
  bool native = triple.getArch() == process.getArch();
  if (!target.getCpu().empty())
    machine.cpu = target.getCpu().str();
  else
    machine.cpu = native ? sys::getHostCPUName().str() : "generic";
  if (!target.getFeatures().empty())
    machine.features = target.getFeatures().str();
  else if (target.getCpu().empty() && native)
    machine.features = getHostFeatures();

  // The attribute's verifier checked what it names; what the compiling
  // machine filled in is checked the same way, since LLVM only warns, outside
  // any diagnostic, about names it does not know.
  if (failed(verifyCpuAndFeatures(error, machine.triple, machine.cpu,
                                  machine.features)))
    return failure();

  std::unique_ptr<MCSubtargetInfo> resolved(
      llvmTarget->createMCSubtargetInfo(triple, machine.cpu, machine.features));
  for (const CallingConventionFeature &needed : kCallingConventionFeatures) {
    if (needed.arch != triple.getArch() ||
        resolved->checkFeatures(needed.feature))
      continue;
    StringRef name = needed.feature.drop_front();
    InFlightDiagnostic diag = error();
    if (needed.feature.starts_with("+"))
      diag << "features '" << machine.features << "' turn off '" << name << "'";
    else
      diag << "'" << machine.cpu << "' with features '" << machine.features
           << "' turns on '" << name << "'";
    return diag << ", which " << triple.getArchName()
                << "'s calling convention needs for " << needed.carries
                << ": the kernels and the C library would pass them in "
                   "different places";
  }
  LLVM_DEBUG(dbgs() << "gpu.module @" << module.getName() << " for the host: "
                    << machine.triple << ", cpu " << machine.cpu
                    << ", features '" << machine.features << "'\n");
  return machine;
}

std::string listCpuFeatures(const MCSubtargetInfo &subtarget) {
  SmallVector<StringRef> names;
  const FeatureBitset &bits = subtarget.getFeatureBits();
  for (const SubtargetFeatureKV &kv : subtarget.getAllProcessorFeatures())
    if (bits.test(kv.Value))
      names.push_back(kv.Key);
  llvm::sort(names);
  return join(names, ",");
}

} // namespace mlir::offload::host
