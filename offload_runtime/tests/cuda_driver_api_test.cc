//===- cuda_driver_api_test.cc - Our CUDA declarations against cuda.h -----===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// cuda_driver_api.h declares what the runtime uses of the CUDA driver API, so
// that building the runtime needs no toolkit. Here it is compiled beside the
// toolkit's cuda.h, and each of its declarations is checked against cuda.h's
// at compile time: a type's size, alignment, underlying type and fields, a
// constant's type and value, an entry point's signature. A difference fails
// the build of this test. At run time, the test checks that every name the
// header declares has its check here.
//
//===----------------------------------------------------------------------===//

// First: its macros name the versions of the entry points (cuMemAlloc is
// cuMemAlloc_v2), in the header below too, so that each entry point of ours
// is compared with the version of it that cuda.h declares.
#include <cuda.h>

#include "offload_runtime/cuda/cuda_driver_api.h"
#include "offload_runtime/tests/vendor_type.h"

#include "gtest/gtest.h"

#include <cstddef>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace {

/// The cuda.h type of one of ours: itself where ours is cuda.h's own
/// (integers, handles), the one CHECK_TYPE names for our enums and structs.
template <typename T> struct InCudaH {
  using type = T;
};
template <typename T> using InCudaHType = mgpu::test::VendorTypeOf<InCudaH, T>;

template <typename Ours, typename Theirs>
constexpr bool kSameAsCudaH = std::is_same_v<InCudaHType<Ours>, Theirs>;

//===--- Types ------------------------------------------------------------===//

/// A type of ours that is cuda.h's own.
#define CHECK_SAME_TYPE(name)                                                  \
  static_assert(std::is_same_v<mgpu::name, ::name>, #name ": not cuda.h's");

/// An enum or struct of ours, and cuda.h's of that name.
#define CHECK_TYPE(name)                                                       \
  template <> struct InCudaH<mgpu::name> {                                     \
    using type = ::name;                                                       \
  };                                                                           \
  static_assert(sizeof(mgpu::name) == sizeof(::name), #name ": size");         \
  static_assert(alignof(mgpu::name) == alignof(::name), #name ": alignment");

#define CHECK_ENUM(name)                                                       \
  CHECK_TYPE(name)                                                             \
  static_assert(std::is_same_v<std::underlying_type_t<mgpu::name>,             \
                               std::underlying_type_t<::name>>,                \
                #name ": underlying type");

/// A field of a struct (or union) of ours: its offset and type.
#define CHECK_FIELD(type, field)                                               \
  static_assert(offsetof(mgpu::type, field) == offsetof(::type, field),        \
                #type "::" #field ": offset");                                 \
  static_assert(kSameAsCudaH<decltype(std::declval<mgpu::type &>().field),     \
                             decltype(std::declval<::type &>().field)>,        \
                #type "::" #field ": type");

CHECK_SAME_TYPE(cuuint32_t)
CHECK_SAME_TYPE(cuuint64_t)
CHECK_SAME_TYPE(CUdeviceptr)
CHECK_SAME_TYPE(CUdevice)
CHECK_SAME_TYPE(CUcontext)
CHECK_SAME_TYPE(CUfunction)
CHECK_SAME_TYPE(CUlibrary)
CHECK_SAME_TYPE(CUkernel)
CHECK_SAME_TYPE(CUstream)
CHECK_SAME_TYPE(CUevent)

CHECK_ENUM(CUresult)
CHECK_ENUM(CUdevice_attribute)
CHECK_ENUM(CUfunction_attribute)
CHECK_ENUM(CUjit_option)
CHECK_ENUM(CUlibraryOption)
CHECK_ENUM(CUstream_flags)
CHECK_ENUM(CUevent_flags)
CHECK_ENUM(CUmemAttach_flags)
CHECK_ENUM(CUdriverProcAddress_flags)
CHECK_ENUM(CUdriverProcAddressQueryResult)
CHECK_ENUM(CUlaunchAttributeID)
CHECK_ENUM(CUtensorMapDataType)
CHECK_ENUM(CUtensorMapInterleave)
CHECK_ENUM(CUtensorMapSwizzle)
CHECK_ENUM(CUtensorMapL2promotion)
CHECK_ENUM(CUtensorMapFloatOOBfill)

CHECK_TYPE(CUlaunchAttributeValue)
// clusterDim's struct has no name, in either header.
template <> struct InCudaH<decltype(mgpu::CUlaunchAttributeValue::clusterDim)> {
  using type = decltype(::CUlaunchAttributeValue::clusterDim);
};
static_assert(sizeof(mgpu::CUlaunchAttributeValue::clusterDim) ==
              sizeof(::CUlaunchAttributeValue::clusterDim));
CHECK_FIELD(CUlaunchAttributeValue, pad)
CHECK_FIELD(CUlaunchAttributeValue, clusterDim)
CHECK_FIELD(CUlaunchAttributeValue, clusterDim.x)
CHECK_FIELD(CUlaunchAttributeValue, clusterDim.y)
CHECK_FIELD(CUlaunchAttributeValue, clusterDim.z)

CHECK_TYPE(CUlaunchAttribute)
CHECK_FIELD(CUlaunchAttribute, id)
CHECK_FIELD(CUlaunchAttribute, pad)
CHECK_FIELD(CUlaunchAttribute, value)

CHECK_TYPE(CUlaunchConfig)
CHECK_FIELD(CUlaunchConfig, gridDimX)
CHECK_FIELD(CUlaunchConfig, gridDimY)
CHECK_FIELD(CUlaunchConfig, gridDimZ)
CHECK_FIELD(CUlaunchConfig, blockDimX)
CHECK_FIELD(CUlaunchConfig, blockDimY)
CHECK_FIELD(CUlaunchConfig, blockDimZ)
CHECK_FIELD(CUlaunchConfig, sharedMemBytes)
CHECK_FIELD(CUlaunchConfig, hStream)
CHECK_FIELD(CUlaunchConfig, attrs)
CHECK_FIELD(CUlaunchConfig, numAttrs)

CHECK_TYPE(CUtensorMap)
CHECK_FIELD(CUtensorMap, opaque)

//===--- Constants --------------------------------------------------------===//

/// A constant of ours: its type (its enum) and value.
#define CHECK_CONSTANT(name)                                                   \
  static_assert(kSameAsCudaH<decltype(mgpu::name), decltype(::name)>,          \
                #name ": type");                                               \
  static_assert(static_cast<unsigned long long>(mgpu::name) ==                 \
                    static_cast<unsigned long long>(::name),                   \
                #name ": value");

CHECK_CONSTANT(CUDA_SUCCESS)
CHECK_CONSTANT(CUDA_ERROR_INVALID_VALUE)
CHECK_CONSTANT(CUDA_ERROR_OUT_OF_MEMORY)
CHECK_CONSTANT(CUDA_ERROR_NOT_INITIALIZED)
CHECK_CONSTANT(CUDA_ERROR_DEINITIALIZED)
CHECK_CONSTANT(CUDA_ERROR_NO_DEVICE)
CHECK_CONSTANT(CUDA_ERROR_INVALID_DEVICE)
CHECK_CONSTANT(CUDA_ERROR_INVALID_IMAGE)
CHECK_CONSTANT(CUDA_ERROR_NO_BINARY_FOR_GPU)
CHECK_CONSTANT(CUDA_ERROR_UNSUPPORTED_PTX_VERSION)
CHECK_CONSTANT(CUDA_ERROR_OPERATING_SYSTEM)
CHECK_CONSTANT(CUDA_ERROR_INVALID_HANDLE)
CHECK_CONSTANT(CUDA_ERROR_NOT_FOUND)
CHECK_CONSTANT(CUDA_ERROR_ASSERT)
CHECK_CONSTANT(CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED)
CHECK_CONSTANT(CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED)
CHECK_CONSTANT(CUDA_ERROR_NOT_SUPPORTED)
CHECK_CONSTANT(CUDA_ERROR_SYSTEM_DRIVER_MISMATCH)
CHECK_CONSTANT(CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)
CHECK_CONSTANT(CUDA_ERROR_UNKNOWN)
CHECK_CONSTANT(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)
CHECK_CONSTANT(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)
CHECK_CONSTANT(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
CHECK_CONSTANT(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
CHECK_CONSTANT(CU_JIT_ERROR_LOG_BUFFER)
CHECK_CONSTANT(CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
CHECK_CONSTANT(CU_JIT_OPTIMIZATION_LEVEL)
CHECK_CONSTANT(CU_STREAM_NON_BLOCKING)
CHECK_CONSTANT(CU_EVENT_DISABLE_TIMING)
CHECK_CONSTANT(CU_MEM_ATTACH_GLOBAL)
CHECK_CONSTANT(CU_GET_PROC_ADDRESS_DEFAULT)
CHECK_CONSTANT(CU_GET_PROC_ADDRESS_SUCCESS)
CHECK_CONSTANT(CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)

// The version the runtime asks the driver for, whose signatures the header
// copies, against the toolkit's. Equal for CUDA 13.0; a later 13.x toolkit
// passes as long as the signatures below still match its own.
static_assert(mgpu::kCudaVersion / 1000 == CUDA_VERSION / 1000 &&
                  mgpu::kCudaVersion <= CUDA_VERSION,
              "kCudaVersion: not this toolkit's CUDA version");

//===--- Entry points -----------------------------------------------------===//

/// An entry point of ours, against the version of it that cuda.h declares
/// under that name: its signature.
#define CHECK_ENTRY_POINT(name)                                                \
  static_assert(kSameAsCudaH<decltype(mgpu::name), decltype(::name)>,          \
                #name ": signature");

// Every entry point that the runtime resolves.
#define MGPU_CUDA_ENTRY(name) CHECK_ENTRY_POINT(name)
#include "offload_runtime/cuda/cuda_driver_symbols.inc"
#undef MGPU_CUDA_ENTRY

// And the one it looks up with dlsym, by the name that cuda.h's macro gives.
CHECK_ENTRY_POINT(cuGetProcAddress)
#define STRINGIFY_EXPANDED(name) STRINGIFY(name)
#define STRINGIFY(name) #name
static_assert(std::string_view(STRINGIFY_EXPANDED(cuGetProcAddress)) ==
              "cuGetProcAddress_v2");

//===--- Coverage ---------------------------------------------------------===//

std::string ReadFile(const char *variable) {
  const char *path = std::getenv(variable);
  EXPECT_NE(path, nullptr) << variable << " is not set";
  std::ifstream file(path ? path : "");
  EXPECT_TRUE(file) << "cannot read " << (path ? path : variable);
  return std::string(std::istreambuf_iterator<char>(file), {});
}

std::vector<std::string> Matches(const std::string &text, const char *regex) {
  std::vector<std::string> found;
  std::regex pattern(regex, std::regex::multiline);
  for (std::sregex_iterator it(text.begin(), text.end(), pattern), end;
       it != end; ++it)
    found.push_back((*it)[1]);
  return found;
}

/// Whether `text` passes `name` to a macro: `(name)` or `(name, ...`.
bool Passes(const std::string &text, const std::string &name) {
  return std::regex_search(text, std::regex("\\(" + name + "[,)]"));
}

// Every name that the header declares has its check above (or, for an entry
// point, in cuda_driver_symbols.inc, which checks them all).
TEST(CudaDriverApi, EveryDeclarationIsChecked) {
  const std::string header = ReadFile("CUDA_DRIVER_API_H");
  const std::string test = ReadFile("CUDA_DRIVER_API_TEST_CC");
  const std::string entries = ReadFile("CUDA_DRIVER_SYMBOLS_INC");
  ASSERT_FALSE(header.empty());
  std::vector<std::string> names;
  // Types with a body, aliases, enumerators, entry points.
  for (const char *regex : {
           R"(^(?:enum|struct|union)(?: alignas\([^)]*\))? (\w+)[^;]*\{)",
           R"(^using (\w+) =)",
           R"(^ +(\w+) = )",
           R"(^CUresult (\w+)\()",
       }) {
    std::vector<std::string> found = Matches(header, regex);
    EXPECT_FALSE(found.empty()) << regex << " finds nothing in the header";
    names.insert(names.end(), found.begin(), found.end());
  }
  for (const std::string &name : names)
    EXPECT_TRUE(Passes(test, name) || entries.find("MGPU_CUDA_ENTRY(" + name +
                                                   ")") != std::string::npos)
        << name << " is declared in cuda_driver_api.h but not checked here";
}

} // namespace
