//===- SpirvReflectTest.cpp - The kernels a SPIR-V module declares --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The Vulkan runtime's test kernels (assembled by spirv-as), modules built
// word by word here for what the ABI refuses, and every truncation and
// single-word damage of a real module. Inputs are exact-size heap copies,
// so that a sanitizer build sees any read past them.
//
//===----------------------------------------------------------------------===//

#include "object_format/spirv/SpirvReflect.h"

#include "gtest/gtest.h"

#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

using namespace object_format;

namespace {

std::vector<uint32_t> readModule(const std::string &name) {
  std::ifstream file("object_format/tests/" + name, std::ios::binary);
  EXPECT_TRUE(file) << name;
  std::string bytes(std::istreambuf_iterator<char>(file), {});
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), words.size() * 4);
  return words;
}

/// Reflects the first `bytes` bytes of `words` from an exact-size copy.
bool reflect(const std::vector<uint32_t> &words, SpirvReflection &reflection,
             std::string &error, size_t bytes = SIZE_MAX) {
  bytes = std::min(bytes, words.size() * 4);
  std::unique_ptr<char[]> copy(new char[bytes ? bytes : 1]);
  std::memcpy(copy.get(), words.data(), bytes);
  return reflectSpirv(copy.get(), bytes, reflection, error);
}

const SpirvEntryPoint *find(const SpirvReflection &reflection,
                            const std::string &name) {
  for (const SpirvEntryPoint &entry : reflection.entryPoints)
    if (entry.name == name)
      return &entry;
  return nullptr;
}

/// A module built word by word: the header, then instructions.
struct Builder {
  std::vector<uint32_t> words = {0x07230203, 0x00010600, 0, 100, 0};

  Builder &op(uint32_t opcode, std::vector<uint32_t> operands) {
    words.push_back(uint32_t(operands.size() + 1) << 16 | opcode);
    words.insert(words.end(), operands.begin(), operands.end());
    return *this;
  }
  /// OpEntryPoint GLCompute %function "name" interface...
  Builder &entry(uint32_t function, const char *name,
                 std::vector<uint32_t> interface) {
    std::vector<uint32_t> operands = {5, function};
    size_t length = std::strlen(name) + 1;
    std::vector<uint32_t> text((length + 3) / 4, 0);
    std::memcpy(text.data(), name, length);
    operands.insert(operands.end(), text.begin(), text.end());
    operands.insert(operands.end(), interface.begin(), interface.end());
    return op(15, operands);
  }
};

// Ids of the modules built below.
enum : uint32_t {
  kFunction = 1,
  kUint,
  kUlong,
  kFloat,
  kPtrFloat,
  kArgs,
  kPtrArgs,
  kPush,
  kPtrPush,
  kVariable,
  kVariable2,
  kV3Uint,
};

/// A kernel whose push constants are `pushMembers` (type, offset) and whose
/// argument struct is {ptr float @0, ulong @8, uint @16}.
Builder kernel(std::vector<std::pair<uint32_t, uint32_t>> pushMembers,
               std::vector<uint32_t> interface = {kVariable}) {
  Builder b;
  b.entry(kFunction, "k", interface);
  b.op(16, {kFunction, 17, 4, 2, 1}); // LocalSize 4 2 1
  b.op(72, {kArgs, 0, 35, 0}).op(72, {kArgs, 1, 35, 8});
  b.op(72, {kArgs, 2, 35, 16});
  for (uint32_t m = 0; m < pushMembers.size(); ++m)
    b.op(72, {kPush, m, 35, pushMembers[m].second});
  b.op(21, {kUint, 32, 0}).op(21, {kUlong, 64, 0}).op(22, {kFloat, 32});
  b.op(23, {kV3Uint, kUint, 3});
  b.op(32, {kPtrFloat, 5349, kFloat});
  b.op(30, {kArgs, kPtrFloat, kUlong, kUint});
  b.op(32, {kPtrArgs, 5349, kArgs});
  std::vector<uint32_t> members = {kPush};
  for (auto &[type, offset] : pushMembers)
    members.push_back(type);
  b.op(30, members);
  b.op(32, {kPtrPush, 9, kPush});
  b.op(59, {kPtrPush, kVariable, 9});
  b.op(59, {kPtrPush, kVariable2, 9});
  return b;
}

TEST(SpirvReflect, TestKernels) {
  SpirvReflection reflection;
  std::string error;
  ASSERT_TRUE(reflect(readModule("vulkan_test_kernels.spv"), reflection, error))
      << error;
  // Shader, PhysicalStorageBufferAddresses, Int64.
  EXPECT_EQ(reflection.capabilities, (std::vector<uint32_t>{1, 5347, 11}));
  ASSERT_EQ(reflection.entryPoints.size(), 3u);

  const SpirvEntryPoint *add = find(reflection, "vector_add");
  ASSERT_NE(add, nullptr);
  EXPECT_EQ(add->localSize[0], 1u);
  EXPECT_TRUE(add->hasPushConstants);
  EXPECT_EQ(add->pushConstantBytes, 20u);
  EXPECT_TRUE(add->hasArgumentPointer);
  ASSERT_TRUE(add->blockSizeOffset);
  EXPECT_EQ(*add->blockSizeOffset, 8u);
  ASSERT_EQ(add->arguments.size(), 16u);
  for (int i = 0; i < 15; ++i) {
    EXPECT_EQ(add->arguments[i].offset, 8u * i);
    EXPECT_EQ(add->arguments[i].size, 8u);
    EXPECT_EQ(add->arguments[i].isPointer, i % 5 < 2) << i;
  }
  EXPECT_EQ(add->arguments[15].offset, 120u);
  EXPECT_EQ(add->arguments[15].size, 4u);
  EXPECT_FALSE(add->dynamicSharedMemory);
  EXPECT_EQ(add->staticSharedBytes, 0u);

  const SpirvEntryPoint *fill = find(reflection, "fixed_fill");
  ASSERT_NE(fill, nullptr);
  EXPECT_EQ(fill->localSize[0], 32u);
  EXPECT_EQ(fill->pushConstantBytes, 8u);
  EXPECT_FALSE(fill->blockSizeOffset);
  ASSERT_EQ(fill->arguments.size(), 2u);
  EXPECT_TRUE(fill->arguments[0].isPointer);
  EXPECT_FALSE(fill->arguments[1].isPointer);
}

TEST(SpirvReflect, EveryScalarType) {
  SpirvReflection reflection;
  std::string error;
  ASSERT_TRUE(
      reflect(readModule("vulkan_scalar_kernels.spv"), reflection, error))
      << error;
  ASSERT_EQ(reflection.entryPoints.size(), 1u);
  const SpirvEntryPoint &entry = reflection.entryPoints[0];
  const uint32_t offsets[] = {0, 8, 16, 24, 32, 40, 48};
  const uint32_t sizes[] = {4, 8, 4, 8, 2, 8, 8};
  ASSERT_EQ(entry.arguments.size(), 7u);
  for (int i = 0; i < 7; ++i) {
    EXPECT_EQ(entry.arguments[i].offset, offsets[i]);
    EXPECT_EQ(entry.arguments[i].size, sizes[i]);
    EXPECT_EQ(entry.arguments[i].isPointer, i >= 5);
  }
}

TEST(SpirvReflect, DynamicSharedMemoryOfTheTestKernel) {
  SpirvReflection reflection;
  std::string error;
  ASSERT_TRUE(
      reflect(readModule("vulkan_shared_kernels.spv"), reflection, error))
      << error;
  const SpirvEntryPoint *sum = find(reflection, "block_sum");
  ASSERT_NE(sum, nullptr);
  EXPECT_EQ(sum->blockSizeOffset, 8u);
  EXPECT_EQ(sum->arguments.size(), 2u);
  ASSERT_TRUE(sum->dynamicSharedMemory);
  EXPECT_EQ(sum->dynamicSharedMemory->specId, 3u);
  EXPECT_EQ(sum->dynamicSharedMemory->elementBytes, 4u);
  EXPECT_EQ(sum->dynamicSharedMemory->defaultLength, 1u);
  // Its one Workgroup variable is the dynamic one.
  EXPECT_EQ(sum->staticSharedBytes, 0u);
}

// Ids of the modules with dynamic shared memory built below.
enum : uint32_t {
  kLength = 20,
  kArray,
  kShared,
  kPtrShared,
  kSharedVariable,
  kSharedVariable2,
};

/// A kernel without push constants with the Workgroup variable
/// kSharedVariable (and kSharedVariable2), of the struct {array of `element`
/// of length kLength, `more`...}, kLength declared by `lengthOp` (default 16)
/// of type `lengthType` and, if `specId`, decorated SpecId 7.
Builder sharedKernel(uint32_t element, uint32_t lengthOp = 50,
                     bool specId = true, uint32_t lengthType = kUint,
                     std::vector<uint32_t> more = {}) {
  Builder b;
  b.entry(kFunction, "k", {kSharedVariable, kSharedVariable2});
  b.op(16, {kFunction, 17, 4, 2, 1});
  if (specId)
    b.op(71, {kLength, 1, 7});
  b.op(21, {kUint, 32, 0}).op(21, {kUlong, 64, 0}).op(22, {kFloat, 32});
  b.op(23, {kV3Uint, kUint, 3});
  b.op(lengthOp, lengthType == kUlong
                     ? std::vector<uint32_t>{kUlong, kLength, 16, 0}
                     : std::vector<uint32_t>{kUint, kLength, 16});
  b.op(28, {kArray, element, kLength});
  std::vector<uint32_t> members = {kShared, kArray};
  members.insert(members.end(), more.begin(), more.end());
  b.op(30, members);
  b.op(32, {kPtrShared, 4, kShared});
  b.op(59, {kPtrShared, kSharedVariable, 4});
  return b;
}

TEST(SpirvReflect, DynamicSharedMemory) {
  SpirvReflection reflection;
  std::string error;
  for (auto [element, bytes] : {std::pair{kUlong, 8u}, {kFloat, 4u}}) {
    ASSERT_TRUE(reflect(sharedKernel(element).words, reflection, error))
        << error;
    const SpirvEntryPoint &entry = reflection.entryPoints[0];
    EXPECT_FALSE(entry.hasPushConstants);
    ASSERT_TRUE(entry.dynamicSharedMemory);
    EXPECT_EQ(entry.dynamicSharedMemory->specId, 7u);
    EXPECT_EQ(entry.dynamicSharedMemory->elementBytes, bytes);
    EXPECT_EQ(entry.dynamicSharedMemory->defaultLength, 16u);
  }
  EXPECT_EQ(reflection.entryPoints[0].staticSharedBytes, 0u);
  // An array of a constant length is workgroup memory of a static size.
  ASSERT_TRUE(reflect(sharedKernel(kUint, 43).words, reflection, error))
      << error;
  EXPECT_FALSE(reflection.entryPoints[0].dynamicSharedMemory);
  EXPECT_EQ(reflection.entryPoints[0].staticSharedBytes, 16u * 4);
}

// Workgroup variables of a static size, packed as tightly as their scalars'
// alignment allows: what any driver needs at least.
TEST(SpirvReflect, StaticSharedMemory) {
  SpirvReflection reflection;
  std::string error;
  // {16 x u32, u64}: the u64 at 64.
  ASSERT_TRUE(reflect(sharedKernel(kUint, 43, false, kUint, {kUlong}).words,
                      reflection, error))
      << error;
  EXPECT_EQ(reflection.entryPoints[0].staticSharedBytes, 72u);
  // {16 x u32, u32, u64}: the u64 aligned to 72, the struct to 8.
  ASSERT_TRUE(
      reflect(sharedKernel(kUint, 43, false, kUint, {kUint, kUlong}).words,
              reflection, error))
      << error;
  EXPECT_EQ(reflection.entryPoints[0].staticSharedBytes, 80u);
  // A 64-bit length: 16 x vec3 of u32.
  ASSERT_TRUE(reflect(sharedKernel(kV3Uint, 43, false, kUlong).words,
                      reflection, error))
      << error;
  EXPECT_EQ(reflection.entryPoints[0].staticSharedBytes, 16u * 12);
}

// A length near 2^64 saturates rather than wrapping to a small size.
TEST(SpirvReflect, StaticSharedMemoryThatCannotBeCountedSaturates) {
  Builder b = sharedKernel(kUlong, 43, false, kUlong);
  // The constant's high word: a length of 2^63 + 16 elements of 8 bytes.
  for (size_t i = 5; i + 4 < b.words.size(); ++i)
    if (b.words[i] == (5u << 16 | 43) && b.words[i + 2] == kLength)
      b.words[i + 4] = 0x80000000u;
  SpirvReflection reflection;
  std::string error;
  ASSERT_TRUE(reflect(b.words, reflection, error)) << error;
  EXPECT_EQ(reflection.entryPoints[0].staticSharedBytes, UINT64_MAX);
}

TEST(SpirvReflect, MalformedDynamicSharedMemory) {
  SpirvReflection reflection;
  std::string error;
  const std::string what = "the dynamic shared memory of entry point 'k' (the "
                           "Workgroup variable %24)";
  EXPECT_FALSE(
      reflect(sharedKernel(kUint, 50, false).words, reflection, error));
  EXPECT_EQ(error, what + " has a length (%20) that is not a 32-bit integer "
                          "specialization constant with a SpecId");
  EXPECT_FALSE(
      reflect(sharedKernel(kUint, 50, true, kUlong).words, reflection, error));
  EXPECT_EQ(error, what + " has a length (%20) that is not a 32-bit integer "
                          "specialization constant with a SpecId");
  for (uint32_t element : {uint32_t(kV3Uint), uint32_t(kPtrShared), 99u}) {
    EXPECT_FALSE(reflect(sharedKernel(element).words, reflection, error));
    EXPECT_EQ(error, what + " is an array of something other than 8- to "
                            "64-bit integers or 16- to 64-bit floats");
  }
  EXPECT_FALSE(reflect(sharedKernel(kUint, 50, true, kUint, {kUint}).words,
                       reflection, error));
  EXPECT_EQ(error, what + " is a struct of 2 members, not of one array");
  Builder twice = sharedKernel(kUint);
  twice.op(59, {kPtrShared, kSharedVariable2, 4});
  EXPECT_FALSE(reflect(twice.words, reflection, error));
  EXPECT_EQ(error, "entry point 'k' has more than one dynamic shared memory "
                   "variable");
}

// Each instruction of dynamic shared memory cut short of its operands.
TEST(SpirvReflect, TruncatedDynamicSharedMemory) {
  SpirvReflection reflection;
  std::string error;
  for (auto [opcode, operands] :
       {std::pair{71u, std::vector<uint32_t>{kLength, 1}},
        {50u, {kUint, kLength}},
        {28u, {kArray, kUint}}}) {
    Builder b = sharedKernel(kUint);
    b.op(opcode, operands);
    EXPECT_FALSE(reflect(b.words, reflection, error));
    EXPECT_EQ(error, "instruction " + std::to_string(opcode) + " at word " +
                         std::to_string(b.words.size() - operands.size() - 1) +
                         " has " + std::to_string(operands.size() + 1) +
                         " words, too few for its operands");
  }
}

TEST(SpirvReflect, PatchesOneLocalSize) {
  std::vector<uint32_t> words = readModule("vulkan_test_kernels.spv");
  const uint32_t size[3] = {128, 2, 3};
  std::vector<uint32_t> copy;
  std::string error;
  ASSERT_TRUE(withLocalSize(words.data(), words.size() * 4, "vector_add", size,
                            copy, error))
      << error;
  SpirvReflection reflection;
  ASSERT_TRUE(reflect(copy, reflection, error)) << error;
  EXPECT_EQ(find(reflection, "vector_add")->localSize[0], 128u);
  EXPECT_EQ(find(reflection, "vector_add")->localSize[2], 3u);
  EXPECT_EQ(find(reflection, "fixed_fill")->localSize[0], 32u);
  EXPECT_FALSE(
      withLocalSize(words.data(), words.size() * 4, "nope", size, copy, error));
  EXPECT_EQ(error, "the module has no GLCompute entry point 'nope'");
}

TEST(SpirvReflect, EitherByteOrder) {
  std::vector<uint32_t> words = readModule("vulkan_test_kernels.spv");
  for (uint32_t &word : words)
    word = __builtin_bswap32(word);
  SpirvReflection reflection;
  std::string error;
  ASSERT_TRUE(reflect(words, reflection, error)) << error;
  EXPECT_EQ(find(reflection, "fixed_fill")->localSize[0], 32u);
  std::vector<uint32_t> native;
  ASSERT_TRUE(nativeSpirvWords(words.data(), words.size() * 4, native, error));
  EXPECT_EQ(native[0], 0x07230203u);
}

TEST(SpirvReflect, BlockSizeWithoutArguments) {
  SpirvReflection reflection;
  std::string error;
  ASSERT_TRUE(reflect(kernel({{kUint, 0}, {kUint, 4}, {kUint, 8}}).words,
                      reflection, error))
      << error;
  const SpirvEntryPoint &entry = reflection.entryPoints[0];
  EXPECT_EQ(entry.localSize[1], 2u);
  EXPECT_FALSE(entry.hasArgumentPointer);
  EXPECT_EQ(entry.blockSizeOffset, 0u);
  EXPECT_EQ(entry.pushConstantBytes, 12u);
  // A vector of three is the same block size, at its offset only.
  EXPECT_FALSE(
      reflect(kernel({{kPtrArgs, 0}, {kV3Uint, 16}}).words, reflection, error));
  ASSERT_TRUE(
      reflect(kernel({{kPtrArgs, 0}, {kV3Uint, 8}}).words, reflection, error))
      << error;
  EXPECT_EQ(reflection.entryPoints[0].blockSizeOffset, 8u);
  EXPECT_EQ(reflection.entryPoints[0].arguments.size(), 3u);
}

TEST(SpirvReflect, RefusesWhatTheAbiDoesNotDefine) {
  SpirvReflection reflection;
  std::string error;
  EXPECT_FALSE(
      reflect(kernel({{kPtrArgs, 0}, {kFloat, 8}}).words, reflection, error));
  EXPECT_NE(error.find("member at offset 8 that is not part of the kernel ABI"),
            std::string::npos)
      << error;
  EXPECT_FALSE(reflect(kernel({{kUint, 0}}, {kVariable, kVariable2}).words,
                       reflection, error));
  EXPECT_EQ(error, "entry point 'k' has more than one push constant variable");
  EXPECT_FALSE(reflect(kernel({{kUlong, 4}}).words, reflection, error));
  EXPECT_NE(error.find("misaligned or overlapping offset 4"), std::string::npos)
      << error;

  Builder noSize;
  noSize.entry(kFunction, "k", {}).op(16, {kFunction, 38, 9, 9, 9});
  EXPECT_FALSE(reflect(noSize.words, reflection, error));
  EXPECT_EQ(error, "entry point 'k' has no LocalSize (it has LocalSizeId, "
                   "which the kernel ABI does not use)");

  Builder noNul;
  noNul.op(15, {5, kFunction, 0x41414141});
  EXPECT_FALSE(reflect(noNul.words, reflection, error));
  EXPECT_NE(error.find("no terminating NUL"), std::string::npos) << error;
}

TEST(SpirvReflect, MalformedHeaders) {
  SpirvReflection reflection;
  std::string error;
  EXPECT_FALSE(reflectSpirv(nullptr, 0, reflection, error));
  std::vector<uint32_t> words = readModule("vulkan_test_kernels.spv");
  EXPECT_FALSE(reflect(words, reflection, error, 22));
  EXPECT_NE(error.find("a whole number of 4-byte words"), std::string::npos);
  words[0] = 0x12345678;
  EXPECT_FALSE(reflect(words, reflection, error));
  EXPECT_EQ(error, "the data does not start with the SPIR-V magic number");
  Builder zero;
  zero.words.push_back(0);
  EXPECT_FALSE(reflect(zero.words, reflection, error));
  EXPECT_EQ(error, "the instruction at word 5 has a word count of 0");
}

// Every truncation at a word boundary: an error or a result, never a read
// past the end (the sanitizer builds check that).
TEST(SpirvReflect, EveryTruncation) {
  for (const char *name :
       {"vulkan_test_kernels.spv", "vulkan_shared_kernels.spv"}) {
    std::vector<uint32_t> words = readModule(name);
    SpirvReflection reflection;
    std::string error;
    for (size_t bytes = 0; bytes < words.size() * 4; bytes += 4) {
      bool ok = reflect(words, reflection, error, bytes);
      if (!ok) {
        EXPECT_FALSE(error.empty());
      }
    }
  }
}

/// Reflects `words` with each word replaced by values that break counts, ids
/// and offsets.
void everyDamagedWord(const std::vector<uint32_t> &words) {
  SpirvReflection reflection;
  std::string error;
  for (size_t i = 0; i < words.size(); ++i) {
    for (uint32_t value : {0u, 1u, 0xffffffffu, words[i] ^ 0x00010000u,
                           words[i] + 0x00100000u, 0x7fffffffu}) {
      std::vector<uint32_t> damaged = words;
      damaged[i] = value;
      bool ok = reflect(damaged, reflection, error);
      if (!ok) {
        EXPECT_FALSE(error.empty());
      }
      std::vector<uint32_t> copy;
      const uint32_t size[3] = {7, 7, 7};
      (void)withLocalSize(damaged.data(), damaged.size() * 4, "vector_add",
                          size, copy, error);
    }
  }
}

// Each word of each module replaced by values that break counts, ids and
// offsets.
TEST(SpirvReflect, EveryDamagedWord) {
  for (const char *name :
       {"vulkan_test_kernels.spv", "vulkan_shared_kernels.spv"})
    everyDamagedWord(readModule(name));
}

} // namespace
