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
};

/// One instruction: where it starts and its first operand.
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
} // namespace

std::string
vulkan::specializeDynamicSharedMemory(llvm::SmallVectorImpl<uint32_t> &words,
                                      llvm::StringRef variablePrefix) {
  std::vector<Instruction> instructions;
  for (size_t at = kHeaderWords; at < words.size();) {
    uint32_t count = words[at] >> 16;
    if (!count || at + count > words.size())
      return "the module's instructions run past its end";
    instructions.push_back({at, words[at] & 0xffff, count});
    at += count;
  }
  // Result id -> instruction, for the definitions followed below.
  llvm::DenseMap<uint32_t, const Instruction *> definitions;
  std::vector<uint32_t> variables;
  size_t insertAt = 0;
  for (const Instruction &inst : instructions) {
    uint32_t op = inst.opcode;
    if (op == kOpName && readName(words, inst.start, inst.words)
                                 .rfind(variablePrefix.str(), 0) == 0)
      variables.push_back(words[inst.start + 1]);
    if ((op == kOpTypeArray || op == kOpTypeStruct || op == kOpTypePointer) &&
        inst.words > 2)
      definitions[words[inst.start + 1]] = &inst;
    if ((op == kOpConstant || op == kOpVariable) && inst.words > 3)
      definitions[words[inst.start + 2]] = &inst;
    if (op == kOpDecorate || op == kOpMemberDecorate)
      insertAt = inst.start + inst.words;
  }
  // Follows `id` to the instruction of `opcode` that defines it.
  auto operand = [&](uint32_t id, uint32_t opcode,
                     unsigned index) -> const Instruction * {
    auto it = definitions.find(id);
    if (it == definitions.end() || it->second->opcode != opcode ||
        it->second->words <= index)
      return nullptr;
    return it->second;
  };
  llvm::SmallVector<uint32_t> decorations;
  uint32_t specId = 0;
  for (uint32_t variable : variables) {
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
    if (!length)
      return "dynamic shared memory is not an array of a constant length";
    words[length->start] =
        (words[length->start] & 0xffff0000) | kOpSpecConstant;
    decorations.append({(4u << 16) | kOpDecorate, words[length->start + 2],
                        kDecorationSpecId, specId++});
  }
  if (decorations.empty())
    return "";
  if (!insertAt)
    return "the module has no annotations to put the SpecId beside";
  words.insert(words.begin() + insertAt, decorations.begin(),
               decorations.end());
  return "";
}
