//===- RocmSerializer.h - gpu.module to an AMDGPU code object ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_ROCM_ROCMSERIALIZER_H
#define OFFLOAD_TARGET_ROCM_ROCMSERIALIZER_H

#include "dialects/OffloadDialect.h"
#include "dialects/rocm/RocmTargetAttr.h"
#include "object_format/amdgpu/AmdgpuChips.h"
#include "target/common/CachingSerializer.h"
#include "target/common/LlvmDiagnostics.h"
#include "target/rocm/DeviceLibraries.h"
#include "target/rocm/LinkedFunctions.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/CodeGen.h"

#include <memory>
#include <string>

namespace llvm {
class MCSubtargetInfo;
class Target;
class TargetMachine;
} // namespace llvm

namespace mlir::offload::rocm {

/// Compiles one gpu.module, lowered by convert-gpu-to-rocdl, for an
/// #offload.rocm target: LLVM IR linked with the `link` files and the
/// device libraries it calls, optimized at `O`, then bitcode (`offload`),
/// AMDGPU assembly (`isa`), or an object file that ld.lld links into an HSA
/// code object (`bin`, `fatbin`).
class RocmSerializer : public CachingSerializer {
public:
  /// `id` is the attribute's chip, parsed; `llvmFeatures` LLVM's features
  /// for it (getLlvmFeatures), which must outlive the serializer.
  RocmSerializer(gpu::GPUModuleOp module, RocmTargetAttr target,
                 const object_format::AmdgpuTargetId &id,
                 StringRef llvmFeatures, const gpu::TargetOptions &options);
  ~RocmSerializer() override;

protected:
  void handleModulePreLink(llvm::Module &module) override;
  std::optional<SmallVector<std::unique_ptr<llvm::Module>>>
  loadBitcodeFiles(llvm::Module &module) override;
  LogicalResult handleBitcodeFile(llvm::Module &module) override;
  FailureOr<SmallVector<char, 0>>
  compileObject(llvm::Module &llvmModule) override;
  LogicalResult addToolsToKey(CacheKey &key) override;
  InFlightDiagnostic emitModuleError() override;

private:
  /// The bitcode (or LLVM IR) file at `path`, loaded lazily and through
  /// handleBitcodeFile; null after one error at the module.
  std::unique_ptr<llvm::Module> loadFile(llvm::LLVMContext &context,
                                         StringRef path);
  /// Fails at a `link` file of another code object version, or with a
  /// function for another target ID or wave size (LinkedFunctions.h); marks
  /// its functions for checkLinkedCode.
  LogicalResult checkLinkFile(llvm::Module &file);
  /// Links what `module` uses of `file` into it, internalized.
  LogicalResult linkModule(llvm::Module &module,
                           std::unique_ptr<llvm::Module> file);
  /// Links ocml and ockl where `module` calls them, with their controls.
  LogicalResult linkDeviceLibraries(llvm::Module &module);
  /// Fails at the first function or variable `module` uses and lacks.
  LogicalResult checkNothingUndefined(const llvm::Module &module);
  /// LLVM's AMDGPU target, registered by the target model.
  FailureOr<const llvm::Target *> lookupAmdgpuTarget();
  /// The target that `link` files must be for, with LLVM's subtarget of it.
  FailureOr<LinkTarget> getLinkTarget();
  /// Fails at the first function of a `link` file left in the optimized
  /// `module` that asks for a feature the target lacks.
  LogicalResult checkLinkedCode(llvm::Module &module);
  /// The backend's output of `module`, or of a copy when `keepModule`.
  FailureOr<SmallVector<char, 0>> runAmdgpuBackend(llvm::Module &module,
                                                   llvm::CodeGenFileType type,
                                                   bool keepModule = false);
  /// The HSA code object of `object`: ld.lld -shared, then checked.
  FailureOr<SmallVector<char, 0>> linkCodeObject(ArrayRef<char> object);

  RocmTargetAttr target;
  object_format::AmdgpuTargetId id;
  DeviceLibrarySearchPath search;
  LlvmDiagnostics llvmDiagnostics;
  /// LLVM's subtarget for the chip and features, made once needed.
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget;
  /// The device libraries linked, for the cache key.
  SmallVector<std::string> linkedLibraries;
};

} // namespace mlir::offload::rocm

#endif // OFFLOAD_TARGET_ROCM_ROCMSERIALIZER_H
