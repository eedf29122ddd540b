//===- fake_hip_code_object.cc - The test HIP runtime's loader ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_hip_code_object.h"

#include "object_format/ObjectFormat.h"

#include <cstring>
#include <string_view>

namespace fake_hip {
namespace {

namespace format = object_format;

/// Larger objects than this are damaged headers, not programs.
constexpr size_t kMaxImageBytes = size_t(1) << 32;
constexpr unsigned char kOsAbiAmdgpuHsa = 64;
/// EI_ABIVERSION of code object versions 4, 5 and 6.
constexpr unsigned char kFirstAbiVersion = 2, kLastAbiVersion = 4;
constexpr int kElfTypeShared = 3;
constexpr uint32_t kSectionDynsym = 11;
constexpr unsigned kSymbolObject = 1; // STT_OBJECT
constexpr size_t kSectionHeaderBytes = 64, kSymbolBytes = 24;

uint64_t Read(const unsigned char *at, int bytes) {
  uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i)
    value = value << 8 | at[i];
  return value;
}

/// The bytes of section `index`, or empty where they do not lie within the
/// object (a damaged table; getExtent already refused most of those).
std::string_view Section(std::string_view elf, uint64_t index) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(elf.data());
  uint64_t tableAt = Read(bytes + 0x28, 8), count = Read(bytes + 0x3c, 2);
  if (index >= count ||
      tableAt + (index + 1) * kSectionHeaderBytes > elf.size())
    return {};
  const unsigned char *header = bytes + tableAt + index * kSectionHeaderBytes;
  uint64_t offset = Read(header + 0x18, 8), size = Read(header + 0x20, 8);
  if (offset > elf.size() || size > elf.size() - offset)
    return {};
  return elf.substr(offset, size);
}

/// The kernel descriptors in the dynamic symbol table of `elf`.
std::set<std::string> Kernels(std::string_view elf) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(elf.data());
  std::set<std::string> kernels;
  uint64_t count = Read(bytes + 0x3c, 2), tableAt = Read(bytes + 0x28, 8);
  for (uint64_t i = 0; i < count; ++i) {
    const unsigned char *header = bytes + tableAt + i * kSectionHeaderBytes;
    if (tableAt + (i + 1) * kSectionHeaderBytes > elf.size() ||
        Read(header + 4, 4) != kSectionDynsym)
      continue;
    std::string_view symbols = Section(elf, i);
    std::string_view names = Section(elf, Read(header + 0x28, 4));
    for (size_t at = 0; at + kSymbolBytes <= symbols.size();
         at += kSymbolBytes) {
      const auto *symbol =
          reinterpret_cast<const unsigned char *>(symbols.data() + at);
      uint64_t name = Read(symbol, 4), section = Read(symbol + 6, 2);
      if ((symbol[4] & 0xf) != kSymbolObject || section == 0 ||
          name >= names.size())
        continue;
      std::string_view text = names.substr(name);
      text = text.substr(0, text.find('\0'));
      constexpr std::string_view kSuffix = ".kd";
      if (text.size() > kSuffix.size() &&
          text.substr(text.size() - kSuffix.size()) == kSuffix)
        kernels.emplace(text.substr(0, text.size() - kSuffix.size()));
    }
  }
  return kernels;
}

} // namespace

LoadResult InspectCodeObject(const void *image,
                             const format::AmdgpuTargetId &device,
                             CodeObject &object) {
  format::Identity found = format::identify(image, kMaxImageBytes);
  if (found.format != format::Format::AmdgpuObject ||
      found.elfType != kElfTypeShared)
    return LoadResult::Invalid;
  const auto *bytes = static_cast<const unsigned char *>(image);
  if (bytes[7] != kOsAbiAmdgpuHsa || bytes[8] < kFirstAbiVersion ||
      bytes[8] > kLastAbiVersion)
    return LoadResult::Invalid;
  format::Extent extent = format::getExtent(image, kMaxImageBytes);
  if (extent.status != format::ExtentStatus::Ok)
    return LoadResult::Invalid;
  std::string_view elf(static_cast<const char *>(image), extent.bytes);
  object.flags = format::readElfFlags(image, extent.bytes).value_or(0);
  if (!format::isAmdgpuObjectCompatible(object.flags, device))
    return LoadResult::NotForDevice;
  object.kernels = Kernels(elf);
  return LoadResult::Ok;
}

} // namespace fake_hip
