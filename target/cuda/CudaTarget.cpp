//===- CudaTarget.cpp - #offload.cuda as a GPU target ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/cuda/CudaTarget.h"

#include "dialects/OffloadDialect.h"
#include "dialects/cuda/CudaTargetAttr.h"
#include "target/common/TargetModel.h"
#include "target/cuda/CudaSerializer.h"

#include "llvm/Support/TargetSelect.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// #offload.cuda for TargetModel: LLVM's NVPTX backend, then the toolkit.
struct CudaTarget {
  using Attr = CudaTargetAttr;
  static constexpr llvm::StringLiteral name = "#offload.cuda";

  static void initializeBackends() {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  }

  static std::optional<SmallVector<char, 0>>
  serialize(gpu::GPUModuleOp module, CudaTargetAttr target,
            const gpu::TargetOptions &options) {
    return cuda::CudaSerializer(module, target, options).run();
  }
};
} // namespace

void mlir::offload::registerCudaTargetInterfaceExternalModels(
    DialectRegistry &registry) {
  registerCudaTargetAttr(registry);
  registerTargetModel<CudaTarget>(registry);
}
