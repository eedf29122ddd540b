//===- Pipelines.h - From the main dialects to GPU binaries -----*- C++ -*-===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_PIPELINES_PIPELINES_H
#define OFFLOAD_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassOptions.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlir::offload {

/// Options of offload-lower-to-cuda and offload-lower-loops-to-cuda.
struct CudaPipelineOptions : public PassPipelineOptions<CudaPipelineOptions> {
  ListOption<std::string> chips{
      *this, "chips",
      llvm::cl::desc("SM architectures to compile for (sm_75 if none); with "
                     "several, the runtime loads the best object for the "
                     "device")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX ISA version (+ptxNN); the lowest each chip needs "
                     "if empty"),
      llvm::cl::init("")};
  Option<unsigned> optLevel{*this, "O",
                            llvm::cl::desc("LLVM optimization level (0-3)"),
                            llvm::cl::init(2)};
  Option<bool> fast{*this, "fast",
                    llvm::cl::desc("Fast-math flags in the kernels"),
                    llvm::cl::init(false)};
  Option<bool> ftz{*this, "ftz",
                   llvm::cl::desc("Flush denormals to zero in the kernels"),
                   llvm::cl::init(false)};
  ListOption<std::string> link{
      *this, "l", llvm::cl::desc("Bitcode files to link into the kernels")};
  ListOption<std::string> ptxasOptions{
      *this, "ptxas-options", llvm::cl::desc("Extra options for ptxas")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("Object format: fatbin (cubin and PTX), bin (cubin) or "
                     "isa (PTX)"),
      llvm::cl::init("fatbin")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit root (else $CUDA_PATH, $CUDA_HOME, "
                     "$CUDA_ROOT, ptxas on $PATH, /usr/local/cuda)"),
      llvm::cl::init("")};
  Option<bool> kernelBarePtr{
      *this, "kernel-bare-ptr",
      llvm::cl::desc("Kernels take memrefs of static shape as bare pointers"),
      llvm::cl::init(false)};
  Option<bool> hostBarePtr{
      *this, "host-bare-ptr",
      llvm::cl::desc("Host functions take memrefs of static shape as bare "
                     "pointers"),
      llvm::cl::init(false)};
  Option<unsigned> indexBitwidth{
      *this, "index-bitwidth",
      llvm::cl::desc("Bit width of index in the kernels (64 or 32)"),
      llvm::cl::init(64)};
  Option<std::string> load{
      *this, "load",
      llvm::cl::desc("When the objects are loaded: ctor (global constructor) "
                     "or lazy (first launch)"),
      llvm::cl::init("ctor")};
  // offload-lower-loops-to-cuda only.
  ListOption<int64_t> tileSizes{
      *this, "tile-sizes",
      llvm::cl::desc("offload-lower-loops-to-cuda: threads per block along "
                     "each dimension of an scf.parallel (128 if none)")};
};

/// Checks options that the passes themselves would take too late or not at
/// all (upstream's gpu-module-to-binary accepts a bad format).
LogicalResult
verifyCudaPipelineOptions(const CudaPipelineOptions &options,
                          function_ref<LogicalResult(const Twine &)> emitError);

/// Kernels in gpu.modules or gpu.launch regions, host code in func.func, from
/// arith, memref, scf, vector, math, gpu and nvgpu to the LLVM dialect with a
/// gpu.binary per gpu.module, loaded by #offload.loader.
void buildLowerToCudaPipeline(OpPassManager &pm,
                              const CudaPipelineOptions &options);

/// Maps scf.parallel loops in func.func to GPU blocks and threads, makes
/// kernels of them, then does what buildLowerToCudaPipeline does.
void buildLowerLoopsToCudaPipeline(OpPassManager &pm,
                                   const CudaPipelineOptions &options);

/// Registers both pipelines and the passes of this library, once.
void registerOffloadPipelines();

} // namespace mlir::offload

#endif // OFFLOAD_PIPELINES_PIPELINES_H
