//===- Pipelines.cpp - From the main dialects to GPU binaries -------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Pipelines.h"

#include "dialects/Passes.h"
#include "pipelines/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Conversion/NVVMToLLVM/NVVMToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Conversion/SCFToGPU/SCFToGPUPass.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::offload;

/// gpu-module-to-binary's name for `format`, or "" if it is not one whose
/// objects #offload.loader can load.
static StringRef getCompilationTarget(StringRef format) {
  return llvm::StringSwitch<StringRef>(format)
      .Cases({"fatbin", "fatbinary"}, "fatbin")
      .Cases({"bin", "binary", "cubin"}, "bin")
      .Cases({"isa", "assembly", "ptx"}, "isa")
      .Default("");
}

LogicalResult mlir::offload::verifyCudaPipelineOptions(
    const CudaPipelineOptions &options,
    function_ref<LogicalResult(const Twine &)> emitError) {
  if (getCompilationTarget(options.format).empty())
    return emitError("format '" + options.format +
                     "' is not fatbin, bin or isa (an LLVM bitcode object "
                     "cannot be loaded by the CUDA driver)");
  if (options.indexBitwidth != 32 && options.indexBitwidth != 64)
    return emitError("index-bitwidth must be 32 or 64, not " +
                     Twine(options.indexBitwidth.getValue()));
  for (int64_t size : options.tileSizes)
    if (size <= 0)
      return emitError("tile-sizes must be positive, not " + Twine(size));
  if (options.tileSizes.size() > 3)
    return emitError("tile-sizes has at most 3 entries (x, y, z)");
  return success();
}

/// Everything the kernels need before convert-gpu-to-nvvm, and the targets.
static void addTargetsAndHostPreparation(OpPassManager &pm,
                                         const CudaPipelineOptions &options) {
  pm.addPass(createGpuKernelOutliningPass());

  SmallVector<std::string> chips(options.chips.begin(), options.chips.end());
  if (chips.empty())
    chips.push_back("sm_75");
  for (const std::string &chip : chips) {
    OffloadAttachTargetOptions target;
    target.chip = chip;
    target.features = options.features;
    target.optLevel = options.optLevel;
    target.fastFlag = options.fast;
    target.ftzFlag = options.ftz;
    target.linkLibs.assign(options.link.begin(), options.link.end());
    target.ptxasOptions.assign(options.ptxasOptions.begin(),
                               options.ptxasOptions.end());
    pm.addPass(createOffloadAttachTarget(target));
  }
  OffloadAttachLoaderOptions loader;
  loader.load = options.load;
  pm.addPass(createOffloadAttachLoader(loader));

  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createLowerAffinePass());
  // Before convert-nvgpu-to-nvvm: its type conversion marks an scf.for that
  // carries a !gpu.async.token illegal (which is where upstream's
  // gpu-lower-to-nvvm-pipeline fails on such loops).
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertNVGPUToNVVMPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

static void addKernelLowering(OpPassManager &pm,
                              const CudaPipelineOptions &options) {
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.indexBitwidth = options.indexBitwidth;
  nvvm.useBarePtrCallConv = options.kernelBarePtr;
  kernels.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  kernels.addPass(createConvertNVVMToLLVMPass());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
}

static void
addHostLoweringAndSerialization(OpPassManager &pm,
                                const CudaPipelineOptions &options) {
  GpuToLLVMConversionPassOptions host;
  host.hostBarePtrCallConv = options.hostBarePtr;
  host.kernelBarePtrCallConv = options.kernelBarePtr;
  pm.addPass(createOffloadLowerGpuWaits());
  pm.addPass(createGpuToLLVMConversionPass(host));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());

  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = options.toolkit;
  binary.compilationTarget = getCompilationTarget(options.format).str();
  pm.addPass(createGpuModuleToBinaryPass(binary));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::offload::buildLowerToCudaPipeline(
    OpPassManager &pm, const CudaPipelineOptions &options) {
  addTargetsAndHostPreparation(pm, options);
  addKernelLowering(pm, options);
  addHostLoweringAndSerialization(pm, options);
}

void mlir::offload::buildLowerLoopsToCudaPipeline(
    OpPassManager &pm, const CudaPipelineOptions &options) {
  // As MLIR's GPU compilation stack does: tile each scf.parallel into a loop
  // over blocks around a loop over threads, map the two onto the grid and the
  // block, and turn them into gpu.launch.
  SmallVector<int64_t> tileSizes(options.tileSizes.begin(),
                                 options.tileSizes.end());
  if (tileSizes.empty())
    tileSizes.push_back(128);
  OpPassManager &functions = pm.nest<func::FuncOp>();
  // Constant thread-loop bounds, guarded inside: what convert-parallel-loops-
  // to-gpu needs for the block size.
  functions.addPass(
      createParallelLoopTilingPass(tileSizes, /*noMinMaxBounds=*/true));
  functions.addPass(createGpuMapParallelLoopsPass());
  functions.addPass(createConvertParallelLoopToGpuPass());
  functions.addPass(createCanonicalizerPass());
  buildLowerToCudaPipeline(pm, options);
}

/// Registers `name` with a builder that checks the options first.
static void registerCudaPipeline(StringRef name, StringRef description,
                                 void (*build)(OpPassManager &,
                                               const CudaPipelineOptions &)) {
  registerPassPipeline(
      name, description,
      [build, name](OpPassManager &pm, StringRef text,
                    function_ref<LogicalResult(const Twine &)> errorHandler) {
        CudaPipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (failed(verifyCudaPipelineOptions(options, [&](const Twine &msg) {
              return errorHandler(name + ": " + msg);
            })))
          return failure();
        build(pm, options);
        return success();
      },
      [](function_ref<void(const mlir::detail::PassOptions &)> optionHandler) {
        optionHandler(CudaPipelineOptions());
      });
}

void mlir::offload::registerOffloadPipelines() {
  // Registering twice aborts; a plugin and a tool may both ask.
  static bool registered = [] {
    registerOffloadLowerGpuWaits();
    registerCudaPipeline(
        "offload-lower-to-cuda",
        "Lowers gpu.modules and gpu.launch regions with the host code that "
        "launches them to the LLVM dialect, with a gpu.binary of CUDA objects "
        "per gpu.module, loaded by #offload.loader",
        buildLowerToCudaPipeline);
    registerCudaPipeline(
        "offload-lower-loops-to-cuda",
        "Maps scf.parallel loops onto GPU blocks and threads, then does what "
        "offload-lower-to-cuda does",
        buildLowerLoopsToCudaPipeline);
    return true;
  }();
  (void)registered;
}
