//===- object_selection.cc - The host object for this CPU -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/object_selection.h"

#include "object_format/ObjectFormat.h"

#include <algorithm>
#include <string>

namespace mgpu::host {

int SelectHostObject(const MgpuObject *objects, int count, int elfMachine) {
  const MgpuObject *end = objects + std::max(count, 0);
  const MgpuObject *found =
      std::find_if(objects, end, [&](const MgpuObject &object) {
        return object.kind == MGPU_OBJECT_HOST && object.arch == elfMachine;
      });
  return found == end ? -1 : static_cast<int>(found - objects);
}

std::string DescribeHostObject(const MgpuObject &object) {
  return "host " + object_format::describeElfMachine(object.arch);
}

} // namespace mgpu::host
