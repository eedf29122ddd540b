//===- ObjectFormat.cpp - What the bytes of a GPU object are --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "object_format/ObjectFormat.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace object_format {
namespace {

constexpr unsigned char kElfMagic[] = {0x7f, 'E', 'L', 'F'};
constexpr int kElfClass32 = 1;
constexpr int kElfClass64 = 2;
constexpr int kElfDataLittle = 1;
constexpr int kElfDataBig = 2;
constexpr int kElfTypeShared = 3;
constexpr uint64_t kSectionHeaderBytes = 64;
constexpr uint64_t kProgramHeaderBytes = 56;
constexpr uint32_t kSectionNull = 0;
constexpr uint32_t kSectionNoBits = 8;
constexpr uint64_t kMaxOffset = std::numeric_limits<uint64_t>::max();

/// The unsigned little-endian number of `count` bytes at `bytes`.
uint64_t readLittleEndian(const unsigned char *bytes, int count) {
  uint64_t value = 0;
  for (int i = count - 1; i >= 0; --i)
    value = value << 8 | bytes[i];
  return value;
}

bool hasElfMagic(const unsigned char *bytes, size_t size) {
  return size >= sizeof(kElfMagic) &&
         !std::memcmp(bytes, kElfMagic, sizeof(kElfMagic));
}

bool hasFatbinMagic(const unsigned char *bytes, size_t size) {
  return size >= 4 && readLittleEndian(bytes, 4) == kFatbinMagic;
}

bool hasSpirvMagic(const unsigned char *bytes, size_t size) {
  if (size < 4)
    return false;
  uint32_t little = static_cast<uint32_t>(readLittleEndian(bytes, 4));
  uint32_t big = uint32_t(bytes[0]) << 24 | uint32_t(bytes[1]) << 16 |
                 uint32_t(bytes[2]) << 8 | bytes[3];
  return little == kSpirvMagic || big == kSpirvMagic;
}

bool isSpace(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
         c == '\v';
}

/// Whether the text at `bytes`, up to `size` bytes or its first NUL, begins
/// with a `.version` directive once whitespace and comments are skipped.
/// Never reads a byte after the NUL or the `size`th.
bool isPtx(const unsigned char *bytes, size_t size) {
  auto at = [&](size_t i) -> unsigned char { return i < size ? bytes[i] : 0; };
  size_t i = 0;
  for (;;) {
    unsigned char c = at(i);
    if (isSpace(c)) {
      ++i;
    } else if (c == '/' && at(i + 1) == '/') {
      for (i += 2; at(i) && at(i) != '\n'; ++i) {
      }
    } else if (c == '/' && at(i + 1) == '*') {
      for (i += 2; at(i) && !(at(i) == '*' && at(i + 1) == '/'); ++i) {
      }
      if (!at(i))
        return false;
      i += 2;
    } else {
      break;
    }
  }
  static constexpr char kDirective[] = ".version";
  for (size_t k = 0; k + 1 < sizeof(kDirective); ++k)
    if (at(i + k) != static_cast<unsigned char>(kDirective[k]))
      return false;
  return isSpace(at(i + sizeof(kDirective) - 1));
}

Identity identifyElf(const unsigned char *bytes, size_t size) {
  Identity identity;
  identity.format = Format::OtherElf;
  identity.elfClass = size > 4 ? bytes[4] : 0;
  identity.elfData = size > 5 ? bytes[5] : 0;
  if (identity.elfClass != kElfClass64 || identity.elfData != kElfDataLittle ||
      size < kElf64HeaderBytes)
    return identity;
  identity.wholeElfHeader = true;
  identity.elfType = static_cast<int>(readLittleEndian(bytes + 16, 2));
  identity.elfMachine = static_cast<int>(readLittleEndian(bytes + 18, 2));
  switch (identity.elfMachine) {
  case kElfMachineCuda:
    identity.format = Format::Cubin;
    break;
  case kElfMachineAmdgpu:
    identity.format = Format::AmdgpuObject;
    break;
  case kElfMachineX86_64:
  case kElfMachineAArch64:
    if (identity.elfType == kElfTypeShared)
      identity.format = Format::HostObject;
    break;
  default:
    break;
  }
  return identity;
}

const char *describeElfType(int type) {
  switch (type) {
  case 1:
    return "relocatable object";
  case 2:
    return "executable";
  case kElfTypeShared:
    return "shared object";
  case 4:
    return "core file";
  default:
    return "file";
  }
}

std::string describeOtherElf(const Identity &identity) {
  if (identity.wholeElfHeader)
    return std::string("an ELF ") + describeElfType(identity.elfType) +
           " for " + describeElfMachine(identity.elfMachine);
  if (identity.elfClass == kElfClass32)
    return "a 32-bit ELF file";
  if (identity.elfClass == kElfClass64 && identity.elfData == kElfDataBig)
    return "a big-endian ELF file";
  if ((identity.elfClass == 0 || identity.elfClass == kElfClass64) &&
      (identity.elfData == 0 || identity.elfData == kElfDataLittle))
    return "an ELF file shorter than its header";
  return "an ELF file of no known class or byte order";
}

std::string toString(uint64_t value) {
  return std::to_string(static_cast<unsigned long long>(value));
}

Extent okExtent(uint64_t bytes) { return {ExtentStatus::Ok, bytes, ""}; }

Extent shortHeader(uint64_t headerBytes, size_t size) {
  return {ExtentStatus::ShortHeader, headerBytes,
          "its header is " + toString(headerBytes) + " bytes, the object has " +
              toString(size)};
}

Extent pastEnd(uint64_t end, size_t size) {
  return {ExtentStatus::PastEnd, end,
          "its header says " + toString(end) + " bytes, the object has " +
              toString(size)};
}

/// Where an ELF header table of `count` entries of `entrySize` bytes at
/// `offset` ends. With no entries, a section header table still marks where
/// the image reaches (`emptyEndsAtOffset`); a program header table does not.
Extent getTableEnd(const char *name, uint64_t offset, uint64_t count,
                   uint64_t entrySize, uint64_t expectedEntrySize,
                   bool emptyEndsAtOffset) {
  if (count == 0)
    return okExtent(emptyEndsAtOffset ? offset : 0);
  if (entrySize != expectedEntrySize)
    return {ExtentStatus::BadHeader, 0,
            std::string("its ") + name + "s are " + toString(entrySize) +
                " bytes each, not " + toString(expectedEntrySize)};
  if (offset < kElf64HeaderBytes)
    return {ExtentStatus::BadHeader, 0,
            std::string("its ") + name + " table, at byte " + toString(offset) +
                ", overlaps its ELF header"};
  // count < 2^16 and entrySize < 2^16: the product cannot wrap.
  if (count * entrySize > kMaxOffset - offset)
    return {ExtentStatus::Overflow, 0,
            std::string("its ") + name +
                " table's offset and size overflow 64 bits"};
  return okExtent(offset + count * entrySize);
}

/// The end of the contents that each of the `count` entries of the table at
/// `tableOffset` of `bytes` points at (their offset at `offsetAt`, their size
/// at `sizeAt`); the table lies within the `size` bytes. `skip` says which
/// entries have no contents in the file.
template <typename Skip>
Extent getContentsEnd(const unsigned char *bytes, uint64_t tableOffset,
                      uint64_t count, uint64_t entrySize, int offsetAt,
                      int sizeAt, const char *name, size_t size, Skip skip) {
  uint64_t end = 0;
  for (uint64_t i = 0; i < count; ++i) {
    const unsigned char *entry = bytes + tableOffset + i * entrySize;
    if (skip(entry))
      continue;
    uint64_t offset = readLittleEndian(entry + offsetAt, 8);
    uint64_t length = readLittleEndian(entry + sizeAt, 8);
    if (length > kMaxOffset - offset)
      return {ExtentStatus::Overflow, 0,
              std::string("its ") + name + " " + toString(i) +
                  "'s offset and size overflow 64 bits"};
    if (offset + length > size)
      return {ExtentStatus::PastEnd, offset + length,
              std::string("its ") + name + " " + toString(i) +
                  " ends at byte " + toString(offset + length) +
                  ", the object has " + toString(size) + " bytes"};
    end = std::max(end, offset + length);
  }
  return okExtent(end);
}

Extent getElfExtent(const unsigned char *bytes, size_t size) {
  int elfClass = size > 4 ? bytes[4] : 0;
  int elfData = size > 5 ? bytes[5] : 0;
  if ((elfClass != 0 && elfClass != kElfClass64) ||
      (elfData != 0 && elfData != kElfDataLittle))
    return {ExtentStatus::BadHeader, 0,
            "it is not a 64-bit little-endian ELF file"};
  if (size < kElf64HeaderBytes)
    return shortHeader(kElf64HeaderBytes, size);
  uint64_t phoff = readLittleEndian(bytes + 32, 8);
  uint64_t shoff = readLittleEndian(bytes + 40, 8);
  uint64_t phentsize = readLittleEndian(bytes + 54, 2);
  uint64_t phnum = readLittleEndian(bytes + 56, 2);
  uint64_t shentsize = readLittleEndian(bytes + 58, 2);
  uint64_t shnum = readLittleEndian(bytes + 60, 2);
  Extent sections = getTableEnd("section header", shoff, shnum, shentsize,
                                kSectionHeaderBytes, true);
  if (!sections.fits())
    return sections;
  Extent segments = getTableEnd("program header", phoff, phnum, phentsize,
                                kProgramHeaderBytes, false);
  if (!segments.fits())
    return segments;
  uint64_t end =
      std::max({uint64_t(kElf64HeaderBytes), sections.bytes, segments.bytes});
  if (end > size)
    return pastEnd(end, size);
  // Both tables lie within the buffer: so must what they point at.
  Extent sectionContents = getContentsEnd(
      bytes, shoff, shnum, kSectionHeaderBytes, 24, 32, "section", size,
      [](const unsigned char *entry) {
        uint32_t type = static_cast<uint32_t>(readLittleEndian(entry + 4, 4));
        return type == kSectionNull || type == kSectionNoBits;
      });
  if (!sectionContents.fits())
    return sectionContents;
  Extent segmentContents =
      getContentsEnd(bytes, phoff, phnum, kProgramHeaderBytes, 8, 32, "segment",
                     size, [](const unsigned char *) { return false; });
  if (!segmentContents.fits())
    return segmentContents;
  return okExtent(
      std::max({end, sectionContents.bytes, segmentContents.bytes}));
}

Extent getFatbinExtent(const unsigned char *bytes, size_t size) {
  if (size < kFatbinHeaderBytes)
    return shortHeader(kFatbinHeaderBytes, size);
  uint64_t headerBytes = readLittleEndian(bytes + 6, 2);
  uint64_t bodyBytes = readLittleEndian(bytes + 8, 8);
  if (headerBytes < kFatbinHeaderBytes)
    return {ExtentStatus::BadHeader, 0,
            "its header says that it is " + toString(headerBytes) +
                " bytes, less than " + toString(kFatbinHeaderBytes)};
  if (bodyBytes > kMaxOffset - headerBytes)
    return {ExtentStatus::Overflow, 0, "its header's sizes overflow 64 bits"};
  if (headerBytes + bodyBytes > size)
    return pastEnd(headerBytes + bodyBytes, size);
  return okExtent(headerBytes + bodyBytes);
}

Extent getSpirvExtent(size_t size) {
  if (size < kSpirvHeaderBytes)
    return shortHeader(kSpirvHeaderBytes, size);
  if (size % 4)
    return {ExtentStatus::BadHeader, 0,
            "it is " + toString(size) +
                " bytes, not a whole number of 32-bit words"};
  return okExtent(size);
}

} // namespace

Identity identify(const void *data, size_t size) {
  const auto *bytes = static_cast<const unsigned char *>(data);
  Identity identity;
  if (!bytes)
    return identity;
  if (hasElfMagic(bytes, size))
    return identifyElf(bytes, size);
  if (hasFatbinMagic(bytes, size))
    identity.format = Format::Fatbin;
  else if (hasSpirvMagic(bytes, size))
    identity.format = Format::SpirV;
  else if (isPtx(bytes, size))
    identity.format = Format::Ptx;
  return identity;
}

std::string describe(const Identity &identity) {
  switch (identity.format) {
  case Format::HostObject:
    return std::string(describeFormat(identity.format)) + " for " +
           describeElfMachine(identity.elfMachine);
  case Format::OtherElf:
    return describeOtherElf(identity);
  default:
    return describeFormat(identity.format);
  }
}

const char *describeFormat(Format format) {
  switch (format) {
  case Format::Unknown:
    return "data of no known object format";
  case Format::Cubin:
    return "a CUDA cubin";
  case Format::Fatbin:
    return "a CUDA fatbin";
  case Format::Ptx:
    return "PTX";
  case Format::HostObject:
    return "a host shared object";
  case Format::AmdgpuObject:
    return "an AMDGPU code object";
  case Format::SpirV:
    return "a SPIR-V module";
  case Format::OtherElf:
    return "an ELF file";
  }
  return "data of no known object format";
}

std::string describeElfMachine(int machine) {
  switch (machine) {
  case kElfMachineX86_64:
    return "x86-64";
  case kElfMachineAArch64:
    return "AArch64";
  case kElfMachineCuda:
    return "CUDA";
  case kElfMachineAmdgpu:
    return "AMDGPU";
  default:
    return "ELF machine " + std::to_string(machine);
  }
}

Extent getExtent(const void *data, size_t size) {
  const auto *bytes = static_cast<const unsigned char *>(data);
  if (!bytes)
    return {};
  if (hasElfMagic(bytes, size))
    return getElfExtent(bytes, size);
  if (hasFatbinMagic(bytes, size))
    return getFatbinExtent(bytes, size);
  if (hasSpirvMagic(bytes, size))
    return getSpirvExtent(size);
  return {};
}

} // namespace object_format
