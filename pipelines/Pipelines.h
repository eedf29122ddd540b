//===- Pipelines.h - From the main dialects to GPU binaries -----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
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
  Option<std::string> assembler{
      *this, "assembler",
      llvm::cl::desc("PTX to cubin with nvjitlink (in process) or ptxas; "
                     "nvJitLink where the toolkit has it if empty"),
      llvm::cl::init("")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("Object format: fatbin (cubin and PTX), bin (cubin) or "
                     "isa (PTX)"),
      llvm::cl::init("fatbin")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit root (else $CUDA_ROOT, $CUDA_HOME, "
                     "$CUDA_PATH, /usr/local/cuda)"),
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
  Option<bool> checkLowered{
      *this, "check-lowered",
      llvm::cl::desc("End with an error for anything in host code that the "
                     "translation to LLVM IR cannot take; false when passes "
                     "that run after the pipeline lower the rest "
                     "(async-to-async-runtime, say)"),
      llvm::cl::init(true)};
  Option<bool> lineInfo{
      *this, "line-info",
      llvm::cl::desc("Keep source locations in the kernels as line tables "
                     "(and ptxas -lineinfo); stripped otherwise"),
      llvm::cl::init(false)};
  Option<unsigned> indexBitwidth{
      *this, "index-bitwidth",
      llvm::cl::desc("Bit width of index in the GPU kernels (64 or 32)"),
      llvm::cl::init(64)};
  Option<std::string> load{
      *this, "load",
      llvm::cl::desc("When the objects are loaded: ctor (global constructor) "
                     "or lazy (first launch)"),
      llvm::cl::init("ctor")};
  Option<bool> host{
      *this, "host",
      llvm::cl::desc("Also compile each gpu.module for the host CPU: the "
                     "runtime runs it there when the machine has no CUDA "
                     "device"),
      llvm::cl::init(false)};
  Option<std::string> hostTriple{
      *this, "host-triple",
      llvm::cl::desc("With host: the CPU's triple (the compiling machine's "
                     "if empty)"),
      llvm::cl::init("")};
  Option<std::string> hostCpu{
      *this, "host-cpu",
      llvm::cl::desc("With host: the CPU (the compiling machine's if empty)"),
      llvm::cl::init("")};
  Option<std::string> hostFeatures{
      *this, "host-features",
      llvm::cl::desc("With host: the CPU's features (its CPU's if empty)"),
      llvm::cl::init("")};
  // offload-lower-loops-to-cuda only.
  ListOption<int64_t> tileSizes{
      *this, "tile-sizes",
      llvm::cl::desc("offload-lower-loops-to-cuda: threads per block along "
                     "each dimension of an scf.parallel (128 if none)")};
};

/// Options of offload-lower-to-host and offload-lower-loops-to-host: those of
/// the CUDA pipelines that apply to the CPU.
struct HostPipelineOptions : public PassPipelineOptions<HostPipelineOptions> {
  Option<unsigned> optLevel{*this, "O",
                            llvm::cl::desc("LLVM optimization level (0-3)"),
                            llvm::cl::init(2)};
  Option<std::string> triple{
      *this, "triple",
      llvm::cl::desc("The CPU's triple (the compiling machine's if empty)"),
      llvm::cl::init("")};
  Option<std::string> cpu{
      *this, "cpu",
      llvm::cl::desc("The CPU (the compiling machine's if empty)"),
      llvm::cl::init("")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("The CPU's features (its CPU's if empty)"),
      llvm::cl::init("")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("Object format: bin (a shared object; fatbin is the "
                     "same)"),
      llvm::cl::init("bin")};
  Option<bool> kernelBarePtr{
      *this, "kernel-bare-ptr",
      llvm::cl::desc("Kernels take memrefs of static shape as bare pointers"),
      llvm::cl::init(false)};
  Option<bool> hostBarePtr{
      *this, "host-bare-ptr",
      llvm::cl::desc("Host functions take memrefs of static shape as bare "
                     "pointers"),
      llvm::cl::init(false)};
  Option<bool> checkLowered{
      *this, "check-lowered",
      llvm::cl::desc("End with an error for anything in host code that the "
                     "translation to LLVM IR cannot take; false when passes "
                     "that run after the pipeline lower the rest "
                     "(async-to-async-runtime, say)"),
      llvm::cl::init(true)};
  Option<bool> lineInfo{
      *this, "line-info",
      llvm::cl::desc("Keep source locations in the kernels as line tables "
                     "(and ptxas -lineinfo); stripped otherwise"),
      llvm::cl::init(false)};
  Option<std::string> load{
      *this, "load",
      llvm::cl::desc("When the objects are loaded: ctor (global constructor) "
                     "or lazy (first launch)"),
      llvm::cl::init("ctor")};
  // offload-lower-loops-to-host only.
  ListOption<int64_t> tileSizes{
      *this, "tile-sizes",
      llvm::cl::desc("offload-lower-loops-to-host: threads per block along "
                     "each dimension of an scf.parallel (128 if none)")};
};

/// What a pipeline does, whichever options it was given in.
struct PipelineConfig {
  /// Make kernels of scf.parallel loops first.
  bool loops = false;
  SmallVector<int64_t> tileSizes;
  /// CUDA targets (none: host only).
  SmallVector<std::string> chips;
  std::string features;
  bool fast = false, ftz = false;
  SmallVector<std::string> link, ptxasOptions;
  std::string assembler;
  std::string toolkit;
  unsigned indexBitwidth = 64;
  /// Source locations kept in the kernels as line tables.
  bool lineInfo = false;
  /// The host target.
  bool host = false;
  std::string hostTriple, hostCpu, hostFeatures;
  unsigned optLevel = 2;
  std::string format;
  bool kernelBarePtr = false, hostBarePtr = false;
  std::string load;
  /// Whether the pipeline checks that host code is all translatable.
  bool checkLowered = true;
};

PipelineConfig getPipelineConfig(const CudaPipelineOptions &options,
                                 bool loops);
PipelineConfig getPipelineConfig(const HostPipelineOptions &options,
                                 bool loops);

/// Checks what the passes themselves would take too late or not at all
/// (upstream's gpu-module-to-binary accepts a bad format).
LogicalResult
verifyPipelineConfig(const PipelineConfig &config,
                     function_ref<LogicalResult(const Twine &)> emitError);

/// Kernels in gpu.modules or gpu.launch regions (or scf.parallel loops, with
/// `loops`), host code in func.func, from arith, memref, scf, vector, math,
/// gpu and nvgpu to the LLVM dialect with a gpu.binary per gpu.module,
/// holding a CUDA object per chip and, with `host`, one for the host CPU,
/// loaded by #offload.loader.
void buildOffloadPipeline(OpPassManager &pm, const PipelineConfig &config);

/// Registers the pipelines (offload-lower-to-cuda, offload-lower-loops-to-
/// cuda, offload-lower-to-host, offload-lower-loops-to-host) and the passes
/// of this library, once.
void registerOffloadPipelines();

} // namespace mlir::offload

#endif // OFFLOAD_PIPELINES_PIPELINES_H
