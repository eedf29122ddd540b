//===- image_check.cc - Whether a code object is for the device -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/image_check.h"

#include "object_format/ObjectFormat.h"
#include "object_format/amdgpu/AmdgpuChips.h"

#include <cstdint>
#include <optional>

namespace mgpu::hip {
namespace {

namespace format = object_format;

/// Larger objects than this are damaged headers, not programs.
constexpr size_t kMaxImageBytes = size_t(1) << 32;
constexpr int kElfTypeShared = 3; // ET_DYN

Status InvalidImage(std::string message) {
  return RuntimeError(MGPU_ERROR_INVALID_IMAGE, std::move(message));
}

/// Whether `device` runs code whose e_flags are `flags`.
Status CheckFits(uint32_t flags, const Device &device) {
  if (format::isAmdgpuObjectCompatible(flags, device.targetId))
    return OkStatus();
  std::string object = format::describeAmdgpuFlags(flags);
  if (!device.targetId.chip)
    return RuntimeError(MGPU_ERROR_NO_BINARY_FOR_GPU,
                        StrCat("the AMDGPU code object is for ", object, "; ",
                               device.Describe(), " runs no code object"));
  return RuntimeError(
      MGPU_ERROR_NO_BINARY_FOR_GPU,
      StrCat("the AMDGPU code object is for ", object, "; ", device.Describe(),
             " cannot run it: compile it for ", device.targetId.chip->name,
             " (#offload.rocm), with xnack and sramecc as the device has them "
             "or left open"));
}

} // namespace

StatusOr<size_t> CheckAmdgpuImage(const void *data, size_t size,
                                  const Device &device) {
  const size_t limit = size ? size : kMaxImageBytes;
  format::Identity found = format::identify(data, limit);
  if (found.format != format::Format::AmdgpuObject)
    return InvalidImage(StrCat("the object is ", format::describe(found),
                               "; the HIP backend runs AMDGPU code objects "
                               "(#offload.rocm)"));
  format::Extent extent = format::getExtent(data, limit);
  if (extent.status != format::ExtentStatus::Ok)
    return InvalidImage(
        StrCat("the AMDGPU code object is truncated or damaged: ",
               extent.problem.empty() ? "its headers say nothing of its end"
                                      : extent.problem));
  if (found.elfType != kElfTypeShared)
    return InvalidImage(StrCat("the AMDGPU code object is an ELF file of type ",
                               found.elfType,
                               ", not a shared object: link it with ld.lld "
                               "-shared, as #offload.rocm does"));
  std::optional<uint32_t> flags = format::readElfFlags(data, limit);
  MGPU_RETURN_IF_ERROR(CheckFits(flags.value_or(0), device));
  return static_cast<size_t>(extent.bytes);
}

} // namespace mgpu::hip
