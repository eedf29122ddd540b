//===- SpirvReflect.h - The kernels a SPIR-V module declares ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What the Vulkan runtime needs to know of a SPIR-V object to launch its
// kernels by the kernel ABI of docs/vulkan-target.md: each GLCompute entry
// point's workgroup size, its push constant block, the argument struct
// that block points at, and its static and dynamic shared memory; and the
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

/// One member of a kernel's argument struct: one launch parameter.
struct SpirvArgument {
  uint32_t offset = 0;
  /// 1, 2, 4 or 8.
  uint32_t size = 0;
  /// A PhysicalStorageBuffer pointer (a memref's allocated or aligned
  /// pointer), rather than an integer or a float.
  bool isPointer = false;
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
  /// The argument struct's members, by offset.
  std::vector<SpirvArgument> arguments;
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
