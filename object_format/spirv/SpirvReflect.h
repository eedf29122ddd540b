//===- SpirvReflect.h - The kernels a SPIR-V module declares ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the Vulkan runtime needs to know of a SPIR-V object to launch its
// kernels by the kernel ABI of docs/vulkan-target.md: each GLCompute entry
// point's workgroup size, its push constant block, the argument struct
// that block points at (its launch parameters, memref descriptors among
// them), and its static and dynamic shared memory; and the
// capabilities the module declares, which the device must have. Plain C++17,
// like ObjectFormat.h: nothing of LLVM, nothing of the runtime, and nothing
// read past the `size` bytes given; malformed input is an error message, never
// a crash (it is fuzzed).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_OBJECT_FORMAT_SPIRV_SPIRVREFLECT_H
#define OFFLOAD_OBJECT_FORMAT_SPIRV_SPIRVREFLECT_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace object_format {

/// The most launch parameters an argument struct may hold, a memref
/// descriptor's fields counted one by one.
inline constexpr uint32_t kSpirvMaxLaunchParameters = 4096;

/// One launch parameter: a member of a kernel's argument struct, or one
/// field of a memref descriptor that is such a member.
struct SpirvArgument {
  uint32_t offset = 0;
  /// 1, 2, 4 or 8.
  uint32_t size = 0;
  /// A PhysicalStorageBuffer pointer (a memref's allocated or aligned
  /// pointer), rather than an integer or a float.
  bool isPointer = false;
};

/// A memref parameter that the argument struct holds as its descriptor (a
/// struct member: allocated and aligned pointers, offset, sizes, strides),
/// whose fields are the launch parameters `arguments[firstArgument]` on.
struct SpirvMemRef {
  /// The index in SpirvEntryPoint::arguments of its allocated pointer: the
  /// aligned pointer follows, then the offset, `rank` sizes, `rank` strides.
  uint32_t firstArgument = 0;
  uint32_t rank = 0;
  /// The bytes of one element: the ArrayStride of the array its pointers
  /// point at (the pointee, or member 0 of the pointee struct); 0 where the
  /// pointee is no such array or the array has no ArrayStride.
  uint32_t elementBytes = 0;
};

/// A kernel's dynamic shared memory (gpu.dynamic_shared_memory): a Workgroup
/// variable of its interface, a struct whose member 0 is an array of
/// integers or floats whose length is a 32-bit integer OpSpecConstant with
/// a SpecId, which the runtime sets at each launch.
struct SpirvDynamicSharedMemory {
  /// The SpecId of the array's length.
  uint32_t specId = 0;
  /// The size of the array's element: 1, 2, 4 or 8 bytes.
  uint32_t elementBytes = 0;
  /// The length the module gives the array, unspecialized.
  uint32_t defaultLength = 0;
};

/// A GLCompute entry point: a kernel.
struct SpirvEntryPoint {
  std::string name;
  /// OpExecutionMode LocalSize x y z.
  uint32_t localSize[3] = {1, 1, 1};
  /// The index, in words from the start of the module, of LocalSize's x
  /// operand (y and z follow): where a copy with another size differs.
  size_t localSizeWordIndex = 0;
  /// The push constant variable of its interface, if any: the size of its
  /// struct (the end of its last member).
  bool hasPushConstants = false;
  uint32_t pushConstantBytes = 0;
  /// Whether the member at offset 0 is a PhysicalStorageBuffer pointer to
  /// the argument struct.
  bool hasArgumentPointer = false;
  /// The offset of the three 32-bit block sizes x, y, z, when the kernel
  /// reads its block size at run time.
  std::optional<uint32_t> blockSizeOffset;
  /// Its launch parameters, by offset: the argument struct's members, each
  /// memref descriptor among them as its fields (at most
  /// kSpirvMaxLaunchParameters in all).
  std::vector<SpirvArgument> arguments;
  /// The memref descriptors among the argument struct's members, in order.
  std::vector<SpirvMemRef> memrefs;
  /// Its dynamic shared memory, if it has any.
  std::optional<SpirvDynamicSharedMemory> dynamicSharedMemory;
  /// The bytes of its other Workgroup variables (workgroup attributions,
  /// memref.alloc in workgroup memory), laid out as tightly as their types
  /// allow: at least what a driver gives them. Saturates at UINT64_MAX.
  uint64_t staticSharedBytes = 0;
};

struct SpirvReflection {
  /// The operands of the module's OpCapability instructions, in order.
  std::vector<uint32_t> capabilities;
  std::vector<SpirvEntryPoint> entryPoints;
};

/// The GLCompute entry points of the SPIR-V module of `size` bytes at
/// `data` (in either byte order), or false with `error` saying what is wrong
/// ("instruction at word 12 runs past the end of the module").
bool reflectSpirv(const void *data, size_t size, SpirvReflection &reflection,
                  std::string &error);

/// The module's words in this machine's byte order, as Vulkan takes them, or
/// false with `error` (not a whole number of words, no SPIR-V magic).
bool nativeSpirvWords(const void *data, size_t size,
                      std::vector<uint32_t> &words, std::string &error);

/// A copy of the module at `data`, in this machine's byte order, whose entry
/// point `entryPoint` has the LocalSize `localSize`, or false with `error`.
bool withLocalSize(const void *data, size_t size, std::string_view entryPoint,
                   const uint32_t localSize[3], std::vector<uint32_t> &copy,
                   std::string &error);

} // namespace object_format

#endif // OFFLOAD_OBJECT_FORMAT_SPIRV_SPIRVREFLECT_H
