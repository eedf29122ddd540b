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
#include "dialects/cuda/CudaChips.h"
#include "dialects/cuda/Passes.h"
#include "dialects/host/Passes.h"
#include "dialects/rocm/Passes.h"
#include "dialects/rocm/RocmTargetId.h"
#include "dialects/vulkan/Passes.h"
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

/// ptxas's line tables with line-info.
static void addLineInfo(PipelineConfig &config) {
  if (config.lineInfo && !config.chips.empty())
    config.ptxasOptions.push_back("-lineinfo");
}

LogicalResult mlir::offload::completePipelineConfig(
    const CudaPipelineOptions &, PipelineConfig &config,
    function_ref<LogicalResult(const Twine &)>) {
  if (config.chips.empty())
    config.chips.push_back(cuda::kDefaultChip.str());
  addLineInfo(config);
  return success();
}

LogicalResult mlir::offload::completePipelineConfig(
    const HostPipelineOptions &, PipelineConfig &,
    function_ref<LogicalResult(const Twine &)>) {
  return success();
}

LogicalResult mlir::offload::completePipelineConfig(
    const VulkanPipelineOptions &, PipelineConfig &,
    function_ref<LogicalResult(const Twine &)>) {
  return success();
}

LogicalResult mlir::offload::completePipelineConfig(
    const RocmPipelineOptions &, PipelineConfig &config,
    function_ref<LogicalResult(const Twine &)>) {
  if (config.rocmChips.empty())
    config.rocmChips.push_back(rocm::kDefaultChip.str());
  return success();
}

/// An error for an option of one kind of target given to
/// offload-lower-to-gpu without a target of that kind, which would drop it.
static LogicalResult
checkOptionsHaveTargets(const GpuPipelineOptions &options,
                        const PipelineConfig &config,
                        function_ref<LogicalResult(const Twine &)> emitError) {
  struct Kind {
    bool present;
    StringRef targets;
    SmallVector<std::pair<StringRef, bool>> given;
  };
  Kind kinds[] = {
      {!config.chips.empty(),
       "an SM architecture (sm_90)",
       {{"features", options.features.hasValue()},
        {"ftz", options.ftz.hasValue()},
        {"ptxas-options", options.ptxasOptions.hasValue()},
        {"assembler", options.assembler.hasValue()}}},
      {!config.rocmChips.empty(),
       "an AMD target ID (gfx90a)",
       {{"wave64", options.wave64.hasValue()},
        {"abi", options.abi.hasValue()},
        {"daz", options.daz.hasValue()}}},
      {config.vulkan,
       "vulkan",
       {{"spirv-version", options.spirvVersion.hasValue()},
        {"spirv-caps", options.spirvCaps.hasValue()},
        {"spirv-exts", options.spirvExts.hasValue()}}},
  };
  for (const Kind &kind : kinds)
    for (auto [name, given] : kind.given)
      if (given && !kind.present)
        return emitError(name + " applies with " + kind.targets +
                         " in targets only");
  return success();
}

LogicalResult mlir::offload::completePipelineConfig(
    const GpuPipelineOptions &options, PipelineConfig &config,
    function_ref<LogicalResult(const Twine &)> emitError) {
  if (config.targets.empty())
    return emitError("targets is empty: name what to compile for, for "
                     "example targets=sm_90,gfx90a,vulkan,host");
  for (StringRef target : config.targets) {
    if (target.starts_with("sm_"))
      config.chips.push_back(target.str());
    else if (target.starts_with("gfx"))
      config.rocmChips.push_back(target.str());
    else if (target == "vulkan")
      config.vulkan = true;
    else if (target == "host")
      config.host = true;
    else
      return emitError("target '" + target +
                       "' is not an SM architecture (sm_90), an AMD target "
                       "ID (gfx90a), vulkan or host");
  }
  addLineInfo(config);
  return checkOptionsHaveTargets(options, config, emitError);
}

LogicalResult mlir::offload::verifyPipelineConfig(
    const PipelineConfig &config,
    function_ref<LogicalResult(const Twine &)> emitError) {
  if (config.host && config.format == "isa")
    return emitError("format 'isa' gives the host target assembly, which the "
                     "runtime cannot load: use fatbin or bin with host");
  bool otherTargets = !config.chips.empty() || !config.rocmChips.empty();
  if (config.vulkan && otherTargets && config.format == "isa")
    return emitError("format 'isa' gives the Vulkan target SPIR-V text, which "
                     "the runtime cannot load: use fatbin or bin with vulkan");
  if (!config.rocmChips.empty() && (config.host || config.vulkan) &&
      config.format == "isa")
    return emitError("format 'isa' gives the AMD targets assembly, which the "
                     "runtime cannot load: use fatbin or bin with host or "
                     "vulkan");
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

static void addTargets(OpPassManager &pm, const PipelineConfig &config) {
  for (const std::string &chip : config.chips) {
    OffloadAttachTargetOptions target;
    target.chip = chip;
    target.features = config.features;
    target.optLevel = config.optLevel;
    target.fastFlag = config.fast;
    target.ftzFlag = config.ftz;
    target.linkLibs.assign(config.link.begin(), config.link.end());
    target.ptxasOptions.assign(config.ptxasOptions.begin(),
                               config.ptxasOptions.end());
    target.assembler = config.assembler;
    pm.addPass(createOffloadAttachTarget(target));
  }
  for (const std::string &chip : config.rocmChips) {
    OffloadAttachRocmTargetOptions rocm;
    rocm.chip = chip;
    rocm.optLevel = config.optLevel;
    rocm.fastFlag = config.fast;
    rocm.dazFlag = config.daz;
    rocm.wave64 = config.wave64;
    rocm.abi = config.abi;
    rocm.linkLibs.assign(config.link.begin(), config.link.end());
    pm.addPass(createOffloadAttachRocmTarget(rocm));
  }
  if (config.host) {
    OffloadAttachHostTargetOptions host;
    host.triple = config.hostTriple;
    host.cpu = config.hostCpu;
    host.features = config.hostFeatures;
    host.optLevel = config.optLevel;
    pm.addPass(createOffloadAttachHostTarget(host));
  }
  if (config.vulkan) {
    OffloadAttachVulkanTargetOptions vulkan;
    vulkan.version = config.spirvVersion;
    vulkan.caps.assign(config.spirvCaps.begin(), config.spirvCaps.end());
    vulkan.exts.assign(config.spirvExts.begin(), config.spirvExts.end());
    pm.addPass(createOffloadAttachVulkanTarget(vulkan));
  }
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
  pm.addPass(createGpuToLLVMConversionPass(hostCode));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());

  addKernelsToBinaries(pm, config);
}

/// Registers `name`, whose options are `Options`, with a builder that checks
/// them first.
template <typename Options>
static void registerPipeline(StringRef name, StringRef description,
                             bool loops) {
  registerPassPipeline(
      name, description,
      [name, loops](OpPassManager &pm, StringRef text,
                    function_ref<LogicalResult(const Twine &)> errorHandler) {
        // Its passes run on the module that holds the GPU code and the host
        // code; nested under anything else, adding them is a fatal error.
        if (pm.getOpAnchorName() != ModuleOp::getOperationName())
          return errorHandler(name + " runs on builtin.module, not on '" +
                              pm.getOpAnchorName() + "': write " +
                              "builtin.module(" + name + ")");
        // Into the diagnostic, not straight to stderr without "error:".
        Options options;
        std::string parseErrors;
        llvm::raw_string_ostream parseErrorStream(parseErrors);
        if (failed(options.parseFromString(text, parseErrorStream)))
          return errorHandler(name + ": " +
                              (parseErrors.empty()
                                   ? "cannot parse options '" + text + "'"
                                   : StringRef(parseErrors).trim()));
        auto emitError = [&](const Twine &msg) {
          return errorHandler(name + ": " + msg);
        };
        PipelineConfig config;
        if (failed(getPipelineConfig(options, loops, config, emitError)))
          return failure();
        if (failed(completePipelineConfig(options, config, emitError)) ||
            failed(verifyPipelineConfig(config, emitError)))
          return failure();
        buildOffloadPipeline(pm, config);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(Options());
      });
}

void mlir::offload::registerOffloadPipelines() {
  // Registering twice aborts; a plugin and a tool may both ask.
  static bool registered = [] {
    registerOffloadTransformsPasses();
    registerPipeline<CudaPipelineOptions>(
        "offload-lower-to-cuda",
        "Lowers gpu.modules and gpu.launch regions with the host code that "
        "launches them to the LLVM dialect, with a gpu.binary of CUDA objects "
        "(and, with host, one for the CPU) per gpu.module, loaded by "
        "#offload.loader",
        /*loops=*/false);
    registerPipeline<CudaPipelineOptions>(
        "offload-lower-loops-to-cuda",
        "Maps scf.parallel loops onto GPU blocks and threads, then does what "
        "offload-lower-to-cuda does",
        /*loops=*/true);
    registerPipeline<HostPipelineOptions>(
        "offload-lower-to-host",
        "Does what offload-lower-to-cuda does, with the host CPU as the only "
        "target: each gpu.binary holds one host object, which libmgpu's "
        "host backend runs on the CPU's cores",
        /*loops=*/false);
    registerPipeline<HostPipelineOptions>(
        "offload-lower-loops-to-host",
        "Maps scf.parallel loops onto blocks and threads, then does what "
        "offload-lower-to-host does",
        /*loops=*/true);
    registerPipeline<VulkanPipelineOptions>(
        "offload-lower-to-vulkan",
        "Does what offload-lower-to-cuda does, for Vulkan: each gpu.binary "
        "holds a SPIR-V module (and, with host, an object for the CPU), which "
        "libmgpu's Vulkan backend runs on any Vulkan 1.3 device",
        /*loops=*/false);
    registerPipeline<VulkanPipelineOptions>(
        "offload-lower-loops-to-vulkan",
        "Maps scf.parallel loops onto GPU blocks and threads, then does what "
        "offload-lower-to-vulkan does",
        /*loops=*/true);
    registerPipeline<RocmPipelineOptions>(
        "offload-lower-to-rocm",
        "Does what offload-lower-to-cuda does, for AMD GPUs: each gpu.binary "
        "holds an HSA code object per target ID in chips (and, with host, one "
        "for the CPU), which libmgpu's HIP backend loads",
        /*loops=*/false);
    registerPipeline<RocmPipelineOptions>(
        "offload-lower-loops-to-rocm",
        "Maps scf.parallel loops onto GPU blocks and threads, then does what "
        "offload-lower-to-rocm does",
        /*loops=*/true);
    registerPipeline<GpuPipelineOptions>(
        "offload-lower-to-gpu",
        "Does what offload-lower-to-cuda does, for every vendor at once: each "
        "gpu.binary holds an object for each of targets (sm_90, gfx90a, "
        "vulkan, host), and the runtime loads the one for the device it finds",
        /*loops=*/false);
    registerPipeline<GpuPipelineOptions>(
        "offload-lower-loops-to-gpu",
        "Maps scf.parallel loops onto GPU blocks and threads, then does what "
        "offload-lower-to-gpu does",
        /*loops=*/true);
    return true;
  }();
  (void)registered;
}
