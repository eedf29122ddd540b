//===- ObjectFormat.h - What the bytes of a GPU object are ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one place that recognizes the objects a gpu.binary holds: cubins,
// fatbins, PTX, host shared objects, AMDGPU code objects and SPIR-V modules.
// The serializers check their output with it, the translation the objects
// it embeds, the runtime and its test driver the images they are handed.
// Plain C++17: nothing of LLVM, nothing of the runtime.
//
// Nothing here reads past the `size` bytes it is given. A CUDA driver takes
// no size and reads a cubin or a fatbin as far as its own header says;
// getExtent() says how far that is, so that a caller that knows the size of
// the buffer can refuse a truncated or damaged image instead.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_OBJECT_FORMAT_OBJECTFORMAT_H
#define OFFLOAD_OBJECT_FORMAT_OBJECTFORMAT_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace object_format {

/// ELF machines (e_machine) that the formats below name.
constexpr int kElfMachineX86_64 = 62;
constexpr int kElfMachineAArch64 = 183;
constexpr int kElfMachineCuda = 190;
constexpr int kElfMachineAmdgpu = 224;

/// The first four bytes of a fatbin, read little-endian.
constexpr uint32_t kFatbinMagic = 0xBA55ED50;
/// The first word of a SPIR-V module, in the module's byte order.
constexpr uint32_t kSpirvMagic = 0x07230203;

/// The sizes of the headers that the extents below start from.
constexpr size_t kElf64HeaderBytes = 64;
constexpr size_t kFatbinHeaderBytes = 16;
constexpr size_t kSpirvHeaderBytes = 20;

enum class Format {
  /// None of the below.
  Unknown,
  /// A 64-bit little-endian ELF file for EM_CUDA, of any type.
  Cubin,
  /// A CUDA fat binary: kFatbinMagic, then the rest of its header.
  Fatbin,
  /// PTX: text whose first directive, after comments, is `.version`.
  Ptx,
  /// A 64-bit little-endian ELF shared object for x86-64 or AArch64.
  HostObject,
  /// A 64-bit little-endian ELF file for EM_AMDGPU, of any type.
  AmdgpuObject,
  /// A SPIR-V module: kSpirvMagic in either byte order.
  SpirV,
  /// Any other ELF file: 32-bit, big-endian, shorter than its header, for
  /// another machine, or for the host but not a shared object.
  OtherElf,
};

/// What the first bytes of an object say it is.
struct Identity {
  Format format = Format::Unknown;
  /// ELF files only: EI_CLASS (1: 32-bit, 2: 64-bit) and EI_DATA (1:
  /// little-endian, 2: big-endian), 0 where the bytes end before them.
  int elfClass = 0;
  int elfData = 0;
  /// Whether the bytes hold a whole 64-bit little-endian ELF header; only
  /// then are e_type and e_machine read (else they are 0).
  bool wholeElfHeader = false;
  int elfType = 0;
  int elfMachine = 0;
};

/// What the `size` bytes at `data` are. PTX is looked for up to the first
/// NUL: with a `size` larger than its buffer, that is how far it is read.
Identity identify(const void *data, size_t size);

/// A short name for diagnostics: "a CUDA cubin", "a CUDA fatbin", "PTX",
/// "a host shared object for x86-64", "an AMDGPU code object", "a SPIR-V
/// module", "a 32-bit ELF file", "an ELF relocatable object for x86-64",
/// "data of no known object format", ...
std::string describe(const Identity &identity);

/// The name of `format` alone, for what was expected: "a CUDA cubin", "a
/// host shared object", ...
const char *describeFormat(Format format);

/// "x86-64", "AArch64", "CUDA", "AMDGPU", or "ELF machine N".
std::string describeElfMachine(int machine);

enum class ExtentStatus {
  /// The image ends at `bytes`, within the buffer.
  Ok,
  /// The format says nothing of its end: PTX ends at its NUL; unknown bytes.
  Undeclared,
  /// The buffer ends inside the header, of `bytes` bytes.
  ShortHeader,
  /// The header contradicts itself, or is of a kind not measured here (a
  /// 32-bit or big-endian ELF file).
  BadHeader,
  /// The header puts the end of the image at `bytes`, past the buffer.
  PastEnd,
  /// The header's offsets and sizes add up past 2^64.
  Overflow,
};

/// How far an image reaches by its own header.
struct Extent {
  ExtentStatus status = ExtentStatus::Undeclared;
  uint64_t bytes = 0;
  /// Empty for Ok and Undeclared; else what is wrong, to follow "the cubin
  /// is truncated or damaged: " ("its header says 4096 bytes, the object
  /// has 1000").
  std::string problem;

  /// Whether the image (if its end is known) ends within the buffer.
  bool fits() const { return problem.empty(); }
};

/// How far the image of `size` bytes at `data` reaches:
/// - an ELF file (64-bit, little-endian): to the end of its header, of its
///   program and section header tables, of each segment's file contents and
///   of each section's (but SHT_NOBITS). The tables are read only once they
///   are known to lie within `size`: an image whose tables lie past it is
///   PastEnd with `bytes` the end of its tables. An e_shnum of 0 is an
///   empty table at e_shoff (extended numbering is not followed);
/// - a fatbin: to the end of its body, as its header says;
/// - a SPIR-V module: to the end of the buffer, a whole number of words;
/// - PTX and unknown bytes: Undeclared.
Extent getExtent(const void *data, size_t size);

} // namespace object_format

#endif // OFFLOAD_OBJECT_FORMAT_OBJECTFORMAT_H
