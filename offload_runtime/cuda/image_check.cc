//===- image_check.cc - What the driver will read of an image -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/cuda/image_check.h"

#include <elf.h>

#include <cstdint>
#include <cstring>

namespace mgpu {
namespace {

constexpr uint32_t kFatbinMagic = 0xBA55ED50;
constexpr size_t kFatbinHeaderBytes = 16;

Status Damaged(const char *what, uint64_t declared, size_t size) {
  return RuntimeError(CUDA_ERROR_INVALID_IMAGE,
                      StrCat("the ", what,
                             " is truncated or damaged: its "
                             "header says ",
                             declared, " bytes, the object has ", size));
}

} // namespace

Status CheckCudaImage(const void *data, size_t size) {
  if (!size)
    return OkStatus();
  const auto *bytes = static_cast<const unsigned char *>(data);
  if (size >= SELFMAG && !std::memcmp(bytes, ELFMAG, SELFMAG)) {
    if (size < sizeof(Elf64_Ehdr) || bytes[EI_CLASS] != ELFCLASS64)
      return RuntimeError(CUDA_ERROR_INVALID_IMAGE,
                          StrCat("the cubin is not a whole 64-bit ELF header "
                                 "(",
                                 size, " bytes)"));
    Elf64_Ehdr header;
    std::memcpy(&header, bytes, sizeof(header));
    // Each term is bounded, so the sum cannot wrap.
    uint64_t tableEnd =
        header.e_shnum == 0 ? 0 : uint64_t(header.e_shentsize) * header.e_shnum;
    if (header.e_shoff > size || tableEnd > size - header.e_shoff)
      return Damaged("cubin",
                     header.e_shoff > size ? header.e_shoff
                                           : header.e_shoff + tableEnd,
                     size);
    return OkStatus();
  }
  uint32_t magic = 0;
  if (size >= sizeof(magic))
    std::memcpy(&magic, bytes, sizeof(magic));
  if (magic == kFatbinMagic) {
    if (size < kFatbinHeaderBytes)
      return Damaged("fatbin", kFatbinHeaderBytes, size);
    uint16_t headerBytes;
    uint64_t bodyBytes;
    std::memcpy(&headerBytes, bytes + 6, sizeof(headerBytes));
    std::memcpy(&bodyBytes, bytes + 8, sizeof(bodyBytes));
    if (headerBytes > size || bodyBytes > size - headerBytes)
      return Damaged("fatbin",
                     headerBytes > size ? headerBytes : headerBytes + bodyBytes,
                     size);
  }
  return OkStatus();
}

} // namespace mgpu
