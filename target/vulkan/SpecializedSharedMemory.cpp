//===- SpecializedSharedMemory.cpp - Shared memory sized at launch --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/vulkan/SpecializedSharedMemory.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <string>
#include <vector>

using namespace mlir::offload;

namespace {
// The SPIR-V opcodes and enumerants read or written here.
enum : uint32_t {
  kOpName = 5,
  kOpTypeArray = 28,
  kOpTypeStruct = 30,
  kOpTypePointer = 32,
  kOpConstant = 43,
  kOpSpecConstant = 50,
  kOpVariable = 59,
  kOpDecorate = 71,
  kOpMemberDecorate = 72,
  kDecorationSpecId = 1,
  kHeaderWords = 5,
  kBoundWord = 3,
};

/// One instruction: where it starts, its opcode and its length in words.
struct Instruction {
  size_t start;
  uint32_t opcode;
  uint32_t words;
};

/// The literal string of an OpName from its third word.
std::string readName(llvm::ArrayRef<uint32_t> words, size_t start,
                     size_t count) {
  std::string name;
  for (size_t i = start + 2; i < start + count; ++i)
    for (int byte = 0; byte < 4; ++byte) {
      char c = static_cast<char>((words[i] >> (8 * byte)) & 0xff);
      if (!c)
        return name;
      name.push_back(c);
    }
  return name;
}

uint32_t header(uint32_t opcode, uint32_t count) {
  return (count << 16) | opcode;
}
} // namespace

namespace {
/// What the specialization reads of a module: its instructions, the
/// definitions it follows, the variables to specialize and where the
/// annotations end.
struct ModuleIndex {
  std::vector<Instruction> instructions;
  // Result id -> instruction, for the definitions followed below.
  llvm::DenseMap<uint32_t, const Instruction *> definitions;
  std::vector<uint32_t> variables;
  size_t annotationsEnd = 0;

  /// The instruction of `opcode` that defines `id`, if it has a word at
  /// `index`.
  const Instruction *operand(uint32_t id, uint32_t opcode,
                             unsigned index) const {
    auto it = definitions.find(id);
    if (it == definitions.end() || it->second->opcode != opcode ||
        it->second->words <= index)
      return nullptr;
    return it->second;
  }
};
} // namespace

/// Fills `index` from `words`; returns why it cannot, or "".
static std::string indexModule(llvm::ArrayRef<uint32_t> words,
                               llvm::StringRef variablePrefix,
                               ModuleIndex &index) {
  if (words.size() < kHeaderWords)
    return "the module has no header";
  for (size_t at = kHeaderWords; at < words.size();) {
    uint32_t count = words[at] >> 16;
    if (!count || at + count > words.size())
      return "the module's instructions run past its end";
    index.instructions.push_back({at, words[at] & 0xffff, count});
    at += count;
  }
  for (const Instruction &inst : index.instructions) {
    uint32_t op = inst.opcode;
    if (op == kOpName && inst.words > 2 &&
        llvm::StringRef(readName(words, inst.start, inst.words))
            .starts_with(variablePrefix))
      index.variables.push_back(words[inst.start + 1]);
    if ((op == kOpTypeArray || op == kOpTypeStruct || op == kOpTypePointer) &&
        inst.words > 2)
      index.definitions[words[inst.start + 1]] = &inst;
    if ((op == kOpConstant || op == kOpVariable) && inst.words > 3)
      index.definitions[words[inst.start + 2]] = &inst;
    if (op == kOpDecorate || op == kOpMemberDecorate)
      index.annotationsEnd = inst.start + inst.words;
  }
  return "";
}

std::string
vulkan::specializeDynamicSharedMemory(llvm::SmallVectorImpl<uint32_t> &words,
                                      llvm::StringRef variablePrefix) {
  ModuleIndex index;
  if (std::string error = indexModule(words, variablePrefix, index);
      !error.empty())
    return error;
  auto operand = [&](uint32_t id, uint32_t opcode, unsigned at) {
    return index.operand(id, opcode, at);
  };
  // Each variable gets types of its own, from a specialization constant
  // of its own: the constant the serializer wrote for its length may be
  // the one that other instructions use (constants are uniqued), and its
  // array and struct types those of other variables.
  struct Insertion {
    size_t at;
    llvm::SmallVector<uint32_t, 16> words;
  };
  llvm::SmallVector<Insertion> insertions;
  llvm::SmallVector<uint32_t> decorations;
  uint32_t bound = words[kBoundWord];
  uint32_t specId = 0;
  for (uint32_t variable : index.variables) {
    const Instruction *var = operand(variable, kOpVariable, 3);
    const Instruction *pointer =
        var ? operand(words[var->start + 1], kOpTypePointer, 3) : nullptr;
    const Instruction *wrapper =
        pointer ? operand(words[pointer->start + 3], kOpTypeStruct, 2)
                : nullptr;
    const Instruction *array =
        wrapper ? operand(words[wrapper->start + 2], kOpTypeArray, 3) : nullptr;
    const Instruction *length =
        array ? operand(words[array->start + 3], kOpConstant, 3) : nullptr;
    if (!length || wrapper->words != 3)
      return "dynamic shared memory is not a struct of one array of a "
             "constant length";
    uint32_t lengthType = words[length->start + 1];
    uint32_t element = words[array->start + 2];
    uint32_t storageClass = words[pointer->start + 2];
    uint32_t newLength = bound++, newArray = bound++, newWrapper = bound++,
             newPointer = bound++;
    // A length of 1 until the runtime specializes it, as for a launch
    // without dynamic shared memory.
    insertions.push_back(
        {var->start,
         {header(kOpSpecConstant, 4), lengthType, newLength, 1,
          header(kOpTypeArray, 4), newArray, element, newLength,
          header(kOpTypeStruct, 3), newWrapper, newArray,
          header(kOpTypePointer, 4), newPointer, storageClass, newWrapper}});
    words[var->start + 1] = newPointer;
    decorations.append(
        {header(kOpDecorate, 4), newLength, kDecorationSpecId, specId++});
  }
  if (decorations.empty())
    return "";
  if (!index.annotationsEnd)
    return "the module has no annotations to put the SpecId beside";
  words[kBoundWord] = bound;
  // From the last position back, so that the earlier ones stay valid.
  llvm::sort(insertions, [](const Insertion &a, const Insertion &b) {
    return a.at < b.at;
  });
  for (const Insertion &insertion : llvm::reverse(insertions))
    words.insert(words.begin() + insertion.at, insertion.words.begin(),
                 insertion.words.end());
  words.insert(words.begin() + index.annotationsEnd, decorations.begin(),
               decorations.end());
  return "";
}
