//===- CudaSerializer.h - gpu.module to PTX, cubin, fatbin ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_CUDA_CUDASERIALIZER_H
#define OFFLOAD_TARGET_CUDA_CUDASERIALIZER_H

#include "dialects/OffloadDialect.h"
#include "dialects/cuda/CudaTargetAttr.h"
#include "target/common/CachingSerializer.h"
#include "target/common/ToolInvocation.h"
#include "target/cuda/CudaToolkit.h"
#include "target/cuda/NvJitLink.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlir::offload::cuda {

/// Compiles one gpu.module for an #offload.cuda target: LLVM IR, linked with
/// `link` files and (when called) libdevice, optimized at `O`, to PTX; then
/// `ptxas` (or nvJitLink) for a cubin, and `fatbinary` for cubin plus PTX.
class CudaSerializer : public CachingSerializer {
public:
  CudaSerializer(gpu::GPUModuleOp module, CudaTargetAttr target,
                 const gpu::TargetOptions &options);

protected:
  void handleModulePreLink(llvm::Module &module) override;
  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &module) override;
  FailureOr<SmallVector<char, 0>>
  compileObject(llvm::Module &llvmModule) override;
  LogicalResult addToolsToKey(CacheKey &key) override;
  void prepareToCompile() override;
  void finishCompile() override;
  InFlightDiagnostic emitModuleError() override;

private:
  /// The cubin of `ptx`, from nvJitLink or ptxas (`assembler`).
  FailureOr<SmallVector<char, 0>> assembleCubin(StringRef ptx);
  /// nvJitLink if it is to assemble: null for ptxas; failure, reported, if
  /// `assembler = "nvjitlink"` and the toolkit has none that can.
  FailureOr<const NvJitLink *> findNvJitLink();
  /// ptxas's options: the target's, the pass's, and the optimization level.
  std::vector<std::string> getPtxasOptions();
  /// `fatbinary` of the cubin and its PTX into `fatbinPath`.
  LogicalResult bundleFatbin(StringRef ptxPath, StringRef cubinPath,
                             StringRef fatbinPath);
  /// Runs the toolkit program at `toolPath` (relative to the toolkit root)
  /// with `args`; on failure, reports its output at the module.
  LogicalResult runTool(StringRef toolPath, ArrayRef<std::string> args);
  /// Chooses the toolkit for what this compile needs: libdevice when a
  /// function calls it (`libdeviceUser`, the first), and the tools of its
  /// format and assembler.
  LogicalResult chooseToolkit(StringRef libdeviceUser);
  /// Runs `work` with a private directory for the tools' files.
  LogicalResult
  withToolFiles(function_ref<LogicalResult(const TempDirectory &)> work);

  CudaTargetAttr target;
  ToolkitSearchPath search;
  /// The one toolkit this compile takes its files from, chosen once what it
  /// needs is known (loadBitcodeFiles); none if it needs nothing of one.
  std::optional<Toolkit> toolkit;
  /// The nvJitLink that prepareToCompile() began loading, if it did.
  std::string loadingNvJitLink;
};

} // namespace mlir::offload::cuda

#endif // OFFLOAD_TARGET_CUDA_CUDASERIALIZER_H
