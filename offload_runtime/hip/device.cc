//===- device.cc - AMD GPUs and the calling thread's device ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/device.h"
#include "offload_runtime/driver_errors.h"

#include "offload_runtime/hip/device_properties.h"
#include "offload_runtime/hip/hip_error.h"
#include "offload_runtime/thread_device.h"

#include <memory>
#include <vector>

namespace mgpu::hip {
namespace {

/// Never destroyed, so that devices stay valid in destructors at exit.
using DeviceTable = std::vector<std::unique_ptr<Device>>;

StatusOr<DeviceTable *> MakeDeviceTable() {
  MGPU_ASSIGN_OR_RETURN(const HipRuntime *runtime, GetHipRuntime());
  auto table = std::make_unique<DeviceTable>();
  for (int ordinal = 0; ordinal < runtime->deviceCount; ++ordinal) {
    MGPU_ASSIGN_OR_RETURN(DeviceProperties properties,
                          ReadDeviceProperties(*runtime, ordinal));
    auto device = std::make_unique<Device>();
    device->runtime = runtime;
    device->ordinal = ordinal;
    device->name = std::move(properties.name);
    device->targetIdText = std::move(properties.targetId);
    // A chip that the table lacks keeps a null chip: every object is
    // refused with a message that names the target ID.
    if (std::optional<object_format::AmdgpuTargetId> parsed =
            object_format::parseAmdgpuTargetId(device->targetIdText, nullptr))
      device->targetId = *parsed;
    table->push_back(std::move(device));
  }
  return table.release();
}

StatusOr<DeviceTable *> GetDeviceTable() {
  static const StatusOr<DeviceTable *> *table =
      new StatusOr<DeviceTable *>(MakeDeviceTable());
  return *table;
}

/// The device the thread used last, to skip the table.
thread_local Device *threadDevice = nullptr;

} // namespace

std::string Device::Describe() const {
  return StrCat("device ", ordinal, " (", targetIdText,
                targetId.chip ? "" : ", a chip this runtime does not know",
                ")");
}

StatusOr<int> GetDeviceCount() {
  MGPU_ASSIGN_OR_RETURN(DeviceTable * table, GetDeviceTable());
  return static_cast<int>(table->size());
}

StatusOr<Device *> GetDevice(int ordinal) {
  MGPU_ASSIGN_OR_RETURN(DeviceTable * table, GetDeviceTable());
  const int count = static_cast<int>(table->size());
  if (ordinal < 0 || ordinal >= count)
    return NoSuchDeviceError(ordinal, count, "AMD GPU", "HIP_VISIBLE_DEVICES");
  return (*table)[ordinal].get();
}

StatusOr<Device *> GetThreadDevice() {
  int ordinal = GetThreadDeviceOrdinal();
  if (!threadDevice || threadDevice->ordinal != ordinal) {
    MGPU_ASSIGN_OR_RETURN(Device * device, GetDevice(ordinal));
    threadDevice = device;
  }
  return threadDevice;
}

Status DeviceScope::Enter() {
  MGPU_ASSIGN_OR_RETURN(scopeDevice, GetThreadDevice());
  const HipRuntime &runtime = *scopeDevice->runtime;
  int current = -1;
  MGPU_RETURN_IF_HIP_ERROR(runtime, hipGetDevice, &current);
  if (current == scopeDevice->ordinal)
    return OkStatus();
  MGPU_RETURN_IF_HIP_ERROR(runtime, hipSetDevice, scopeDevice->ordinal);
  previous = current;
  return OkStatus();
}

DeviceScope::~DeviceScope() {
  // Nothing better can be done in a destructor if this fails; the thread's
  // next scope sets its own device anyway.
  if (previous >= 0)
    (void)scopeDevice->runtime->hipSetDevice(previous);
}

} // namespace mgpu::hip
