//===- SpirvReflect.cpp - The kernels a SPIR-V module declares ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// One pass over the instructions collects the few declarations the ABI
// involves (capabilities, entry points, execution modes, types, member
// offsets, array strides, variables, constants, specialization constants and
// their SpecIds), each bounds-checked against its own word count; the entry
// points are then resolved from those tables alone, so that forward
// references (OpTypeForwardPointer) and any order of declarations work.
//
//===----------------------------------------------------------------------===//

#include "object_format/spirv/SpirvReflect.h"

#include "object_format/ObjectFormat.h"

#include <algorithm>
#include <map>
#include <utility>

namespace object_format {
namespace {

// Opcodes, execution models, modes, decorations and storage classes of the
// SPIR-V specification (unified 1.6).
constexpr uint32_t kOpEntryPoint = 15;
constexpr uint32_t kOpExecutionMode = 16;
constexpr uint32_t kOpCapability = 17;
constexpr uint32_t kOpTypeBool = 20;
constexpr uint32_t kOpTypeInt = 21;
constexpr uint32_t kOpTypeFloat = 22;
constexpr uint32_t kOpTypeVector = 23;
constexpr uint32_t kOpTypeArray = 28;
constexpr uint32_t kOpTypeRuntimeArray = 29;
constexpr uint32_t kOpTypeStruct = 30;
constexpr uint32_t kOpTypePointer = 32;
constexpr uint32_t kOpConstant = 43;
constexpr uint32_t kOpSpecConstant = 50;
constexpr uint32_t kOpVariable = 59;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kOpMemberDecorate = 72;
constexpr uint32_t kExecutionModelGLCompute = 5;
constexpr uint32_t kExecutionModeLocalSize = 17;
constexpr uint32_t kExecutionModeLocalSizeId = 38;
constexpr uint32_t kDecorationSpecId = 1;
constexpr uint32_t kDecorationArrayStride = 6;
constexpr uint32_t kDecorationOffset = 35;
constexpr uint32_t kStorageClassWorkgroup = 4;
constexpr uint32_t kStorageClassPushConstant = 9;
constexpr uint32_t kStorageClassPhysicalStorageBuffer = 5349;
constexpr size_t kHeaderWords = kSpirvHeaderBytes / 4;

struct EntryPoint {
  uint32_t function;
  std::string name;
  std::vector<uint32_t> interface;
};

struct LocalSize {
  uint32_t size[3];
  size_t wordIndex;
};

enum class Kind { Bool, Int, Float, Vector, Pointer };

struct Type {
  Kind kind;
  /// Int and Float: bits; Vector: component count.
  uint32_t width;
  /// Vector: component type; Pointer: pointee.
  uint32_t element;
  /// Pointer: storage class.
  uint32_t storageClass;
};

struct ArrayType {
  uint32_t element;
  /// The id of the constant that is its length.
  uint32_t length;
};

struct Constant {
  uint32_t type;
  uint64_t value;
};

struct SpecConstant {
  uint32_t type;
  /// The first word of its default value.
  uint32_t value;
};

/// The declarations of a module that the ABI involves.
struct Module {
  std::vector<uint32_t> capabilities;
  std::vector<EntryPoint> entryPoints;
  std::map<uint32_t, LocalSize> localSizes;
  std::map<uint32_t, bool> usesLocalSizeId;
  std::map<uint32_t, Type> types;
  std::map<uint32_t, std::vector<uint32_t>> structs;
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> memberOffsets;
  /// Variable -> (pointer type, storage class).
  std::map<uint32_t, std::pair<uint32_t, uint32_t>> variables;
  std::map<uint32_t, ArrayType> arrays;
  /// Runtime array -> its element type.
  std::map<uint32_t, uint32_t> runtimeArrays;
  /// Array or runtime array -> its ArrayStride.
  std::map<uint32_t, uint32_t> arrayStrides;
  /// Integer constants (OpConstant), by id: an array's length.
  std::map<uint32_t, Constant> constants;
  std::map<uint32_t, SpecConstant> specConstants;
  /// Specialization constant -> its SpecId.
  std::map<uint32_t, uint32_t> specIds;
};

/// The words of a module, in either byte order, read one at a time.
class Words {
public:
  Words(const unsigned char *bytes, size_t count, bool swapped)
      : bytes(bytes), count(count), swapped(swapped) {}

  size_t size() const { return count; }
  uint32_t operator[](size_t i) const {
    const unsigned char *at = bytes + 4 * i;
    if (swapped)
      return uint32_t(at[0]) << 24 | uint32_t(at[1]) << 16 |
             uint32_t(at[2]) << 8 | at[3];
    return uint32_t(at[3]) << 24 | uint32_t(at[2]) << 16 |
           uint32_t(at[1]) << 8 | at[0];
  }

private:
  const unsigned char *bytes;
  size_t count;
  bool swapped;
};

/// The module's words, or false with `error`.
bool openWords(const void *data, size_t size, std::optional<Words> &words,
               std::string &error) {
  if (!data || size < kSpirvHeaderBytes || size % 4) {
    error = "a SPIR-V module is a whole number of 4-byte words, at least " +
            std::to_string(kSpirvHeaderBytes) + " bytes; this one has " +
            std::to_string(size) + " bytes";
    return false;
  }
  const auto *bytes = static_cast<const unsigned char *>(data);
  Words little(bytes, size / 4, false), big(bytes, size / 4, true);
  if (little[0] == kSpirvMagic)
    words.emplace(little);
  else if (big[0] == kSpirvMagic)
    words.emplace(big);
  else {
    error = "the data does not start with the SPIR-V magic number";
    return false;
  }
  return true;
}

/// The literal string at words [begin, end), or false if it has no NUL.
bool readString(const Words &words, size_t begin, size_t end, std::string &text,
                size_t &next) {
  text.clear();
  for (size_t i = begin; i < end; ++i) {
    uint32_t word = words[i];
    for (int byte = 0; byte < 4; ++byte) {
      char c = static_cast<char>((word >> (8 * byte)) & 0xff);
      if (!c) {
        next = i + 1;
        return true;
      }
      text += c;
    }
  }
  return false;
}

std::string at(size_t wordIndex) {
  return " at word " + std::to_string(wordIndex);
}

/// Records the OpEntryPoint at `i` of `count` (at least 4) words if it is a
/// GLCompute one.
bool collectEntryPoint(const Words &words, size_t i, uint32_t count,
                       Module &module, std::string &error) {
  EntryPoint entry{words[i + 2], {}, {}};
  size_t next = 0;
  if (!readString(words, i + 3, i + count, entry.name, next)) {
    error = "the name of the entry point" + at(i) + " has no terminating NUL";
    return false;
  }
  if (words[i + 1] != kExecutionModelGLCompute)
    return true;
  for (size_t w = next; w < i + count; ++w)
    entry.interface.push_back(words[w]);
  module.entryPoints.push_back(std::move(entry));
  return true;
}

/// Whether the instruction at `i` of `count` words has at least `least`;
/// if not, false with `error`.
bool enough(const Words &words, size_t i, uint32_t count, uint32_t least,
            std::string &error) {
  if (count >= least)
    return true;
  error = "instruction " + std::to_string(words[i] & 0xffff) + at(i) + " has " +
          std::to_string(count) + " words, too few for its operands";
  return false;
}

/// Records the instruction at `i` of `count` words if it declares an array
/// type or what an array involves (its length, a constant or a
/// specialization constant with its SpecId, or its ArrayStride); false with
/// `error` if it is too short for its operands.
bool collectArray(const Words &words, size_t i, uint32_t count, Module &module,
                  std::string &error) {
  auto need = [&](uint32_t least) {
    return enough(words, i, count, least, error);
  };
  switch (words[i] & 0xffff) {
  case kOpTypeArray:
    if (!need(4))
      return false;
    module.arrays[words[i + 1]] = {words[i + 2], words[i + 3]};
    return true;
  case kOpTypeRuntimeArray:
    if (!need(3))
      return false;
    module.runtimeArrays[words[i + 1]] = words[i + 2];
    return true;
  case kOpSpecConstant:
    if (!need(4))
      return false;
    module.specConstants[words[i + 2]] = {words[i + 1], words[i + 3]};
    return true;
  case kOpConstant:
    // A 64-bit integer's value takes two words, low first.
    if (count >= 4)
      module.constants[words[i + 2]] = {
          words[i + 1],
          words[i + 3] | (count >= 5 ? uint64_t(words[i + 4]) << 32 : 0)};
    return true;
  case kOpDecorate:
    if (!need(3))
      return false;
    if (words[i + 2] != kDecorationSpecId &&
        words[i + 2] != kDecorationArrayStride)
      return true;
    if (!need(4))
      return false;
    if (words[i + 2] == kDecorationSpecId)
      module.specIds[words[i + 1]] = words[i + 3];
    else
      module.arrayStrides[words[i + 1]] = words[i + 3];
    return true;
  default:
    return true;
  }
}

/// Records the instruction at `i` of `count` words if it is one the ABI
/// involves; false with `error` if it is too short for its operands.
bool collect(const Words &words, size_t i, uint32_t count, Module &module,
             std::string &error) {
  const uint32_t opcode = words[i] & 0xffff;
  auto need = [&](uint32_t least) {
    return enough(words, i, count, least, error);
  };
  switch (opcode) {
  case kOpCapability:
    if (!need(2))
      return false;
    module.capabilities.push_back(words[i + 1]);
    return true;
  case kOpEntryPoint:
    return need(4) && collectEntryPoint(words, i, count, module, error);
  case kOpExecutionMode:
    if (!need(3))
      return false;
    if (words[i + 2] == kExecutionModeLocalSizeId)
      module.usesLocalSizeId[words[i + 1]] = true;
    if (words[i + 2] != kExecutionModeLocalSize)
      return true;
    if (!need(6))
      return false;
    module.localSizes[words[i + 1]] = {
        {words[i + 3], words[i + 4], words[i + 5]}, i + 3};
    return true;
  case kOpTypeBool:
    if (!need(2))
      return false;
    module.types[words[i + 1]] = {Kind::Bool, 0, 0, 0};
    return true;
  case kOpTypeInt:
  case kOpTypeFloat:
    if (!need(3))
      return false;
    module.types[words[i + 1]] = {
        opcode == kOpTypeInt ? Kind::Int : Kind::Float, words[i + 2], 0, 0};
    return true;
  case kOpTypeVector:
    if (!need(4))
      return false;
    module.types[words[i + 1]] = {Kind::Vector, words[i + 3], words[i + 2], 0};
    return true;
  case kOpTypePointer:
    if (!need(4))
      return false;
    module.types[words[i + 1]] = {Kind::Pointer, 0, words[i + 3], words[i + 2]};
    return true;
  case kOpTypeStruct: {
    if (!need(2))
      return false;
    std::vector<uint32_t> &members = module.structs[words[i + 1]];
    members.assign(count - 2, 0);
    for (uint32_t m = 2; m < count; ++m)
      members[m - 2] = words[i + m];
    return true;
  }
  case kOpMemberDecorate:
    if (!need(4))
      return false;
    if (words[i + 3] == kDecorationOffset) {
      if (!need(5))
        return false;
      module.memberOffsets[{words[i + 1], words[i + 2]}] = words[i + 4];
    }
    return true;
  case kOpVariable:
    if (!need(4))
      return false;
    module.variables[words[i + 2]] = {words[i + 1], words[i + 3]};
    return true;
  default:
    return collectArray(words, i, count, module, error);
  }
}

bool parse(const Words &words, Module &module, std::string &error) {
  size_t i = kHeaderWords;
  while (i < words.size()) {
    const uint32_t count = words[i] >> 16;
    if (count == 0) {
      error = "the instruction" + at(i) + " has a word count of 0";
      return false;
    }
    if (count > words.size() - i) {
      error = "the instruction" + at(i) + " runs past the end of the module (" +
              std::to_string(count) + " words, " +
              std::to_string(words.size() - i) + " left)";
      return false;
    }
    if (!collect(words, i, count, module, error))
      return false;
    i += count;
  }
  return true;
}

/// The size in bytes of a scalar or pointer (or, with `vectors`, a vector)
/// of the argument or push constant struct; 0 if the ABI has no such member.
uint32_t sizeOf(const Module &module, uint32_t typeId, bool vectors) {
  auto it = module.types.find(typeId);
  if (it == module.types.end())
    return 0;
  const Type &type = it->second;
  switch (type.kind) {
  case Kind::Bool:
    return 0;
  case Kind::Int:
    return type.width == 8 || type.width == 16 || type.width == 32 ||
                   type.width == 64
               ? type.width / 8
               : 0;
  case Kind::Float:
    return type.width == 16 || type.width == 32 || type.width == 64
               ? type.width / 8
               : 0;
  case Kind::Pointer:
    return type.storageClass == kStorageClassPhysicalStorageBuffer ? 8 : 0;
  case Kind::Vector: {
    if (!vectors || type.width < 2 || type.width > 4)
      return 0;
    uint32_t element = sizeOf(module, type.element, false);
    auto component = module.types.find(type.element);
    if (component == module.types.end() ||
        component->second.kind == Kind::Pointer)
      return 0;
    return element * type.width;
  }
  }
  return 0;
}

bool isType(const Module &module, uint32_t typeId, Kind kind,
            uint32_t width = 0) {
  auto it = module.types.find(typeId);
  return it != module.types.end() && it->second.kind == kind &&
         (!width || it->second.width == width);
}

/// Whether `typeId` is a PhysicalStorageBuffer pointer: a device address.
bool isDevicePointer(const Module &module, uint32_t typeId) {
  auto it = module.types.find(typeId);
  return it != module.types.end() && it->second.kind == Kind::Pointer &&
         it->second.storageClass == kStorageClassPhysicalStorageBuffer;
}

/// A memref descriptor member of the argument struct.
struct Descriptor {
  uint32_t rank;
  /// What SpirvMemRef::elementBytes says.
  uint32_t elementBytes;

  /// Its bytes: two pointers and an offset, then `rank` sizes and strides.
  uint32_t bytes() const { return 24 + 16 * rank; }
};

/// The ArrayStride of the array that the PhysicalStorageBuffer pointer type
/// `pointerType` points at: its pointee, or member 0 of its pointee struct
/// (as MLIR converts a memref's pointer); 0 if there is none.
uint32_t elementBytesOf(const Module &module, uint32_t pointerType) {
  uint32_t pointee = module.types.at(pointerType).element;
  uint32_t array = pointee;
  if (auto wrapper = module.structs.find(pointee);
      wrapper != module.structs.end())
    array = wrapper->second.empty() ? 0 : wrapper->second[0];
  auto stride = module.arrayStrides.find(array);
  if (stride == module.arrayStrides.end() ||
      (!module.arrays.count(array) && !module.runtimeArrays.count(array)))
    return 0;
  return stride->second;
}

/// The length of `arrayId`, member `m` of a memref descriptor, if it is the
/// descriptor's sizes or strides: an array of a constant length from 1 to
/// kSpirvMaxLaunchParameters of 64-bit integers with an ArrayStride of 8;
/// otherwise nothing, with `why`.
std::optional<uint32_t> indexArrayLength(const Module &module, uint32_t arrayId,
                                         uint32_t m, std::string &why) {
  const std::string name = "its member " + std::to_string(m);
  auto array = module.arrays.find(arrayId);
  auto stride = module.arrayStrides.find(arrayId);
  if (array == module.arrays.end() ||
      !isType(module, array->second.element, Kind::Int, 64) ||
      stride == module.arrayStrides.end() || stride->second != 8) {
    why = name + " is not an array of 64-bit integers with an ArrayStride "
                 "of 8";
    return std::nullopt;
  }
  auto length = module.constants.find(array->second.length);
  if (length == module.constants.end() ||
      !isType(module, length->second.type, Kind::Int) ||
      length->second.value < 1 ||
      length->second.value > kSpirvMaxLaunchParameters) {
    why = name + " has a length (%" + std::to_string(array->second.length) +
          ") that is not an integer constant from 1 to " +
          std::to_string(kSpirvMaxLaunchParameters);
    return std::nullopt;
  }
  return uint32_t(length->second.value);
}

/// The memref descriptor that struct `structId` is: {allocated and aligned
/// PhysicalStorageBuffer pointers of one type, a 64-bit offset}, and for a
/// rank r of 1 or more, sizes and strides, two arrays of r 64-bit integers,
/// at offsets 0, 8, 16, 24 and 24 + 8r, as the flat fields of a descriptor
/// were; otherwise nothing, with `why` saying how it differs. It looks at
/// the struct's members and their pointee and arrays, never further, so no
/// cycle of damaged ids can hold it.
std::optional<Descriptor> descriptorOf(const Module &module, uint32_t structId,
                                       std::string &why) {
  const std::vector<uint32_t> &fields = module.structs.at(structId);
  if (fields.size() != 3 && fields.size() != 5) {
    why = "it has " + std::to_string(fields.size()) +
          " members, not 3 (rank 0) or 5";
    return std::nullopt;
  }
  if (fields[0] != fields[1] || !isDevicePointer(module, fields[0])) {
    why = "its members 0 and 1 are not PhysicalStorageBuffer pointers of one "
          "type";
    return std::nullopt;
  }
  if (!isType(module, fields[2], Kind::Int, 64)) {
    why = "its member 2 is not a 64-bit integer";
    return std::nullopt;
  }
  Descriptor descriptor{0, elementBytesOf(module, fields[0])};
  if (fields.size() == 5) {
    std::optional<uint32_t> sizes = indexArrayLength(module, fields[3], 3, why);
    if (!sizes)
      return std::nullopt;
    std::optional<uint32_t> strides =
        indexArrayLength(module, fields[4], 4, why);
    if (!strides)
      return std::nullopt;
    if (*sizes != *strides) {
      why = "its sizes and strides have " + std::to_string(*sizes) + " and " +
            std::to_string(*strides) + " elements";
      return std::nullopt;
    }
    descriptor.rank = *sizes;
  }
  for (uint32_t m = 0; m < fields.size(); ++m) {
    const uint32_t expected = m < 4 ? 8 * m : 24 + 8 * descriptor.rank;
    auto offset = module.memberOffsets.find({structId, m});
    if (offset == module.memberOffsets.end()) {
      why = "its member " + std::to_string(m) + " has no Offset decoration";
      return std::nullopt;
    }
    if (offset->second != expected) {
      why = "its member " + std::to_string(m) + " is at offset " +
            std::to_string(offset->second) + ", not " +
            std::to_string(expected);
      return std::nullopt;
    }
  }
  return descriptor;
}

/// One member of a struct: its type, offset and size, and what it holds if
/// it is a memref descriptor.
struct Member {
  uint32_t type, offset, size;
  std::optional<Descriptor> descriptor;
};

/// The structs of the kernel ABI: the push constant block, whose members
/// may be vectors, and the argument struct, whose members may be memref
/// descriptors.
enum class AbiStruct { PushConstants, Arguments };

/// The members of struct `structId`, each with an Offset and a type the
/// ABI allows in `abiStruct`, or false with `error` (which `what` names).
bool membersOf(const Module &module, uint32_t structId, AbiStruct abiStruct,
               const std::string &what, std::vector<Member> &members,
               std::string &error) {
  auto found = module.structs.find(structId);
  if (found == module.structs.end()) {
    error = what + " is not a struct";
    return false;
  }
  members.clear();
  for (uint32_t m = 0; m < found->second.size(); ++m) {
    const std::string name = "member " + std::to_string(m) + " of " + what;
    const uint32_t type = found->second[m];
    auto offset = module.memberOffsets.find({structId, m});
    if (offset == module.memberOffsets.end()) {
      error = name + " has no Offset decoration";
      return false;
    }
    std::optional<Descriptor> descriptor;
    uint32_t size = sizeOf(module, type, abiStruct == AbiStruct::PushConstants);
    // A vector is aligned to its components, anything else to its size.
    uint32_t alignment = size;
    if (size && module.types.at(type).kind == Kind::Vector)
      alignment = size / module.types.at(type).width;
    if (!size && abiStruct == AbiStruct::Arguments &&
        module.structs.count(type)) {
      std::string why;
      descriptor = descriptorOf(module, type, why);
      if (!descriptor) {
        error =
            name + " is a struct that is not a memref descriptor (" + why + ")";
        return false;
      }
      size = descriptor->bytes();
      alignment = 8;
    }
    if (!size) {
      error = name + " is not a 8- to 64-bit integer, a 16- to 64-bit float" +
              (abiStruct == AbiStruct::Arguments
                   ? ", a PhysicalStorageBuffer pointer or a memref descriptor"
                   : " or a PhysicalStorageBuffer pointer");
      return false;
    }
    if (offset->second % alignment || offset->second > UINT32_MAX - size ||
        (!members.empty() &&
         offset->second < members.back().offset + members.back().size)) {
      error = name + " has the misaligned or overlapping offset " +
              std::to_string(offset->second);
      return false;
    }
    members.push_back({type, offset->second, size, descriptor});
  }
  return true;
}

/// Fills in the arguments of `entry` from the struct its push constant's
/// member 0 points at: one per member, and a memref descriptor's fields one
/// by one.
bool reflectArguments(const Module &module, uint32_t pointerType,
                      SpirvEntryPoint &entry, std::string &error) {
  const std::string what =
      "the argument struct of entry point '" + entry.name + "'";
  std::vector<Member> members;
  if (!membersOf(module, module.types.at(pointerType).element,
                 AbiStruct::Arguments, what, members, error))
    return false;
  size_t count = 0;
  for (const Member &member : members)
    count += member.descriptor ? 3 + 2 * size_t(member.descriptor->rank) : 1;
  if (count > kSpirvMaxLaunchParameters) {
    error = what + " holds " + std::to_string(count) +
            " launch parameters, more than the kernel ABI's " +
            std::to_string(kSpirvMaxLaunchParameters);
    return false;
  }
  entry.hasArgumentPointer = true;
  for (const Member &member : members) {
    if (!member.descriptor) {
      entry.arguments.push_back({member.offset, member.size,
                                 isType(module, member.type, Kind::Pointer)});
      continue;
    }
    const Descriptor &descriptor = *member.descriptor;
    entry.memrefs.push_back({uint32_t(entry.arguments.size()), descriptor.rank,
                             descriptor.elementBytes});
    entry.arguments.push_back({member.offset, 8, true});
    entry.arguments.push_back({member.offset + 8, 8, true});
    for (uint32_t k = 0; k < 1 + 2 * descriptor.rank; ++k)
      entry.arguments.push_back({member.offset + 16 + 8 * k, 8, false});
  }
  return true;
}

/// Whether `members` from index `first` are the three 32-bit block sizes
/// at `offset`: three scalars, or one vector of three.
bool isBlockSize(const Module &module, const std::vector<Member> &members,
                 size_t first, uint32_t offset) {
  size_t left = members.size() - first;
  if (left == 1) {
    auto it = module.types.find(members[first].type);
    return members[first].offset == offset && it != module.types.end() &&
           it->second.kind == Kind::Vector && it->second.width == 3 &&
           isType(module, it->second.element, Kind::Int, 32);
  }
  if (left != 3)
    return false;
  for (size_t k = 0; k < 3; ++k)
    if (members[first + k].offset != offset + 4 * k ||
        !isType(module, members[first + k].type, Kind::Int, 32))
      return false;
  return true;
}

/// Fills in the push constants of `entry` from the variable `variable`.
bool reflectPushConstants(const Module &module, uint32_t pointerType,
                          SpirvEntryPoint &entry, std::string &error) {
  const std::string what =
      "the push constant struct of entry point '" + entry.name + "'";
  auto pointer = module.types.find(pointerType);
  if (pointer == module.types.end() || pointer->second.kind != Kind::Pointer) {
    error = "the push constant variable of entry point '" + entry.name +
            "' does not have a pointer type";
    return false;
  }
  std::vector<Member> members;
  if (!membersOf(module, pointer->second.element, AbiStruct::PushConstants,
                 what, members, error))
    return false;
  entry.hasPushConstants = true;
  if (!members.empty())
    entry.pushConstantBytes = members.back().offset + members.back().size;
  size_t next = 0;
  if (!members.empty() && members[0].offset == 0 &&
      isType(module, members[0].type, Kind::Pointer) &&
      module.structs.count(module.types.at(members[0].type).element)) {
    if (!reflectArguments(module, members[0].type, entry, error))
      return false;
    next = 1;
  }
  uint32_t blockOffset = next ? 8 : 0;
  if (next < members.size()) {
    if (!isBlockSize(module, members, next, blockOffset)) {
      error = what + " has a member at offset " +
              std::to_string(members[next].offset) +
              " that is not part of the kernel ABI (an argument pointer at "
              "0, then three 32-bit block sizes at " +
              std::to_string(blockOffset) + ")";
      return false;
    }
    entry.blockSizeOffset = blockOffset;
  }
  return true;
}

/// The struct of the Workgroup variable `id`, if `id` is one whose struct's
/// member 0 is an array whose length is a specialization constant: a
/// kernel's dynamic shared memory.
const std::vector<uint32_t> *dynamicSharedStruct(const Module &module,
                                                 uint32_t id) {
  auto variable = module.variables.find(id);
  if (variable == module.variables.end() ||
      variable->second.second != kStorageClassWorkgroup)
    return nullptr;
  auto pointer = module.types.find(variable->second.first);
  if (pointer == module.types.end() || pointer->second.kind != Kind::Pointer)
    return nullptr;
  auto wrapper = module.structs.find(pointer->second.element);
  if (wrapper == module.structs.end() || wrapper->second.empty())
    return nullptr;
  auto array = module.arrays.find(wrapper->second[0]);
  if (array == module.arrays.end() ||
      !module.specConstants.count(array->second.length))
    return nullptr;
  return &wrapper->second;
}

/// The dynamic shared memory of `entry` from the variable `id`, whose
/// struct `members` dynamicSharedStruct found, or false with `error`.
bool reflectDynamicSharedVariable(const Module &module, uint32_t id,
                                  const std::vector<uint32_t> &members,
                                  SpirvEntryPoint &entry, std::string &error) {
  const std::string what = "the dynamic shared memory of entry point '" +
                           entry.name + "' (the Workgroup variable %" +
                           std::to_string(id) + ")";
  if (entry.dynamicSharedMemory) {
    error = "entry point '" + entry.name +
            "' has more than one dynamic shared memory variable";
    return false;
  }
  if (members.size() != 1) {
    error = what + " is a struct of " + std::to_string(members.size()) +
            " members, not of one array";
    return false;
  }
  const ArrayType &array = module.arrays.at(members[0]);
  const SpecConstant &length = module.specConstants.at(array.length);
  auto specId = module.specIds.find(array.length);
  if (!isType(module, length.type, Kind::Int, 32) ||
      specId == module.specIds.end()) {
    error = what + " has a length (%" + std::to_string(array.length) +
            ") that is not a 32-bit integer specialization constant with a "
            "SpecId";
    return false;
  }
  auto element = module.types.find(array.element);
  if (element == module.types.end() ||
      (element->second.kind != Kind::Int &&
       element->second.kind != Kind::Float) ||
      !sizeOf(module, array.element, false)) {
    error = what + " is an array of something other than 8- to 64-bit "
                   "integers or 16- to 64-bit floats";
    return false;
  }
  entry.dynamicSharedMemory = SpirvDynamicSharedMemory{
      specId->second, element->second.width / 8, length.value};
  return true;
}

/// Fills in the dynamic shared memory of `entry` from the Workgroup
/// variables of its interface.
bool reflectDynamicSharedMemory(const Module &module, const EntryPoint &source,
                                SpirvEntryPoint &entry, std::string &error) {
  for (uint32_t id : source.interface) {
    const std::vector<uint32_t> *members = dynamicSharedStruct(module, id);
    if (members &&
        !reflectDynamicSharedVariable(module, id, *members, entry, error))
      return false;
  }
  return true;
}

uint64_t saturatingAdd(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

uint64_t saturatingMul(uint64_t a, uint64_t b) {
  return b && a > UINT64_MAX / b ? UINT64_MAX : a * b;
}

/// `value` rounded up to a multiple of `alignment` (a power of two).
uint64_t alignUp(uint64_t value, uint64_t alignment) {
  return value > UINT64_MAX - (alignment - 1)
             ? UINT64_MAX
             : (value + alignment - 1) & ~(alignment - 1);
}

/// The size of a value in Workgroup memory and its alignment.
struct Extent {
  uint64_t bytes = 0;
  uint64_t alignment = 1;
};

/// The extent of type `typeId` packed as tightly as the alignment of its
/// scalars allows (the scalar block layout, the smallest a driver may
/// choose): scalars, vectors, arrays and structs of them; nothing for a type
/// it cannot size. `depth` bounds the recursion through damaged or cyclic
/// type ids.
Extent extentOf(const Module &module, uint32_t typeId, int depth = 0) {
  if (depth > 64)
    return {};
  if (auto type = module.types.find(typeId); type != module.types.end()) {
    switch (type->second.kind) {
    case Kind::Bool:
      return {1, 1};
    case Kind::Int:
    case Kind::Float: {
      uint64_t bytes = std::max<uint64_t>(1, type->second.width / 8);
      return {bytes, bytes & (bytes - 1) ? 1 : bytes};
    }
    case Kind::Vector: {
      Extent component = extentOf(module, type->second.element, depth + 1);
      return {saturatingMul(component.bytes, type->second.width),
              component.alignment};
    }
    case Kind::Pointer:
      return {8, 8};
    }
  }
  if (auto array = module.arrays.find(typeId); array != module.arrays.end()) {
    uint64_t length = 0;
    if (auto constant = module.constants.find(array->second.length);
        constant != module.constants.end())
      length = constant->second.value;
    else if (auto spec = module.specConstants.find(array->second.length);
             spec != module.specConstants.end())
      length = spec->second.value;
    Extent element = extentOf(module, array->second.element, depth + 1);
    return {saturatingMul(alignUp(element.bytes, element.alignment), length),
            element.alignment};
  }
  if (auto members = module.structs.find(typeId);
      members != module.structs.end()) {
    Extent whole;
    for (uint32_t member : members->second) {
      Extent part = extentOf(module, member, depth + 1);
      whole.bytes =
          saturatingAdd(alignUp(whole.bytes, part.alignment), part.bytes);
      whole.alignment = std::max(whole.alignment, part.alignment);
    }
    whole.bytes = alignUp(whole.bytes, whole.alignment);
    return whole;
  }
  return {};
}

/// The bytes of the Workgroup variables of `source`'s interface other than
/// its dynamic shared memory.
uint64_t staticSharedBytes(const Module &module, const EntryPoint &source) {
  uint64_t total = 0;
  for (uint32_t id : source.interface) {
    auto variable = module.variables.find(id);
    if (variable == module.variables.end() ||
        variable->second.second != kStorageClassWorkgroup ||
        dynamicSharedStruct(module, id))
      continue;
    auto pointer = module.types.find(variable->second.first);
    if (pointer == module.types.end() || pointer->second.kind != Kind::Pointer)
      continue;
    total =
        saturatingAdd(total, extentOf(module, pointer->second.element).bytes);
  }
  return total;
}

bool reflectEntryPoint(const Module &module, const EntryPoint &source,
                       SpirvEntryPoint &entry, std::string &error) {
  entry.name = source.name;
  auto localSize = module.localSizes.find(source.function);
  if (localSize == module.localSizes.end()) {
    error = "entry point '" + entry.name + "' has no LocalSize" +
            (module.usesLocalSizeId.count(source.function)
                 ? " (it has LocalSizeId, which the kernel ABI does not use)"
                 : "");
    return false;
  }
  std::copy_n(localSize->second.size, 3, entry.localSize);
  entry.localSizeWordIndex = localSize->second.wordIndex;
  if (!reflectDynamicSharedMemory(module, source, entry, error))
    return false;
  entry.staticSharedBytes = staticSharedBytes(module, source);
  std::optional<uint32_t> pushConstantType;
  for (uint32_t id : source.interface) {
    auto variable = module.variables.find(id);
    if (variable == module.variables.end() ||
        variable->second.second != kStorageClassPushConstant)
      continue;
    if (pushConstantType) {
      error = "entry point '" + entry.name +
              "' has more than one push constant variable";
      return false;
    }
    pushConstantType = variable->second.first;
  }
  if (!pushConstantType)
    return true;
  return reflectPushConstants(module, *pushConstantType, entry, error);
}

} // namespace

bool reflectSpirv(const void *data, size_t size, SpirvReflection &reflection,
                  std::string &error) {
  reflection.capabilities.clear();
  reflection.entryPoints.clear();
  std::optional<Words> words;
  Module module;
  if (!openWords(data, size, words, error) || !parse(*words, module, error))
    return false;
  reflection.capabilities = module.capabilities;
  for (const EntryPoint &source : module.entryPoints) {
    SpirvEntryPoint entry;
    if (!reflectEntryPoint(module, source, entry, error))
      return false;
    reflection.entryPoints.push_back(std::move(entry));
  }
  return true;
}

bool nativeSpirvWords(const void *data, size_t size, std::vector<uint32_t> &out,
                      std::string &error) {
  std::optional<Words> words;
  if (!openWords(data, size, words, error))
    return false;
  out.resize(words->size());
  for (size_t i = 0; i < words->size(); ++i)
    out[i] = (*words)[i];
  return true;
}

bool withLocalSize(const void *data, size_t size, std::string_view entryPoint,
                   const uint32_t localSize[3], std::vector<uint32_t> &copy,
                   std::string &error) {
  SpirvReflection reflection;
  if (!reflectSpirv(data, size, reflection, error) ||
      !nativeSpirvWords(data, size, copy, error))
    return false;
  for (const SpirvEntryPoint &entry : reflection.entryPoints) {
    if (entry.name != entryPoint)
      continue;
    std::copy_n(localSize, 3, copy.begin() + entry.localSizeWordIndex);
    return true;
  }
  error = "the module has no GLCompute entry point '" +
          std::string(entryPoint) + "'";
  return false;
}

} // namespace object_format
