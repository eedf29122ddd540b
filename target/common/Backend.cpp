//===- Backend.cpp - Running an LLVM backend on a module ------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/Backend.h"

#include "target/common/FatalErrorRecovery.h"

#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace mlir::offload {

CodeGenOptLevel getCodeGenOptLevel(int optLevel) {
  switch (optLevel) {
  case 0:
    return CodeGenOptLevel::None;
  case 1:
    return CodeGenOptLevel::Less;
  case 3:
    return CodeGenOptLevel::Aggressive;
  default:
    return CodeGenOptLevel::Default;
  }
}

void runOptimizer(llvm::Module &module, TargetMachine &machine, int optLevel,
                  const TargetLibraryInfoImpl &library) {
  static const OptimizationLevel levels[] = {
      OptimizationLevel::O0, OptimizationLevel::O1, OptimizationLevel::O2,
      OptimizationLevel::O3};
  assert(optLevel >= 0 && optLevel <= 3 && "the target attribute checks O");
  machine.setOptLevel(getCodeGenOptLevel(optLevel));
  LoopAnalysisManager loops;
  FunctionAnalysisManager functions;
  CGSCCAnalysisManager sccs;
  ModuleAnalysisManager modules;
  // As makeOptimizingTransformer() sets them.
  PipelineTuningOptions tuning;
  tuning.LoopUnrolling = true;
  tuning.LoopInterleaving = true;
  tuning.LoopVectorization = true;
  tuning.SLPVectorization = true;
  PassBuilder builder(&machine, tuning);
  // Registered first, so that registerFunctionAnalyses() keeps it.
  functions.registerPass([&] { return TargetLibraryAnalysis(library); });
  builder.registerModuleAnalyses(modules);
  builder.registerCGSCCAnalyses(sccs);
  builder.registerFunctionAnalyses(functions);
  builder.registerLoopAnalyses(loops);
  builder.crossRegisterProxies(loops, functions, sccs, modules);
  ModulePassManager passes =
      builder.buildPerModuleDefaultPipeline(levels[optLevel]);
  passes.run(module, modules);
}

Expected<SmallVector<char, 0>>
runBackend(llvm::Module &module, TargetMachine &machine, CodeGenFileType type,
           StringRef backend, const TargetLibraryInfoImpl *library) {
  SmallVector<char, 0> output;
  raw_svector_ostream os(output);
  legacy::PassManager passes;
  if (library)
    passes.add(new TargetLibraryInfoWrapperPass(*library));
  if (machine.addPassesToEmitFile(passes, os, nullptr, type))
    return createStringError("LLVM cannot emit " +
                             Twine(type == CodeGenFileType::ObjectFile
                                       ? "object files"
                                       : "assembly") +
                             " for " + machine.getTargetTriple().str());
  std::string fatalError;
  if (failed(runRecoveringFatalErrors([&] { passes.run(module); }, fatalError)))
    return createStringError("the " + backend +
                             " backend failed: " + fatalError);
  return output;
}

} // namespace mlir::offload
