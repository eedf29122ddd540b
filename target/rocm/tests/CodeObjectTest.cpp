//===- CodeObjectTest.cpp - Tests of the code object check ----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/rocm/CodeObject.h"

#include "object_format/amdgpu/AmdgpuChips.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/BinaryFormat/ELF.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <cstring>

using namespace mlir::offload::rocm;
using namespace llvm::ELF;
using ::testing::HasSubstr;

namespace {

/// What the fake code object holds.
struct Fake {
  uint16_t type = ET_DYN;
  uint32_t flags = 0;
  /// The section of the one dynamic symbol; SHN_UNDEF for an undefined one.
  uint16_t symbolSection = 1;
};

template <typename T>
void put(llvm::SmallVector<char, 0> &bytes, size_t at, const T &value) {
  std::memcpy(bytes.data() + at, &value, sizeof(T));
}

/// The smallest ELF file the check reads: the header, .dynstr, and .dynsym
/// with the null symbol and `foo`. Little-endian, as the check expects.
llvm::SmallVector<char, 0> makeCodeObject(const Fake &fake) {
  constexpr size_t strtabAt = 64, symtabAt = 72, sectionsAt = 120;
  llvm::SmallVector<char, 0> bytes(sectionsAt + 3 * sizeof(Elf64_Shdr), 0);
  Elf64_Ehdr header{};
  std::memcpy(header.e_ident,
              "\x7f"
              "ELF",
              4);
  header.e_ident[EI_CLASS] = ELFCLASS64;
  header.e_ident[EI_DATA] = ELFDATA2LSB;
  header.e_ident[EI_VERSION] = EV_CURRENT;
  header.e_ident[EI_OSABI] = ELFOSABI_AMDGPU_HSA;
  header.e_type = fake.type;
  header.e_machine = EM_AMDGPU;
  header.e_version = EV_CURRENT;
  header.e_shoff = sectionsAt;
  header.e_flags = fake.flags;
  header.e_ehsize = sizeof(Elf64_Ehdr);
  header.e_shentsize = sizeof(Elf64_Shdr);
  header.e_shnum = 3;
  put(bytes, 0, header);
  std::memcpy(bytes.data() + strtabAt, "\0foo", 5);
  Elf64_Sym foo{};
  foo.st_name = 1;
  foo.st_info = (STB_GLOBAL << 4) | STT_FUNC;
  foo.st_shndx = fake.symbolSection;
  put(bytes, symtabAt + sizeof(Elf64_Sym), foo);
  Elf64_Shdr strtab{};
  strtab.sh_type = SHT_STRTAB;
  strtab.sh_offset = strtabAt;
  strtab.sh_size = 5;
  put(bytes, sectionsAt + sizeof(Elf64_Shdr), strtab);
  Elf64_Shdr symtab{};
  symtab.sh_type = SHT_DYNSYM;
  symtab.sh_offset = symtabAt;
  symtab.sh_size = 2 * sizeof(Elf64_Sym);
  symtab.sh_link = 1;
  symtab.sh_info = 1;
  symtab.sh_addralign = 8;
  symtab.sh_entsize = sizeof(Elf64_Sym);
  put(bytes, sectionsAt + 2 * sizeof(Elf64_Shdr), symtab);
  return bytes;
}

object_format::AmdgpuTargetId parse(const char *id) {
  std::optional<object_format::AmdgpuTargetId> parsed =
      object_format::parseAmdgpuTargetId(id, nullptr);
  EXPECT_TRUE(parsed.has_value()) << id;
  return *parsed;
}

/// e_flags that code for `id` carries.
uint32_t flagsFor(const char *id) {
  object_format::AmdgpuTargetId parsed = parse(id);
  return parsed.chip->mach | object_format::getAmdgpuFeatureFlags(parsed);
}

TEST(CodeObject, TheChipsOwnSharedObjectPasses) {
  for (const char *id :
       {"gfx90a", "gfx90a:xnack-", "gfx942:sramecc+:xnack+", "gfx1100"}) {
    Fake fake;
    fake.flags = flagsFor(id);
    EXPECT_EQ(checkCodeObject(makeCodeObject(fake), parse(id)), "") << id;
  }
}

TEST(CodeObject, AnotherChipOrFeatureSettingIsWrong) {
  Fake fake;
  fake.flags = flagsFor("gfx942");
  EXPECT_THAT(checkCodeObject(makeCodeObject(fake), parse("gfx90a")),
              HasSubstr("is for gfx942"));
  // xnack any where the target ID fixes it off.
  fake.flags = flagsFor("gfx90a");
  EXPECT_THAT(checkCodeObject(makeCodeObject(fake), parse("gfx90a:xnack-")),
              HasSubstr(", where one for gfx90a:xnack- (e_flags 0x"));
}

TEST(CodeObject, AnUndefinedDynamicSymbolIsNamed) {
  Fake fake;
  fake.flags = flagsFor("gfx90a");
  fake.symbolSection = SHN_UNDEF;
  EXPECT_EQ(checkCodeObject(makeCodeObject(fake), parse("gfx90a")),
            "has undefined dynamic symbols, which no loader resolves: foo");
}

TEST(CodeObject, ARelocatableObjectOrTruncatedFileIsNotOne) {
  Fake fake;
  fake.flags = flagsFor("gfx90a");
  fake.type = ET_REL;
  EXPECT_THAT(checkCodeObject(makeCodeObject(fake), parse("gfx90a")),
              HasSubstr("where an AMDGPU code object (an ELF shared object) "
                        "was asked for"));
  fake.type = ET_DYN;
  llvm::SmallVector<char, 0> truncated = makeCodeObject(fake);
  truncated.resize(truncated.size() - 8);
  EXPECT_THAT(checkCodeObject(truncated, parse("gfx90a")),
              HasSubstr("is truncated or damaged: "));
}

} // namespace
