//===- image_check.cc - What the driver will read of an image -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/image_check.h"

#include "object_format/ObjectFormat.h"

namespace mgpu {
namespace {

namespace format = object_format;

Status InvalidImage(std::string message) {
  return RuntimeError(MGPU_ERROR_INVALID_IMAGE, std::move(message));
}

} // namespace

Status CheckCudaImage(const void *data, size_t size) {
  if (!size)
    return OkStatus();
  format::Identity found = format::identify(data, size);
  const char *name = "cubin";
  switch (found.format) {
  case format::Format::Cubin:
    break;
  case format::Format::Fatbin:
    name = "fatbin";
    break;
  case format::Format::Ptx:
  case format::Format::Unknown:
    // PTX ends at its NUL; bytes of no known format are the driver's to judge.
    return OkStatus();
  case format::Format::OtherElf:
    if (size < format::kElf64HeaderBytes)
      return InvalidImage(StrCat("the cubin is not a whole 64-bit ELF header (",
                                 size, " bytes)"));
    [[fallthrough]];
  default:
    return InvalidImage(StrCat("the object is ", format::describe(found),
                               "; the CUDA backend runs cubins, fatbins and "
                               "PTX (#offload.cuda)"));
  }
  format::Extent extent = format::getExtent(data, size);
  if (!extent.fits())
    return InvalidImage(
        StrCat("the ", name, " is truncated or damaged: ", extent.problem));
  return OkStatus();
}

} // namespace mgpu
