//===- VulkanEnv.cpp - The SPIR-V environment of #offload.vulkan ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "dialects/vulkan/VulkanEnv.h"

#include "dialects/OffloadDialect.h"
#include "dialects/vulkan/VulkanTargetAttr.h"
#include "mgpu/mgpu.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace mlir::offload;

ArrayRef<spirv::Capability> vulkan::getDefaultCapabilities() {
  using spirv::Capability;
  static const Capability capabilities[] = {
      Capability::Shader,
      Capability::Int8,
      Capability::Int16,
      Capability::Int64,
      Capability::Float16,
      Capability::Float64,
      Capability::Int64Atomics,
      Capability::StorageBuffer8BitAccess,
      Capability::StorageBuffer16BitAccess,
      Capability::PhysicalStorageBufferAddresses,
      Capability::GroupNonUniform,
      Capability::GroupNonUniformVote,
      Capability::GroupNonUniformArithmetic,
      Capability::GroupNonUniformBallot,
      Capability::GroupNonUniformShuffle,
      Capability::GroupNonUniformShuffleRelative,
      Capability::AtomicFloat32AddEXT,
  };
  return capabilities;
}

ArrayRef<spirv::Extension> vulkan::getDefaultExtensions() {
  static const spirv::Extension extensions[] = {
      spirv::Extension::SPV_EXT_shader_atomic_float_add,
  };
  return extensions;
}

/// Whether every entry of `list` is a string that `symbolize` knows;
/// otherwise an error naming the first that is not.
template <typename Symbolize>
static LogicalResult verifyNames(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayAttr list, StringRef what,
                                 Symbolize symbolize) {
  if (!list)
    return success();
  for (Attribute entry : list) {
    auto name = dyn_cast<StringAttr>(entry);
    if (!name)
      return emitError() << "each of " << what << " must be a string, not "
                         << entry;
    if (!symbolize(name.getValue()))
      return emitError() << "'" << name.getValue() << "' is not a SPIR-V "
                         << (what == "caps" ? "capability" : "extension");
  }
  return success();
}

LogicalResult
vulkan::verifyEnvironment(function_ref<InFlightDiagnostic()> emitError,
                          StringRef version, ArrayAttr caps, ArrayAttr exts,
                          int maxSharedMemory, int maxInvocations) {
  if (!llvm::is_contained(kSpirvVersions, version))
    return emitError() << "SPIR-V version '" << version
                       << "' is not 1.5 or 1.6: the kernel ABI passes "
                          "memrefs as buffer device addresses, core from 1.5";
  if (failed(verifyNames(emitError, caps, "caps", [](StringRef name) {
        return spirv::symbolizeCapability(name);
      })))
    return failure();
  if (failed(verifyNames(emitError, exts, "exts", [](StringRef name) {
        return spirv::symbolizeExtension(name);
      })))
    return failure();
  if (maxSharedMemory < 0)
    return emitError() << "max_shared_memory = " << maxSharedMemory
                       << " is negative";
  if (maxInvocations < 1 || maxInvocations > MGPU_MAX_BLOCK_THREADS)
    return emitError() << "max_invocations = " << maxInvocations
                       << " is out of range; it must be 1 to "
                       << static_cast<int>(MGPU_MAX_BLOCK_THREADS);
  return success();
}

spirv::TargetEnvAttr vulkan::getTargetEnv(VulkanTargetAttr target) {
  MLIRContext *context = target.getContext();
  SmallVector<spirv::Capability> capabilities(getDefaultCapabilities());
  if (ArrayAttr caps = target.getCaps())
    for (Attribute name : caps)
      capabilities.push_back(
          *spirv::symbolizeCapability(cast<StringAttr>(name).getValue()));
  SmallVector<spirv::Extension> extensions(getDefaultExtensions());
  if (ArrayAttr exts = target.getExts())
    for (Attribute name : exts)
      extensions.push_back(
          *spirv::symbolizeExtension(cast<StringAttr>(name).getValue()));
  spirv::Version version = target.getVersion() == "1.5" ? spirv::Version::V_1_5
                                                        : spirv::Version::V_1_6;
  auto triple =
      spirv::VerCapExtAttr::get(version, capabilities, extensions, context);
  Builder builder(context);
  int invocations = target.getMaxInvocations();
  auto limits = spirv::ResourceLimitsAttr::get(
      context, target.getMaxSharedMemory(), invocations,
      builder.getI32ArrayAttr({std::min<int>(invocations, MGPU_MAX_BLOCK_X),
                               std::min<int>(invocations, MGPU_MAX_BLOCK_Y),
                               std::min<int>(invocations, MGPU_MAX_BLOCK_Z)}),
      // Shuffles, which need a subgroup size, are refused before conversion:
      // Vulkan devices have subgroups of 4 to 128 lanes.
      /*subgroup_size=*/32, std::nullopt, std::nullopt, ArrayAttr(),
      ArrayAttr());
  return spirv::TargetEnvAttr::get(triple, limits, spirv::ClientAPI::Vulkan);
}
