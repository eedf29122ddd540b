//===- object_selection.cc - The SPIR-V object of a binary ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/object_selection.h"

#include <algorithm>
#include <string>

namespace mgpu::vulkan {

int SelectSpirvObject(const MgpuObject *objects, int count) {
  const MgpuObject *end = objects + std::max(count, 0);
  const MgpuObject *found =
      std::find_if(objects, end, [](const MgpuObject &object) {
        return object.kind == MGPU_OBJECT_SPIRV;
      });
  return found == end ? -1 : static_cast<int>(found - objects);
}

std::string DescribeSpirvObject(const MgpuObject & /*object*/) {
  return "SPIR-V";
}

} // namespace mgpu::vulkan
