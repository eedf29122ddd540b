//===- Pipelines.cpp - From the main dialects to GPU binaries -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "pipelines/Pipelines.h"

#include "conversion/Passes.h"
#include "conversion/nvvm/Passes.h"
#include "dialects/Passes.h"
#include "transforms/Passes.h"

#include "mgpu/mgpu.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToGPU/SCFToGPUPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::offload;

/// The targets' parts, in build_defs/targets.bzl's order.
static SmallVector<TargetPipelines> &targetPipelines() {
  static SmallVector<TargetPipelines> targets;
  return targets;
}

static size_t targetIndex(StringRef name) {
  return llvm::find(kTargetNames, name) - std::begin(kTargetNames);
}

void mlir::offload::registerTargetPipelines(TargetPipelines target) {
  SmallVector<TargetPipelines> &targets = targetPipelines();
  if (llvm::any_of(targets, [&](const TargetPipelines &registered) {
        return registered.name == target.name;
      }))
    return;
  auto *position = llvm::find_if(targets, [&](const TargetPipelines &other) {
    return targetIndex(other.name) > targetIndex(target.name);
  });
  targets.insert(position, std::move(target));
}

/// offload-lower-to-gpu's targets, each taken by the target it names, and
/// the options of targets it does not name.
static LogicalResult
completeGpuPipelineConfig(const GpuPipelineOptions &options,
                          PipelineConfig &config, EmitErrorFn emitError) {
  if (config.targets.empty())
    return emitError("targets is empty: name what to compile for, for "
                     "example targets=" +
                     kTargetExamples);
  for (StringRef target : config.targets)
    if (!claimTarget(target, config))
      return emitError("target '" + target + "' is not " + kTargetKinds);
  return checkTargetOptions(options, config, emitError);
}

LogicalResult mlir::offload::verifyPipelineConfig(const PipelineConfig &config,
                                                  EmitErrorFn emitError) {
  for (const TargetPipelines &target : targetPipelines())
    if (target.verify && failed(target.verify(config, emitError)))
      return failure();
  int64_t threads = 1;
  for (int64_t size : config.tileSizes) {
    threads *= size;
    if (threads > MGPU_MAX_BLOCK_THREADS)
      return emitError("tile-sizes make blocks of more than " +
                       Twine(MGPU_MAX_BLOCK_THREADS) +
                       " threads, which no GPU runs");
  }
  return success();
}

/// Maps scf.parallel loops in func.func to GPU blocks and threads and makes
/// gpu.launch of them, as MLIR's GPU compilation stack does: tile each loop
/// into a loop over blocks around one over threads, bounded by
/// affine.min(tile, rest), whose constant term convert-parallel-loops-to-gpu
/// takes for the block size (guarding the threads past the rest). Not
/// upstream's no-min-max-bounds tiling, whose guard scales by the step twice
/// and compares unsigned, which drops iterations (llvm-project #203693,
/// #223233). Canonicalization in between folds the tile's extent to the
/// constant that the conversion looks for.
static void addLoopsToLaunches(OpPassManager &pm,
                               const PipelineConfig &config) {
  SmallVector<int64_t> tileSizes(config.tileSizes);
  if (tileSizes.empty())
    tileSizes.push_back(128);
  OpPassManager &functions = pm.nest<func::FuncOp>();
  functions.addPass(
      createParallelLoopTilingPass(tileSizes, /*noMinMaxBounds=*/false));
  functions.addPass(createCanonicalizerPass());
  functions.addPass(createGpuMapParallelLoopsPass());
  functions.addPass(createConvertParallelLoopToGpuPass());
  functions.addPass(createCanonicalizerPass());
}

/// Each target's attach passes, in the order of the objects they make.
static void addTargets(OpPassManager &pm, const PipelineConfig &config) {
  for (StringRef name : kTargetObjectOrder)
    for (const TargetPipelines &target : targetPipelines())
      if (target.name == name)
        target.attach(pm, config);
  OffloadAttachLoaderOptions loader;
  loader.load = config.load;
  pm.addPass(createOffloadAttachLoader(loader));
}

/// Checks what the lowerings left, and serializes the kernels.
static void addKernelsToBinaries(OpPassManager &pm,
                                 const PipelineConfig &config) {
  // Unless the user lowers more after the pipeline: the kernels are checked
  // anyway, as their serializers take the LLVM dialect only.
  OffloadCheckLoweredOptions check;
  check.hostCode = config.checkLowered;
  pm.addPass(createOffloadCheckLowered(check));
  // Kernels compile without debug information unless asked for line tables:
  // the functions' locations go (as upstream's strip-debuginfo does), but
  // only now and not the gpu.module's own, so that every diagnostic before
  // and during serialization still points at the source.
  if (config.lineInfo) {
    // Every function gets a scope, so that locations become line
    // directives: what ptxas -lineinfo takes (more debug information makes
    // it refuse optimized code), as with nvcc -lineinfo.
    LLVM::DIScopeForLLVMFuncOpPassOptions scopes;
    scopes.emissionKind = LLVM::DIEmissionKind::DebugDirectivesOnly;
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(scopes));
  } else {
    pm.nest<gpu::GPUModuleOp>().nest<LLVM::LLVMFuncOp>().addPass(
        createStripDebugInfoPass());
  }
  OffloadModuleToBinaryOptions binary;
  binary.toolkitPath = config.toolkit;
  // The table's format names are gpu-module-to-binary's.
  binary.compilationTarget = config.format;
  pm.addPass(createOffloadModuleToBinary(binary));
  pm.addPass(createOffloadMergeLoweredBinaries());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::offload::buildOffloadPipeline(OpPassManager &pm,
                                         const PipelineConfig &config) {
  pm.addPass(createOffloadDropSchedules());
  pm.addPass(createOffloadCheckInput());
  // Before anything folds a loop's trip count.
  pm.addPass(createOffloadExactTripCounts());
  if (config.loops)
    addLoopsToLaunches(pm, config);
  // While a gpu.all_reduce still sits in its gpu.launch, canonicalization
  // can see that every thread reaches it and mark it uniform, which the NVVM
  // lowering needs (upstream's pipeline does the same).
  pm.addPass(createCanonicalizerPass());
  // Before outlining, as upstream's pipeline: a TMA descriptor made on the
  // host then reaches the kernel as the pointer it is.
  pm.addPass(createOffloadLowerNvgpu());
  // Constants and index computations that canonicalization hoisted out of
  // the launches go back in, instead of becoming kernel parameters (MLIR 22's
  // outlining no longer sinks them itself).
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  addTargets(pm, config);

  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createLowerAffinePass());
  // Host code only: kernels keep their structured control flow, which the
  // host target splits at barriers (the NVVM lowering converts it itself).
  pm.nest<func::FuncOp>().addPass(createOffloadCountLoopsThatMayWrap());
  pm.nest<func::FuncOp>().addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  // What expanding strided metadata made (offsets as affine.apply), as
  // upstream's pipeline does.
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // A module may list targets of its own beside the ones attached here: the
  // host's and a GPU's in one module, from the options or by hand, take
  // two lowerings.
  pm.addPass(createOffloadSplitByLowering());
  OffloadLowerKernelsOptions kernels;
  kernels.indexBitwidth = config.indexBitwidth;
  kernels.kernelBarePtr = config.kernelBarePtr;
  pm.addPass(createOffloadLowerKernels(kernels));

  GpuToLLVMConversionPassOptions hostCode;
  hostCode.hostBarePtrCallConv = config.hostBarePtr;
  hostCode.kernelBarePtrCallConv = config.kernelBarePtr;
  pm.addPass(createOffloadAssignStreams());
  pm.addPass(createOffloadLowerGpuWaits());
  pm.addPass(createOffloadPreciseHostMath());
  pm.addPass(createGpuToLLVMConversionPass(hostCode));
  // The host's async.execute regions, as coroutines of MLIR's async runtime,
  // once the tokens that they pass (!gpu.async.token) are the runtime's
  // streams, as upstream's GPU programs lower them.
  pm.addPass(createOffloadLowerHostAsync());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());

  addKernelsToBinaries(pm, config);
}

void mlir::offload::registerPipeline(
    StringRef name, StringRef description, bool loops,
    ConfigurePipelineFn configure,
    std::function<void(function_ref<void(const mlir::detail::PassOptions &)>)>
        printOptions) {
  registerPassPipeline(
      name, description,
      [name, loops, configure = std::move(configure)](
          OpPassManager &pm, StringRef text,
          function_ref<LogicalResult(const Twine &)> errorHandler) {
        // Its passes run on the module that holds the GPU code and the host
        // code; nested under anything else, adding them is a fatal error.
        if (pm.getOpAnchorName() != ModuleOp::getOperationName())
          return errorHandler(name + " runs on builtin.module, not on '" +
                              pm.getOpAnchorName() + "': write " +
                              "builtin.module(" + name + ")");
        auto emitError = [&](const Twine &msg) {
          return errorHandler(name + ": " + msg);
        };
        PipelineConfig config;
        if (failed(configure(text, loops, config, emitError)))
          return failure();
        for (const TargetPipelines &target : targetPipelines())
          if (target.complete)
            target.complete(config);
        if (failed(verifyPipelineConfig(config, emitError)))
          return failure();
        buildOffloadPipeline(pm, config);
        return success();
      },
      std::move(printOptions));
}

void mlir::offload::registerOffloadPipelines() {
  // Registering twice aborts; a plugin and a tool may both ask.
  static bool registered = [] {
    registerOffloadTransformsPasses();
    SmallVector<StringRef> examples;
    StringRef(kTargetExamples).split(examples, ',');
    registerPipeline<GpuPipelineOptions>(
        "offload-lower-to-gpu",
        "Does what offload-lower-to-cuda does, for every vendor at once: each "
        "gpu.binary holds an object for each of targets (" +
            llvm::join(examples, ", ") +
            "), and the runtime loads the one for the device it finds",
        /*loops=*/false, completeGpuPipelineConfig);
    registerPipeline<GpuPipelineOptions>(
        "offload-lower-loops-to-gpu",
        "Maps scf.parallel loops onto GPU blocks and threads, then does what "
        "offload-lower-to-gpu does",
        /*loops=*/true, completeGpuPipelineConfig);
    return true;
  }();
  (void)registered;
}
