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

// Ids of the modules with memref descriptors built below.
enum : uint32_t {
  kShort = 40,
  kTwo,
  kThree,
  kEight,
  kLongs2,
  kLongs3,
  kRtFloats,
  kFloats,
  kPtrFloats,
  kShorts,
  kShortsStruct,
  kPtrShortsStruct,
  kPtrShorts,
  kPlainShorts,
  kPtrPlainShorts,
  kPtrUint,
  kMemRef2,
  kMemRef0,
  kBad,
  kBadArray,
  kBadLength,
  kBadPointer,
};

/// The members of a struct built below: each one's type and Offset.
using Members = std::vector<std::pair<uint32_t, uint32_t>>;

/// Declares the struct %id of `members`.
void declareStruct(Builder &b, uint32_t id, const Members &members) {
  std::vector<uint32_t> types = {id};
  for (uint32_t m = 0; m < members.size(); ++m) {
    b.op(72, {id, m, 35, members[m].second});
    types.push_back(members[m].first);
  }
  b.op(30, types);
}

/// A kernel whose push constants are the argument pointer alone, to the
/// argument struct `arguments`, among these declarations:
///   %kLongs2, %kLongs3: arrays of 2 and 3 ulongs, ArrayStride 8;
///   %kPtrFloats: -> {runtime array of float, ArrayStride 4};
///   %kPtrShortsStruct: -> {array of 8 shorts, ArrayStride 2};
///   %kPtrShorts: -> array of 8 shorts, ArrayStride 2;
///   %kPtrPlainShorts: -> array of 8 shorts without an ArrayStride;
///   %kPtrUint: -> uint;
///   %kMemRef2: a descriptor of rank 2 of %kPtrFloats;
///   %kMemRef0: a descriptor of rank 0 of %kPtrShorts.
/// (All pointers are PhysicalStorageBuffer ones.)
Builder memrefKernel(const Members &arguments) {
  Builder b;
  b.entry(kFunction, "k", {kVariable});
  b.op(16, {kFunction, 17, 4, 2, 1});
  b.op(21, {kUint, 32, 0}).op(21, {kUlong, 64, 0}).op(22, {kFloat, 32});
  b.op(21, {kShort, 16, 1});
  b.op(43, {kUint, kTwo, 2}).op(43, {kUint, kThree, 3});
  b.op(43, {kUint, kEight, 8});
  b.op(28, {kLongs2, kUlong, kTwo}).op(71, {kLongs2, 6, 8});
  b.op(28, {kLongs3, kUlong, kThree}).op(71, {kLongs3, 6, 8});
  b.op(29, {kRtFloats, kFloat}).op(71, {kRtFloats, 6, 4});
  declareStruct(b, kFloats, {{kRtFloats, 0}});
  b.op(32, {kPtrFloats, 5349, kFloats});
  b.op(28, {kShorts, kShort, kEight}).op(71, {kShorts, 6, 2});
  declareStruct(b, kShortsStruct, {{kShorts, 0}});
  b.op(32, {kPtrShortsStruct, 5349, kShortsStruct});
  b.op(32, {kPtrShorts, 5349, kShorts});
  b.op(28, {kPlainShorts, kShort, kEight});
  b.op(32, {kPtrPlainShorts, 5349, kPlainShorts});
  b.op(32, {kPtrUint, 5349, kUint});
  declareStruct(b, kMemRef2,
                {{kPtrFloats, 0},
                 {kPtrFloats, 8},
                 {kUlong, 16},
                 {kLongs2, 24},
                 {kLongs2, 40}});
  declareStruct(b, kMemRef0, {{kPtrShorts, 0}, {kPtrShorts, 8}, {kUlong, 16}});
  declareStruct(b, kArgs, arguments);
  b.op(32, {kPtrArgs, 5349, kArgs});
  declareStruct(b, kPush, {{kPtrArgs, 0}});
  b.op(32, {kPtrPush, 9, kPush});
  b.op(59, {kPtrPush, kVariable, 9});
  return b;
}

/// Two memrefs among scalars: {uint, memref<?x?xf32>, float,
/// memref<i16>, ulong}.
const Members kMixedArguments = {
    {kUint, 0}, {kMemRef2, 8}, {kFloat, 64}, {kMemRef0, 72}, {kUlong, 96}};

/// Checks that `entry` has the launch parameters of kMixedArguments: one
/// per scalar, and each memref descriptor's fields one by one, at the
/// offsets the flat fields had.
void expectMixedArguments(const SpirvEntryPoint &entry) {
  EXPECT_TRUE(entry.hasArgumentPointer);
  EXPECT_EQ(entry.pushConstantBytes, 8u);
  EXPECT_FALSE(entry.blockSizeOffset);
  struct {
    uint32_t offset, size;
    bool isPointer;
  } expected[] = {
      {0, 4, false},                                  // uint
      {8, 8, true},   {16, 8, true},                  // its pointers
      {24, 8, false},                                 // offset
      {32, 8, false}, {40, 8, false},                 // sizes
      {48, 8, false}, {56, 8, false},                 // strides
      {64, 4, false},                                 // float
      {72, 8, true},  {80, 8, true},  {88, 8, false}, // memref<i16>
      {96, 8, false},                                 // ulong
  };
  ASSERT_EQ(entry.arguments.size(), std::size(expected));
  for (size_t i = 0; i < std::size(expected); ++i) {
    EXPECT_EQ(entry.arguments[i].offset, expected[i].offset) << i;
    EXPECT_EQ(entry.arguments[i].size, expected[i].size) << i;
    EXPECT_EQ(entry.arguments[i].isPointer, expected[i].isPointer) << i;
  }
  ASSERT_EQ(entry.memrefs.size(), 2u);
  EXPECT_EQ(entry.memrefs[0].firstArgument, 1u);
  EXPECT_EQ(entry.memrefs[0].rank, 2u);
  EXPECT_EQ(entry.memrefs[0].elementBytes, 4u);
  EXPECT_EQ(entry.memrefs[1].firstArgument, 9u);
  EXPECT_EQ(entry.memrefs[1].rank, 0u);
  EXPECT_EQ(entry.memrefs[1].elementBytes, 2u);
}

TEST(SpirvReflect, MemRefDescriptors) {
  SpirvReflection reflection;
  std::string error;
  ASSERT_TRUE(reflect(memrefKernel(kMixedArguments).words, reflection, error))
      << error;
  expectMixedArguments(reflection.entryPoints[0]);

  // A rank of 3: the strides at 48.
  Builder b = memrefKernel({{kBad, 0}});
  declareStruct(b, kBad,
                {{kPtrFloats, 0},
                 {kPtrFloats, 8},
                 {kUlong, 16},
                 {kLongs3, 24},
                 {kLongs3, 48}});
  ASSERT_TRUE(reflect(b.words, reflection, error)) << error;
  ASSERT_EQ(reflection.entryPoints[0].arguments.size(), 9u);
  EXPECT_EQ(reflection.entryPoints[0].arguments[8].offset, 64u);
  EXPECT_EQ(reflection.entryPoints[0].memrefs[0].rank, 3u);
}

// The same arguments as MLIR's serializer writes them (a module spirv-val
// accepts): the nested structs' types and decorations where it puts them.
TEST(SpirvReflect, MemRefDescriptorsAsMlirWritesThem) {
  SpirvReflection reflection;
  std::string error;
  ASSERT_TRUE(reflect(readModule("spirv_memref_kernel.spv"), reflection, error))
      << error;
  ASSERT_EQ(reflection.entryPoints.size(), 1u);
  expectMixedArguments(reflection.entryPoints[0]);
}

// The element's bytes are the ArrayStride of the array the pointers point
// at, where they point at one.
TEST(SpirvReflect, MemRefElementBytes) {
  for (auto [pointer, bytes] : {std::pair<uint32_t, uint32_t>{kPtrFloats, 4},
                                {kPtrShortsStruct, 2u},
                                {kPtrShorts, 2u},
                                {kPtrPlainShorts, 0u},
                                {kPtrUint, 0u},
                                {kPtrArgs, 0u}}) {
    Builder b = memrefKernel({{kBad, 0}});
    declareStruct(b, kBad, {{pointer, 0}, {pointer, 8}, {kUlong, 16}});
    SpirvReflection reflection;
    std::string error;
    ASSERT_TRUE(reflect(b.words, reflection, error)) << error;
    const SpirvEntryPoint &entry = reflection.entryPoints[0];
    ASSERT_EQ(entry.memrefs.size(), 1u);
    EXPECT_EQ(entry.memrefs[0].firstArgument, 0u);
    EXPECT_EQ(entry.memrefs[0].rank, 0u);
    EXPECT_EQ(entry.memrefs[0].elementBytes, bytes) << pointer;
    EXPECT_EQ(entry.arguments.size(), 3u);
  }
}

/// The error of reflecting `b`, which fails.
std::string errorOf(const Builder &b) {
  SpirvReflection reflection;
  std::string error;
  EXPECT_FALSE(reflect(b.words, reflection, error));
  return error;
}

/// A kernel whose argument struct is {uint, %kBad}, %kBad the struct of
/// `descriptor`.
Builder withDescriptor(const Members &descriptor) {
  Builder b = memrefKernel({{kUint, 0}, {kBad, 8}});
  declareStruct(b, kBad, descriptor);
  return b;
}

TEST(SpirvReflect, RefusesWhatIsNotAMemRefDescriptor) {
  const std::string notOne = "member 1 of the argument struct of entry point "
                             "'k' is a struct that is not a memref "
                             "descriptor (";
  const uint32_t p = kPtrFloats, l = kUlong;
  EXPECT_EQ(errorOf(withDescriptor({{p, 0}, {p, 8}, {l, 16}, {kLongs2, 24}})),
            notOne + "it has 4 members, not 3 (rank 0) or 5)");
  EXPECT_EQ(errorOf(withDescriptor({})),
            notOne + "it has 0 members, not 3 (rank 0) or 5)");
  // Ranks that differ.
  EXPECT_EQ(errorOf(withDescriptor(
                {{p, 0}, {p, 8}, {l, 16}, {kLongs2, 24}, {kLongs3, 40}})),
            notOne + "its sizes and strides have 2 and 3 elements)");
  // Pointers of two types, not pointers, not PhysicalStorageBuffer ones,
  // of no type, or the struct itself.
  const std::string pointers =
      notOne + "its members 0 and 1 are not PhysicalStorageBuffer pointers "
               "of one type)";
  for (Members descriptor :
       {Members{{kPtrFloats, 0}, {kPtrShorts, 8}, {l, 16}},
        Members{{l, 0}, {l, 8}, {l, 16}},
        Members{{kBadPointer, 0}, {kBadPointer, 8}, {l, 16}},
        Members{{999, 0}, {999, 8}, {l, 16}},
        Members{{kBad, 0}, {kBad, 8}, {l, 16}}}) {
    Builder b = withDescriptor(descriptor);
    b.op(32, {kBadPointer, 12, kFloats}); // StorageBuffer
    EXPECT_EQ(errorOf(b), pointers);
  }
  for (uint32_t offset :
       {uint32_t(kUint), uint32_t(kFloat), uint32_t(kBad), 999u})
    EXPECT_EQ(errorOf(withDescriptor({{p, 0}, {p, 8}, {offset, 16}})),
              notOne + "its member 2 is not a 64-bit integer)");
  // Misplaced members.
  EXPECT_EQ(errorOf(withDescriptor({{p, 0}, {p, 16}, {l, 24}})),
            notOne + "its member 1 is at offset 16, not 8)");
  EXPECT_EQ(errorOf(withDescriptor(
                {{p, 0}, {p, 8}, {l, 16}, {kLongs2, 32}, {kLongs2, 48}})),
            notOne + "its member 3 is at offset 32, not 24)");
  EXPECT_EQ(errorOf(withDescriptor(
                {{p, 0}, {p, 8}, {l, 16}, {kLongs3, 24}, {kLongs3, 40}})),
            notOne + "its member 4 is at offset 40, not 48)");
  Builder noOffset = memrefKernel({{kUint, 0}, {kBad, 8}});
  noOffset.op(72, {kBad, 0, 35, 0}).op(72, {kBad, 1, 35, 8});
  noOffset.op(30, {kBad, p, p, l});
  EXPECT_EQ(errorOf(noOffset),
            notOne + "its member 2 has no Offset decoration)");
}

TEST(SpirvReflect, RefusesSizesAndStridesThatAreNotAnIndexArray) {
  const std::string notOne = "member 1 of the argument struct of entry point "
                             "'k' is a struct that is not a memref "
                             "descriptor (";
  const uint32_t p = kPtrFloats, l = kUlong;
  const Members badSizes = {
      {p, 0}, {p, 8}, {l, 16}, {kBadArray, 24}, {kLongs2, 40}};
  const Members badStrides = {
      {p, 0}, {p, 8}, {l, 16}, {kLongs2, 24}, {kBadArray, 40}};
  const std::string notIndices =
      " is not an array of 64-bit integers with an ArrayStride of 8)";
  // A stride other than 8, none, elements that are not 64-bit integers, a
  // runtime array, the struct itself.
  for (std::vector<std::vector<uint32_t>> ops :
       {std::vector<std::vector<uint32_t>>{{28, kBadArray, l, kTwo},
                                           {71, kBadArray, 6, 4}},
        {{28, kBadArray, l, kTwo}},
        {{28, kBadArray, kUint, kTwo}, {71, kBadArray, 6, 8}},
        {{28, kBadArray, kFloats, kTwo}, {71, kBadArray, 6, 8}},
        {{29, kBadArray, l}, {71, kBadArray, 6, 8}},
        {}}) {
    for (bool sizes : {true, false}) {
      Builder b = withDescriptor(sizes ? badSizes : badStrides);
      for (const std::vector<uint32_t> &op : ops)
        b.op(op[0], std::vector<uint32_t>(op.begin() + 1, op.end()));
      EXPECT_EQ(errorOf(b),
                notOne + "its member " + (sizes ? "3" : "4") + notIndices);
    }
  }
  EXPECT_EQ(errorOf(withDescriptor(
                {{p, 0}, {p, 8}, {l, 16}, {kBad, 24}, {kBad, 40}})),
            notOne + "its member 3" + notIndices);
  // Lengths that are no rank: 0, 4097, 2^32 - 1, 2^32 + 2, a float, a
  // specialization constant, nothing.
  const std::string noRank = " has a length (%" + std::to_string(kBadLength) +
                             ") that is not an integer constant from 1 to "
                             "4096)";
  for (std::vector<uint32_t> length :
       {std::vector<uint32_t>{43, kUint, kBadLength, 0},
        {43, kUint, kBadLength, 4097},
        {43, kUint, kBadLength, 0xffffffff},
        {43, kUlong, kBadLength, 2, 1},
        {43, kFloat, kBadLength, 2},
        {50, kUint, kBadLength, 2},
        {}}) {
    for (bool sizes : {true, false}) {
      Builder b = withDescriptor(sizes ? badSizes : badStrides);
      b.op(28, {kBadArray, l, kBadLength}).op(71, {kBadArray, 6, 8});
      if (!length.empty())
        b.op(length[0],
             std::vector<uint32_t>(length.begin() + 1, length.end()));
      EXPECT_EQ(errorOf(b),
                notOne + "its member " + (sizes ? "3" : "4") + noRank);
    }
  }
}

TEST(SpirvReflect, RefusesMisplacedMemRefDescriptors) {
  const std::string what = "member 1 of the argument struct of entry point 'k'";
  EXPECT_EQ(errorOf(memrefKernel({{kUint, 0}, {kMemRef0, 4}})),
            what + " has the misaligned or overlapping offset 4");
  EXPECT_EQ(errorOf(memrefKernel({{kMemRef2, 0}, {kUint, 52}})),
            what + " has the misaligned or overlapping offset 52");
  EXPECT_EQ(errorOf(memrefKernel({{kUint, 0}, {kMemRef0, 0xfffffff0}})),
            what + " has the misaligned or overlapping offset 4294967280");
  // The push constants hold no struct but the argument struct's pointer.
  Builder push = kernel({{kBad, 0}});
  declareStruct(push, kBad, {{kPtrFloat, 0}, {kPtrFloat, 8}, {kUlong, 16}});
  EXPECT_EQ(errorOf(push),
            "member 0 of the push constant struct of entry point 'k' is not a "
            "8- to 64-bit integer, a 16- to 64-bit float or a "
            "PhysicalStorageBuffer pointer");
  EXPECT_EQ(errorOf(memrefKernel({{kUint, 0}, {kV3Uint, 8}})),
            what + " is not a 8- to 64-bit integer, a 16- to 64-bit float, a "
                   "PhysicalStorageBuffer pointer or a memref descriptor");
}

// At most 4096 launch parameters, each field of a descriptor one: so many
// that no rank a damaged length declares makes the reflection large.
TEST(SpirvReflect, AtMost4096LaunchParameters) {
  SpirvReflection reflection;
  std::string error;
  // {uint, a descriptor of rank 2046 (4095 fields)} and one more ulong.
  for (bool more : {false, true}) {
    Members arguments = {{kUint, 0}, {kBad, 8}};
    if (more)
      arguments.push_back({kUlong, 8 + 24 + 16 * 2046});
    Builder b = memrefKernel(arguments);
    b.op(43, {kUint, kBadLength, 2046});
    b.op(28, {kBadArray, kUlong, kBadLength}).op(71, {kBadArray, 6, 8});
    declareStruct(b, kBad,
                  {{kPtrFloats, 0},
                   {kPtrFloats, 8},
                   {kUlong, 16},
                   {kBadArray, 24},
                   {kBadArray, 24 + 8 * 2046}});
    EXPECT_EQ(reflect(b.words, reflection, error), !more) << error;
    if (!more) {
      EXPECT_EQ(reflection.entryPoints[0].arguments.size(), 4096u);
      EXPECT_EQ(reflection.entryPoints[0].arguments.back().offset,
                8u + 24 + 16 * 2046 - 8);
    } else {
      EXPECT_EQ(error, "the argument struct of entry point 'k' holds 4097 "
                       "launch parameters, more than the kernel ABI's 4096");
    }
  }
  // 4097 scalars.
  Members flat;
  for (uint32_t i = 0; i < 4097; ++i)
    flat.push_back({kUlong, 8 * i});
  EXPECT_EQ(errorOf(memrefKernel(flat)),
            "the argument struct of entry point 'k' holds 4097 launch "
            "parameters, more than the kernel ABI's 4096");
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
       {"vulkan_test_kernels.spv", "vulkan_shared_kernels.spv",
        "spirv_memref_kernel.spv", "memrefKernel"}) {
    std::vector<uint32_t> words = name == std::string("memrefKernel")
                                      ? memrefKernel(kMixedArguments).words
                                      : readModule(name);
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
       {"vulkan_test_kernels.spv", "vulkan_shared_kernels.spv",
        "spirv_memref_kernel.spv"})
    everyDamagedWord(readModule(name));
  everyDamagedWord(memrefKernel(kMixedArguments).words);
}

} // namespace
