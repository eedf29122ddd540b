//===- VulkanObjects.cpp - #offload.vulkan's objects for the runtime ------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "translation/vulkan/VulkanObjects.h"

#include "dialects/vulkan/VulkanTargetAttr.h"
#include "translation/EmbeddedObjects.h"

#include "mgpu/mgpu.h"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// One SPIR-V module, for any Vulkan device.
struct VulkanObjects
    : public EmbeddedObjectAttrInterface::ExternalModel<VulkanObjects,
                                                        VulkanTargetAttr> {
  FailureOr<EmbeddedObject>
  describeObject(Attribute, gpu::ObjectAttr object,
                 function_ref<InFlightDiagnostic()> error) const {
    if (failed(checkBinaryFormat(object, "the Vulkan backend", error)) ||
        failed(checkObjectBytes(object, object_format::Format::SpirV,
                                /*unknownPasses=*/false, error)))
      return failure();
    return EmbeddedObject{object, MGPU_OBJECT_SPIRV, 0, MGPU_ARCH_PORTABLE};
  }
};
} // namespace

void mlir::offload::registerVulkanEmbeddedObjects(DialectRegistry &registry) {
  registerVulkanTargetAttr(registry);
  registerEmbeddedObjectModel<OffloadDialect, VulkanTargetAttr, VulkanObjects>(
      registry);
}
