//===- RocmTarget.cpp - #offload.rocm as a GPU target ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/rocm/RocmTarget.h"

#include "dialects/OffloadDialect.h"
#include "dialects/rocm/RocmTargetAttr.h"
#include "dialects/rocm/RocmTargetId.h"
#include "target/common/TargetModel.h"
#include "target/rocm/RocmSerializer.h"

#include "llvm/Support/TargetSelect.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// #offload.rocm for TargetModel: LLVM's AMDGPU backend, then ld.lld.
struct RocmTarget {
  using Attr = RocmTargetAttr;
  static constexpr llvm::StringLiteral name = "#offload.rocm";

  static void initializeBackends() {
    LLVMInitializeAMDGPUTargetInfo();
    LLVMInitializeAMDGPUTarget();
    LLVMInitializeAMDGPUTargetMC();
    LLVMInitializeAMDGPUAsmPrinter();
    // Inline assembly in a kernel is parsed when it is compiled.
    LLVMInitializeAMDGPUAsmParser();
  }

  static std::optional<SmallVector<char, 0>>
  serialize(gpu::GPUModuleOp module, RocmTargetAttr target,
            const gpu::TargetOptions &options) {
    // As #rocdl.target wants convert-gpu-to-rocdl first.
    for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
      // At the kernel's location, without printing it after the message.
      emitError(kernel.getLoc()) << "gpu.module @" << module.getName()
                                 << " is not lowered for AMD GPUs: run "
                                    "offload-lower-kernels on it first";
      return std::nullopt;
    }
    object_format::AmdgpuTargetId id = target.getTargetId();
    std::string features =
        rocm::getLlvmFeatures(id, target.getWave64(), target.getFeatures());
    return rocm::RocmSerializer(module, target, id, features, options).run();
  }
};
} // namespace

void mlir::offload::registerRocmTargetInterfaceExternalModels(
    DialectRegistry &registry) {
  registerRocmTargetAttr(registry);
  registerTargetModel<RocmTarget>(registry);
}
