//===- VulkanTarget.cpp - #offload.vulkan as a GPU target -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// No LLVM backend: the spirv.module that offload-lower-gpu-to-spirv put in
// the gpu.module is serialized by upstream's SPIR-V serializer, or printed.
//
//===----------------------------------------------------------------------===//

#include "target/vulkan/VulkanTarget.h"

#include "dialects/OffloadDialect.h"
#include "dialects/vulkan/VulkanEnv.h"
#include "dialects/vulkan/VulkanTargetAttr.h"
#include "object_format/ObjectFormat.h"
#include "target/common/TargetModel.h"
#include "target/vulkan/SpecializedSharedMemory.h"
#include "target/vulkan/SpirvValidation.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Target/SPIRV/Serialization.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#define DEBUG_TYPE "offload-vulkan-target"

using namespace mlir;
using namespace mlir::offload;

/// The SPIR-V module of `module`, or null after an error at it.
static spirv::ModuleOp getSpirvModule(gpu::GPUModuleOp module) {
  auto modules = module.getOps<spirv::ModuleOp>();
  if (modules.empty()) {
    module.emitError() << "gpu.module @" << module.getName()
                       << " is not lowered for Vulkan: run "
                          "offload-lower-gpu-to-spirv on it first";
    return nullptr;
  }
  if (std::next(modules.begin()) != modules.end()) {
    module.emitError() << "gpu.module @" << module.getName()
                       << " holds more than one spirv.module; a Vulkan object "
                          "is one";
    return nullptr;
  }
  return *modules.begin();
}

static std::optional<SmallVector<char, 0>>
serializeBinary(spirv::ModuleOp spirvModule) {
  SmallVector<uint32_t, 0> words;
  spirv::SerializationOptions options;
  // Names help a reader of the module, and keep kernels apart in a
  // driver's messages; debug information is not kept.
  options.emitSymbolName = true;
  options.emitDebugInfo = false;
  if (failed(spirv::serialize(spirvModule, words, options)))
    return std::nullopt;
  std::string problem = vulkan::specializeDynamicSharedMemory(
      words, vulkan::kDynamicSharedVariablePrefix);
  if (!problem.empty()) {
    spirvModule.emitError()
        << "cannot specialize dynamic shared memory: " << problem;
    return std::nullopt;
  }
  std::string invalid = vulkan::validateSpirv(words);
  if (!invalid.empty()) {
    // At the location only: the module itself would follow as a note.
    emitError(spirvModule.getLoc())
        << "internal error of the Vulkan target: the SPIR-V module it made "
           "for this gpu.module is not valid for Vulkan 1.3 (please report "
           "it); spirv-val says:\n"
        << invalid;
    return std::nullopt;
  }
  SmallVector<char, 0> bytes(words.size() * sizeof(uint32_t));
  std::memcpy(bytes.data(), words.data(), bytes.size());
  object_format::Identity identity =
      object_format::identify(bytes.data(), bytes.size());
  if (identity.format != object_format::Format::SpirV) {
    spirvModule.emitError() << "the SPIR-V serializer made no SPIR-V module";
    return std::nullopt;
  }
  return bytes;
}

namespace {
/// #offload.vulkan for TargetModel.
struct VulkanTarget {
  using Attr = VulkanTargetAttr;
  static constexpr llvm::StringLiteral name = "#offload.vulkan";

  static void initializeBackends() {}

  static std::optional<SmallVector<char, 0>>
  serialize(gpu::GPUModuleOp module, VulkanTargetAttr target,
            const gpu::TargetOptions &options) {
    spirv::ModuleOp spirvModule = getSpirvModule(module);
    if (!spirvModule)
      return std::nullopt;
    LLVM_DEBUG(llvm::dbgs() << "serializing gpu.module @" << module.getName()
                            << " for " << target << "\n");
    switch (options.getCompilationTarget()) {
    case gpu::CompilationTarget::Assembly: {
      SmallVector<char, 0> text;
      llvm::raw_svector_ostream os(text);
      spirvModule->print(os, OpPrintingFlags().enableDebugInfo(false));
      return text;
    }
    // As for the host target, a fat binary is the one object there is.
    case gpu::CompilationTarget::Binary:
    case gpu::CompilationTarget::Fatbin:
      return serializeBinary(spirvModule);
    case gpu::CompilationTarget::Offload:
      break;
    }
    module.emitError() << "#offload.vulkan makes SPIR-V: format 'bin' or "
                          "'fatbin' (a SPIR-V module) or 'isa' (its text), "
                          "not LLVM bitcode ('llvm')";
    return std::nullopt;
  }
};
} // namespace

void mlir::offload::registerVulkanTargetInterfaceExternalModels(
    DialectRegistry &registry) {
  registerVulkanTargetAttr(registry);
  registerTargetModel<VulkanTarget>(registry);
}
