//===- CodeObject.cpp - What an HSA code object must be -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/rocm/CodeObject.h"

#include "object_format/ObjectFormat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace mlir::offload::rocm {

/// "gfx90a:xnack- (e_flags 0x23f)".
static std::string describeFlags(uint32_t flags) {
  std::string text;
  raw_string_ostream(text) << object_format::describeAmdgpuFlags(flags)
                           << " (e_flags " << format_hex(flags, 2) << ")";
  return text;
}

/// The names of the undefined symbols in `bytes`' .dynsym, or why it cannot
/// be read.
static Expected<SmallVector<std::string>>
findUndefinedDynamicSymbols(ArrayRef<char> bytes) {
  Expected<object::ELF64LEFile> file =
      object::ELF64LEFile::create(StringRef(bytes.data(), bytes.size()));
  if (!file)
    return file.takeError();
  auto sections = file->sections();
  if (!sections)
    return sections.takeError();
  SmallVector<std::string> undefined;
  for (const object::ELF64LE::Shdr &section : *sections) {
    if (section.sh_type != ELF::SHT_DYNSYM)
      continue;
    auto symbols = file->symbols(&section);
    if (!symbols)
      return symbols.takeError();
    auto names = file->getStringTableForSymtab(section, *sections);
    if (!names)
      return names.takeError();
    // Entry 0 is the null symbol, undefined by definition.
    for (const object::ELF64LE::Sym &symbol : llvm::drop_begin(*symbols)) {
      if (symbol.st_shndx != ELF::SHN_UNDEF)
        continue;
      Expected<StringRef> name = symbol.getName(*names);
      undefined.push_back(name ? name->str() : toString(name.takeError()));
    }
  }
  return undefined;
}

std::string checkCodeObject(ArrayRef<char> bytes,
                            const object_format::AmdgpuTargetId &id) {
  std::string problem;
  raw_string_ostream os(problem);
  object_format::Identity found =
      object_format::identify(bytes.data(), bytes.size());
  if (found.format != object_format::Format::AmdgpuObject ||
      found.elfType != ELF::ET_DYN) {
    os << "is " << object_format::describe(found)
       << ", where an AMDGPU code object (an ELF shared object) was asked for";
    return problem;
  }
  object_format::Extent extent =
      object_format::getExtent(bytes.data(), bytes.size());
  if (!extent.fits()) {
    os << "is truncated or damaged: " << extent.problem;
    return problem;
  }
  uint32_t flags = *object_format::readElfFlags(bytes.data(), bytes.size());
  uint32_t expected = id.chip->mach | object_format::getAmdgpuFeatureFlags(id);
  uint32_t checked = object_format::kAmdgpuMachMask |
                     object_format::kAmdgpuXnackMask |
                     object_format::kAmdgpuSrameccMask;
  if ((flags & checked) != expected) {
    os << "is for " << describeFlags(flags) << ", where one for "
       << describeFlags(expected) << " was asked for";
    return problem;
  }
  Expected<SmallVector<std::string>> undefined =
      findUndefinedDynamicSymbols(bytes);
  if (!undefined)
    os << "cannot be read as ELF: " << toString(undefined.takeError());
  else if (!undefined->empty())
    os << "has undefined dynamic symbols, which no loader resolves: "
       << join(*undefined, ", ");
  return problem;
}

} // namespace mlir::offload::rocm
