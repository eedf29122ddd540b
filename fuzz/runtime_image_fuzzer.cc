//===- runtime_image_fuzzer.cc - What libmgpu reads of objects ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runtime's inspection of the objects a program hands it: what an image
// is and how far its headers say it reaches (object_format), the check of a
// cubin's or fatbin's extent before the driver reads it, and the choice of
// an object table's entry for a device. The input is an image, then an
// object table built from its bytes. Out-of-bounds reads and undefined
// behaviour are findings; so is an extent that fits past the image, and a
// choice that names no object when one fits, or one that does not fit.
//
//===----------------------------------------------------------------------===//

#include "object_format/ObjectFormat.h"
#include "offload_runtime/cuda/image_check.h"
#include "offload_runtime/cuda/object_selection.h"
#include "offload_runtime/host/object_selection.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // An exact-size copy, so that AddressSanitizer sees any read past it.
  std::vector<uint8_t> image(data, data + size);
  object_format::Identity identity =
      object_format::identify(image.data(), image.size());
  (void)object_format::describe(identity);
  object_format::Extent extent =
      object_format::getExtent(image.data(), image.size());
  if (extent.fits() !=
      (extent.status == object_format::ExtentStatus::Ok ||
       extent.status == object_format::ExtentStatus::Undeclared))
    std::abort();
  if (extent.status == object_format::ExtentStatus::Ok && extent.bytes > size)
    std::abort();
  // What a caller that does not know the size reads first: the header.
  if (size >= object_format::kElf64HeaderBytes)
    (void)object_format::getExtent(image.data(),
                                   object_format::kElf64HeaderBytes);
  (void)mgpu::CheckCudaImage(image.data(), image.size());

  // Every 16 bytes: one MgpuObject's kind, arch and variant.
  std::vector<MgpuObject> objects;
  for (size_t at = 0; at + 12 <= size && objects.size() < 64; at += 16) {
    int32_t fields[3];
    std::memcpy(fields, data + at, sizeof(fields));
    objects.push_back(
        {image.data(), image.size(), fields[0], fields[1], fields[2], 0});
  }
  int count = static_cast<int>(objects.size());
  for (int device : {75, 80, 86, 89, 90, 100, 103, 120, 121}) {
    int chosen = mgpu::SelectCudaObject(objects.data(), count, device);
    if (chosen < -1 || chosen >= count)
      std::abort();
  }
  int host = mgpu::host::SelectHostObject(objects.data(), count, 62);
  if (host >= 0 && objects[host].kind != MGPU_OBJECT_HOST)
    std::abort();
  for (const MgpuObject &object : objects)
    (void)(object.kind == MGPU_OBJECT_HOST
               ? mgpu::host::DescribeHostObject(object)
               : mgpu::DescribeCudaObject(object));
  return 0;
}
