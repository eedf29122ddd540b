//===- ObjectFormatTest.cpp - What the bytes of a GPU object are ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each format, from real objects (testdata/) and from headers made here;
// every truncation of each; bogus ELF tables; sizes that overflow. Inputs
// are exact-size heap copies, so that a sanitizer build sees any read past
// them.
//
//===----------------------------------------------------------------------===//

#include "object_format/ObjectFormat.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <memory>
#include <string>

using namespace object_format;

namespace {

constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();

std::string readTestData(const std::string &name) {
  std::ifstream file("object_format/tests/testdata/" + name, std::ios::binary);
  EXPECT_TRUE(file) << name;
  return std::string(std::istreambuf_iterator<char>(file), {});
}

/// The bytes in a buffer of exactly their size.
class Exact {
public:
  explicit Exact(const std::string &bytes, size_t size = std::string::npos)
      : size(std::min(size, bytes.size())),
        buffer(new unsigned char[this->size ? this->size : 1]) {
    std::copy(bytes.begin(), bytes.begin() + this->size, buffer.get());
  }
  Identity identity() const { return identify(buffer.get(), size); }
  Extent extent() const { return getExtent(buffer.get(), size); }

private:
  size_t size;
  std::unique_ptr<unsigned char[]> buffer;
};

Identity identifyBytes(const std::string &bytes, size_t size = -1) {
  return Exact(bytes, size).identity();
}

Extent extentOf(const std::string &bytes, size_t size = -1) {
  return Exact(bytes, size).extent();
}

void put(std::string &bytes, size_t at, uint64_t value, int count) {
  if (bytes.size() < at + count)
    bytes.resize(at + count, '\0');
  for (int i = 0; i < count; ++i)
    bytes[at + i] = static_cast<char>(value >> (8 * i));
}

/// A 64-bit little-endian ELF header for `machine`, of `type`, alone.
std::string makeElf(int machine, int type) {
  std::string elf(64, '\0');
  elf.replace(0, 4,
              "\x7f"
              "ELF");
  elf[4] = 2; // ELFCLASS64
  elf[5] = 1; // ELFDATA2LSB
  elf[6] = 1; // EV_CURRENT
  put(elf, 16, type, 2);
  put(elf, 18, machine, 2);
  put(elf, 52, 64, 2); // e_ehsize
  return elf;
}

struct Section {
  uint32_t type;
  uint64_t offset;
  uint64_t size;
};

/// `elf` with `sections` (a null one first) in a table appended to it.
std::string withSections(std::string elf, std::initializer_list<Section> list) {
  uint64_t table = elf.size();
  put(elf, 40, table, 8);           // e_shoff
  put(elf, 58, 64, 2);              // e_shentsize
  put(elf, 60, list.size() + 1, 2); // e_shnum
  elf.resize(table + 64, '\0');
  for (const Section &section : list) {
    size_t at = elf.size();
    elf.resize(at + 64, '\0');
    put(elf, at + 4, section.type, 4);
    put(elf, at + 24, section.offset, 8);
    put(elf, at + 32, section.size, 8);
  }
  return elf;
}

/// A cubin as the test CUDA driver's images are: no sections, e_shoff at
/// its end.
std::string makeBareCubin() {
  std::string elf = makeElf(kElfMachineCuda, 2);
  elf += std::string(20, 'x');
  put(elf, 40, elf.size(), 8);
  return elf;
}

std::string makeFatbin(uint16_t headerBytes, uint64_t bodyBytes,
                       size_t actualBody) {
  std::string fatbin;
  put(fatbin, 0, kFatbinMagic, 4);
  put(fatbin, 4, 1, 2);
  put(fatbin, 6, headerBytes, 2);
  put(fatbin, 8, bodyBytes, 8);
  fatbin.resize(16 + actualBody, 'b');
  return fatbin;
}

//===--- Each format --------------------------------------------------------//

TEST(ObjectFormat, RealObjectsOfEachFormat) {
  struct Case {
    const char *file;
    Format format;
    const char *description;
    ExtentStatus extent;
  } cases[] = {
      {"kernel_sm90.cubin", Format::Cubin, "a CUDA cubin", ExtentStatus::Ok},
      {"kernel_sm90.fatbin", Format::Fatbin, "a CUDA fatbin", ExtentStatus::Ok},
      {"kernel.ptx", Format::Ptx, "PTX", ExtentStatus::Undeclared},
      {"kernel_x86_64.so", Format::HostObject,
       "a host shared object for x86-64", ExtentStatus::Ok},
      {"kernel_aarch64.so", Format::HostObject,
       "a host shared object for AArch64", ExtentStatus::Ok},
      {"kernel_x86_64.o", Format::OtherElf,
       "an ELF relocatable object for x86-64", ExtentStatus::Ok},
      {"kernel_gfx90a.hsaco", Format::AmdgpuObject, "an AMDGPU code object",
       ExtentStatus::Ok},
      {"kernel.spv", Format::SpirV, "a SPIR-V module", ExtentStatus::Ok},
      {"kernel.c", Format::Unknown, "data of no known object format",
       ExtentStatus::Undeclared},
  };
  for (const Case &c : cases) {
    std::string bytes = readTestData(c.file);
    ASSERT_FALSE(bytes.empty()) << c.file;
    Identity identity = identifyBytes(bytes);
    EXPECT_EQ(identity.format, c.format) << c.file;
    EXPECT_EQ(describe(identity), c.description) << c.file;
    Extent extent = extentOf(bytes);
    EXPECT_EQ(extent.status, c.extent) << c.file << ": " << extent.problem;
    EXPECT_TRUE(extent.fits()) << c.file;
    // Each real object ends exactly where its headers say.
    if (c.extent == ExtentStatus::Ok) {
      EXPECT_EQ(extent.bytes, bytes.size()) << c.file;
    }
  }
}

TEST(ObjectFormat, ElfMachinesAndTypes) {
  Identity cubin = identifyBytes(makeElf(kElfMachineCuda, 0));
  EXPECT_EQ(cubin.format, Format::Cubin);
  EXPECT_TRUE(cubin.wholeElfHeader);
  EXPECT_EQ(cubin.elfMachine, kElfMachineCuda);
  EXPECT_EQ(identifyBytes(makeElf(kElfMachineAmdgpu, 3)).format,
            Format::AmdgpuObject);
  Identity host = identifyBytes(makeElf(kElfMachineAArch64, 3));
  EXPECT_EQ(host.format, Format::HostObject);
  EXPECT_EQ(host.elfMachine, kElfMachineAArch64);
  EXPECT_EQ(host.elfType, 3);
  EXPECT_EQ(describe(identifyBytes(makeElf(kElfMachineX86_64, 2))),
            "an ELF executable for x86-64");
  Identity riscv = identifyBytes(makeElf(243, 3));
  EXPECT_EQ(riscv.format, Format::OtherElf);
  EXPECT_EQ(describe(riscv), "an ELF shared object for ELF machine 243");

  std::string elf32 = makeElf(kElfMachineX86_64, 3);
  elf32[4] = 1;
  EXPECT_EQ(identifyBytes(elf32).format, Format::OtherElf);
  EXPECT_FALSE(identifyBytes(elf32).wholeElfHeader);
  EXPECT_EQ(describe(identifyBytes(elf32)), "a 32-bit ELF file");
  EXPECT_EQ(extentOf(elf32).status, ExtentStatus::BadHeader);
  std::string big = makeElf(kElfMachineCuda, 3);
  big[5] = 2;
  EXPECT_EQ(describe(identifyBytes(big)), "a big-endian ELF file");
  EXPECT_EQ(extentOf(big).status, ExtentStatus::BadHeader);
  std::string odd = makeElf(kElfMachineCuda, 3);
  odd[4] = 7;
  EXPECT_EQ(describe(identifyBytes(odd)),
            "an ELF file of no known class or byte order");
}

TEST(ObjectFormat, Ptx) {
  EXPECT_EQ(identifyBytes(".version 8.0\n.target sm_90\n").format, Format::Ptx);
  EXPECT_EQ(identifyBytes("  \n\t.version\t7.8").format, Format::Ptx);
  EXPECT_EQ(identifyBytes("// c\n/* a\n.target */ // d\n.version 8.0").format,
            Format::Ptx);
  // The directive must come first, whole, and before any NUL.
  EXPECT_EQ(identifyBytes(".target sm_90\n.version 8.0\n").format,
            Format::Unknown);
  EXPECT_EQ(identifyBytes("// .version 8.0\n").format, Format::Unknown);
  EXPECT_EQ(identifyBytes("/* .version 8.0 */").format, Format::Unknown);
  EXPECT_EQ(identifyBytes("/* never closed .version 8.0").format,
            Format::Unknown);
  EXPECT_EQ(identifyBytes(".versions 8.0").format, Format::Unknown);
  EXPECT_EQ(identifyBytes(".version").format, Format::Unknown);
  EXPECT_EQ(identifyBytes(std::string("\0.version 8.0", 13)).format,
            Format::Unknown);
  EXPECT_EQ(identifyBytes(".version 8.0", 9).format, Format::Ptx);
  EXPECT_EQ(identifyBytes(".version 8.0", 8).format, Format::Unknown);
  EXPECT_EQ(identifyBytes("PTX").format, Format::Unknown);
  // A NUL ends it: a size past the text reads no further.
  const char text[] = ".version 8.0";
  EXPECT_EQ(identify(text, kMax).format, Format::Ptx);
}

TEST(ObjectFormat, SpirvInEitherByteOrder) {
  std::string little;
  put(little, 0, kSpirvMagic, 4);
  little.resize(20, '\0');
  EXPECT_EQ(identifyBytes(little).format, Format::SpirV);
  std::string big = little;
  std::reverse(big.begin(), big.begin() + 4);
  EXPECT_EQ(identifyBytes(big).format, Format::SpirV);
  EXPECT_EQ(extentOf(big).status, ExtentStatus::Ok);
  EXPECT_EQ(extentOf(big).bytes, 20u);
  EXPECT_EQ(extentOf(little, 19).status, ExtentStatus::ShortHeader);
  Extent ragged = extentOf(little + "xyz");
  EXPECT_EQ(ragged.status, ExtentStatus::BadHeader);
  EXPECT_EQ(ragged.problem, "it is 23 bytes, not a whole number of 32-bit "
                            "words");
}

TEST(ObjectFormat, NothingKnown) {
  EXPECT_EQ(identify(nullptr, 100).format, Format::Unknown);
  EXPECT_EQ(getExtent(nullptr, 100).status, ExtentStatus::Undeclared);
  EXPECT_EQ(identifyBytes("").format, Format::Unknown);
  EXPECT_EQ(identifyBytes("CUBIN").format, Format::Unknown);
  EXPECT_EQ(extentOf("CUBIN").status, ExtentStatus::Undeclared);
  EXPECT_TRUE(extentOf("CUBIN").fits());
  EXPECT_EQ(describeFormat(Format::HostObject),
            std::string("a host shared object"));
  EXPECT_EQ(describeElfMachine(kElfMachineCuda), "CUDA");
  EXPECT_EQ(describeElfMachine(0), "ELF machine 0");
}

//===--- Truncated inputs ---------------------------------------------------//

TEST(ObjectFormat, EveryTruncationOfARealObjectIsCaught) {
  for (const char *file :
       {"kernel_sm90.cubin", "kernel_sm90.fatbin", "kernel_x86_64.so",
        "kernel_aarch64.so", "kernel_gfx90a.hsaco"}) {
    std::string bytes = readTestData(file);
    for (size_t size = 0; size < bytes.size(); ++size) {
      Extent extent = extentOf(bytes, size);
      // Below four bytes there is no magic number to go by.
      if (size < 4) {
        EXPECT_EQ(extent.status, ExtentStatus::Undeclared);
        continue;
      }
      EXPECT_FALSE(extent.fits()) << file << " cut to " << size;
      EXPECT_NE(extent.status, ExtentStatus::Ok) << file << " cut to " << size;
      (void)identifyBytes(bytes, size);
    }
  }
}

TEST(ObjectFormat, ShortHeaders) {
  std::string cubin = makeBareCubin();
  Identity cut = identifyBytes(cubin, 40);
  EXPECT_EQ(cut.format, Format::OtherElf);
  EXPECT_FALSE(cut.wholeElfHeader);
  EXPECT_EQ(cut.elfClass, 2);
  EXPECT_EQ(describe(cut), "an ELF file shorter than its header");
  Extent extent = extentOf(cubin, 40);
  EXPECT_EQ(extent.status, ExtentStatus::ShortHeader);
  EXPECT_EQ(extent.bytes, 64u);
  EXPECT_EQ(extent.problem, "its header is 64 bytes, the object has 40");
  EXPECT_EQ(describe(identifyBytes(cubin, 4)),
            "an ELF file shorter than its header");

  Extent fatbin = extentOf(makeFatbin(16, 4, 4), 8);
  EXPECT_EQ(fatbin.status, ExtentStatus::ShortHeader);
  EXPECT_EQ(fatbin.problem, "its header is 16 bytes, the object has 8");
}

TEST(ObjectFormat, ImagesThatEndPastTheBuffer) {
  std::string cubin = makeBareCubin();
  Extent whole = extentOf(cubin);
  EXPECT_EQ(whole.status, ExtentStatus::Ok);
  EXPECT_EQ(whole.bytes, cubin.size());
  Extent cut = extentOf(cubin, cubin.size() - 1);
  EXPECT_EQ(cut.status, ExtentStatus::PastEnd);
  EXPECT_EQ(cut.bytes, cubin.size());
  EXPECT_EQ(cut.problem, "its header says 84 bytes, the object has 83");

  Extent fatbin = extentOf(makeFatbin(16, 100, 10));
  EXPECT_EQ(fatbin.status, ExtentStatus::PastEnd);
  EXPECT_EQ(fatbin.bytes, 116u);
  EXPECT_EQ(fatbin.problem, "its header says 116 bytes, the object has 26");
  EXPECT_EQ(extentOf(makeFatbin(16, 10, 10)).status, ExtentStatus::Ok);
  // A longer buffer is fine: the image ends inside it.
  EXPECT_EQ(extentOf(makeFatbin(16, 10, 30)).bytes, 26u);
}

TEST(ObjectFormat, WithOnlyTheHeaderTheTablesGiveALowerBound) {
  // A caller that does not know the size reads the header first.
  std::string so = readTestData("kernel_x86_64.so");
  Extent header = extentOf(so, 64);
  ASSERT_EQ(header.status, ExtentStatus::PastEnd);
  EXPECT_LE(header.bytes, so.size());
  Extent rest = extentOf(so, header.bytes);
  EXPECT_EQ(rest.status, ExtentStatus::Ok) << rest.problem;
  EXPECT_EQ(rest.bytes, so.size());
}

//===--- Bogus tables -------------------------------------------------------//

TEST(ObjectFormat, BogusSectionTables) {
  std::string elf = withSections(makeElf(kElfMachineCuda, 2),
                                 {{1, 64, 0}, {8, 1 << 20, 1 << 20}});
  EXPECT_EQ(extentOf(elf).status, ExtentStatus::Ok) << extentOf(elf).problem;
  EXPECT_EQ(extentOf(elf).bytes, elf.size());

  std::string entrySize = elf;
  put(entrySize, 58, 12, 2);
  Extent wrongSize = extentOf(entrySize);
  EXPECT_EQ(wrongSize.status, ExtentStatus::BadHeader);
  EXPECT_EQ(wrongSize.problem, "its section headers are 12 bytes each, not 64");

  std::string overlapping = elf;
  put(overlapping, 40, 8, 8);
  Extent overlaps = extentOf(overlapping);
  EXPECT_EQ(overlaps.status, ExtentStatus::BadHeader);
  EXPECT_EQ(overlaps.problem,
            "its section header table, at byte 8, overlaps its ELF header");

  std::string past =
      withSections(makeElf(kElfMachineCuda, 2), {{1, 100, 4000}});
  Extent pastEnd = extentOf(past);
  EXPECT_EQ(pastEnd.status, ExtentStatus::PastEnd);
  EXPECT_EQ(pastEnd.bytes, 4100u);
  EXPECT_EQ(pastEnd.problem,
            "its section 1 ends at byte 4100, the object has 192 bytes");

  std::string tableAway = elf;
  put(tableAway, 40, 1 << 30, 8);
  Extent away = extentOf(tableAway);
  EXPECT_EQ(away.status, ExtentStatus::PastEnd);
  EXPECT_EQ(away.bytes, (1u << 30) + 3 * 64u);
}

TEST(ObjectFormat, BogusProgramHeaderTables) {
  std::string elf = makeElf(kElfMachineX86_64, 3);
  elf.resize(64 + 56, '\0');
  put(elf, 32, 64, 8); // e_phoff
  put(elf, 54, 56, 2); // e_phentsize
  put(elf, 56, 1, 2);  // e_phnum
  put(elf, 64 + 8, 0, 8);
  put(elf, 64 + 32, elf.size(), 8); // p_filesz: the whole file
  EXPECT_EQ(extentOf(elf).status, ExtentStatus::Ok) << extentOf(elf).problem;
  EXPECT_EQ(extentOf(elf).bytes, elf.size());

  std::string longer = elf;
  put(longer, 64 + 32, 500, 8);
  EXPECT_EQ(extentOf(longer).problem,
            "its segment 0 ends at byte 500, the object has 120 bytes");
  std::string entrySize = elf;
  put(entrySize, 54, 32, 2);
  EXPECT_EQ(extentOf(entrySize).problem,
            "its program headers are 32 bytes each, not 56");
  // No program headers: e_phoff means nothing.
  std::string none = makeElf(kElfMachineX86_64, 3);
  put(none, 32, kMax, 8);
  EXPECT_EQ(extentOf(none).status, ExtentStatus::Ok);
  EXPECT_EQ(extentOf(none).bytes, 64u);
}

//===--- Sizes that overflow ------------------------------------------------//

TEST(ObjectFormat, SizesThatOverflow) {
  std::string table = makeElf(kElfMachineCuda, 2);
  put(table, 40, kMax - 100, 8);
  put(table, 58, 64, 2);
  put(table, 60, 2, 2);
  Extent wraps = extentOf(table);
  EXPECT_EQ(wraps.status, ExtentStatus::Overflow);
  EXPECT_EQ(wraps.problem,
            "its section header table's offset and size overflow 64 bits");

  std::string section =
      withSections(makeElf(kElfMachineCuda, 2), {{1, kMax - 10, 20}});
  EXPECT_EQ(extentOf(section).status, ExtentStatus::Overflow);
  EXPECT_EQ(extentOf(section).problem,
            "its section 1's offset and size overflow 64 bits");

  Extent fatbin = extentOf(makeFatbin(16, kMax, 4));
  EXPECT_EQ(fatbin.status, ExtentStatus::Overflow);
  EXPECT_EQ(fatbin.problem, "its header's sizes overflow 64 bits");
  // The largest that does not wrap is past the end.
  Extent huge = extentOf(makeFatbin(16, kMax - 16, 4));
  EXPECT_EQ(huge.status, ExtentStatus::PastEnd);
  EXPECT_EQ(huge.bytes, kMax);
}

TEST(ObjectFormat, FatbinHeaderThatIsTooShort) {
  Extent extent = extentOf(makeFatbin(8, 4, 4));
  EXPECT_EQ(extent.status, ExtentStatus::BadHeader);
  EXPECT_EQ(extent.problem, "its header says that it is 8 bytes, less than 16");
}

} // namespace
