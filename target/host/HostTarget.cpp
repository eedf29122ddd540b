//===- HostTarget.cpp - #offload.host as a GPU target ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/host/HostTarget.h"

#include "dialects/OffloadDialect.h"
#include "dialects/host/HostTargetAttr.h"
#include "target/common/TargetModel.h"
#include "target/host/HostMachine.h"
#include "target/host/HostSerializer.h"

#include "llvm/Support/TargetSelect.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// #offload.host for TargetModel: LLVM's backend for the CPU, then ld.lld.
struct HostTarget {
  using Attr = HostTargetAttr;
  static constexpr llvm::StringLiteral name = "#offload.host";

  /// The CPUs host objects are made for.
  static void initializeBackends() {
    LLVMInitializeX86TargetInfo();
    LLVMInitializeX86Target();
    LLVMInitializeX86TargetMC();
    LLVMInitializeX86AsmPrinter();
    LLVMInitializeAArch64TargetInfo();
    LLVMInitializeAArch64Target();
    LLVMInitializeAArch64TargetMC();
    LLVMInitializeAArch64AsmPrinter();
  }

  static std::optional<SmallVector<char, 0>>
  serialize(gpu::GPUModuleOp module, HostTargetAttr target,
            const gpu::TargetOptions &options) {
    // As #nvvm.target wants convert-gpu-to-nvvm first.
    for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
      kernel.emitError() << "gpu.module @" << module.getName()
                         << " is not lowered for the host: run "
                            "offload-lower-gpu-to-host on it first";
      return std::nullopt;
    }
    FailureOr<host::HostMachine> machine =
        host::resolveHostMachine(module, target);
    if (failed(machine))
      return std::nullopt;
    return host::HostSerializer(module, target, *machine, options).run();
  }
};
} // namespace

void mlir::offload::registerHostTargetInterfaceExternalModels(
    DialectRegistry &registry) {
  registerHostTargetAttr(registry);
  registerTargetModel<HostTarget>(registry);
}
