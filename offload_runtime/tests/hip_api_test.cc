//===- hip_api_test.cc - Our HIP declarations against ROCm's --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// hip/hip_api.h declares what the HIP backend uses of HIP's runtime API, so
// that building the runtime needs no ROCm. Here it is compiled beside the
// installed hip_runtime_api.h (Debian's ROCm 5.2, libamdhip64-dev), and each
// declaration is checked against ROCm's at compile time: a constant's value,
// an entry point's signature (every one of hip_symbols.inc), and where
// hipDeviceProp_t keeps gcnArchName (hip/device_properties.h). At run time,
// the test checks that every constant the header declares has its check.
// Without ROCm's header, it checks nothing and says so.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/hip/device_properties.h"
#include "offload_runtime/hip/hip_api.h"
#include "offload_runtime/tests/vendor_type.h"

#include "gtest/gtest.h"

#include <cstddef>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <type_traits>

// ROCm's header defines its flags as macros, which would replace the names
// of ours: their values, taken before it is included.
#define OURS(name) constexpr auto ours_##name = mgpu::hip::name;
OURS(hipStreamNonBlocking)
OURS(hipEventDisableTiming)
OURS(hipMemAttachGlobal)
OURS(hipHostRegisterDefault)
#undef OURS

#if __has_include(<hip/hip_runtime_api.h>)
#define HAVE_ROCM_HEADER 1
#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__
#endif
#include <hip/hip_runtime_api.h>
#endif

namespace {

#ifdef HAVE_ROCM_HEADER

/// The hip_runtime_api.h type of one of ours: itself where ours is ROCm's
/// own (integers, handles), and ROCm's enums for ours.
template <typename T> struct InRocm {
  using type = T;
};
template <typename T> using InRocmType = mgpu::test::VendorTypeOf<InRocm, T>;
template <> struct InRocm<mgpu::hip::hipError_t> {
  using type = ::hipError_t;
};
template <> struct InRocm<mgpu::hip::hipMemcpyKind> {
  using type = ::hipMemcpyKind;
};

/// A type of ours that is ROCm's own.
#define CHECK_SAME_TYPE(name)                                                  \
  static_assert(std::is_same_v<mgpu::hip::name, ::name>, #name ": not "        \
                                                               "ROCm's");

CHECK_SAME_TYPE(hipModule_t)
CHECK_SAME_TYPE(hipFunction_t)
CHECK_SAME_TYPE(hipStream_t)
CHECK_SAME_TYPE(hipEvent_t)
CHECK_SAME_TYPE(hipDeviceptr_t)
static_assert(sizeof(mgpu::hip::hipError_t) == sizeof(::hipError_t));
static_assert(sizeof(mgpu::hip::hipMemcpyKind) == sizeof(::hipMemcpyKind));

/// A constant of ours: ROCm's value.
#define CHECK_VALUE(name)                                                      \
  static_assert(static_cast<long long>(mgpu::hip::name) ==                     \
                    static_cast<long long>(::name),                            \
                #name ": not ROCm's value");

CHECK_VALUE(hipSuccess)
CHECK_VALUE(hipErrorInvalidValue)
CHECK_VALUE(hipErrorOutOfMemory)
CHECK_VALUE(hipErrorNotInitialized)
CHECK_VALUE(hipErrorDeinitialized)
CHECK_VALUE(hipErrorInsufficientDriver)
CHECK_VALUE(hipErrorInvalidDeviceFunction)
CHECK_VALUE(hipErrorNoDevice)
CHECK_VALUE(hipErrorInvalidDevice)
CHECK_VALUE(hipErrorInvalidImage)
CHECK_VALUE(hipErrorInvalidContext)
CHECK_VALUE(hipErrorNoBinaryForGpu)
CHECK_VALUE(hipErrorInvalidKernelFile)
CHECK_VALUE(hipErrorSharedObjectInitFailed)
CHECK_VALUE(hipErrorInvalidHandle)
CHECK_VALUE(hipErrorNotFound)
CHECK_VALUE(hipErrorIllegalAddress)
CHECK_VALUE(hipErrorLaunchOutOfResources)
CHECK_VALUE(hipErrorAssert)
CHECK_VALUE(hipErrorHostMemoryAlreadyRegistered)
CHECK_VALUE(hipErrorHostMemoryNotRegistered)
CHECK_VALUE(hipErrorLaunchFailure)
CHECK_VALUE(hipErrorNotSupported)
CHECK_VALUE(hipErrorUnknown)
CHECK_VALUE(hipMemcpyDefault)

/// A flag of ours: the value of ROCm's macro.
#define CHECK_FLAG(name)                                                       \
  static_assert(ours_##name == (name), #name ": not ROCm's value");

CHECK_FLAG(hipStreamNonBlocking)
CHECK_FLAG(hipEventDisableTiming)
CHECK_FLAG(hipMemAttachGlobal)
CHECK_FLAG(hipHostRegisterDefault)

// ROCm 6 names hipGetDevicePropertiesR0600 so in its header; ours is the
// entry point of that name, which keeps ROCm 5's layout.
#ifdef hipGetDeviceProperties
#undef hipGetDeviceProperties
#endif

/// Whether ROCm declares `name` (one of its overloads, in C++) as a function
/// of type `Fn`: a static_cast of its address to `Fn *` compiles only then.
/// Unevaluated: the test links no ROCm.
#define CHECK_DECLARED(name, Fn)                                               \
  static_assert(std::is_same_v<decltype(static_cast<Fn *>(&::name)), Fn *>,    \
                #name ": not ROCm's signature");

// Each entry point has ROCm's signature, in ROCm's types. hipDeviceProp_t,
// which we leave undeclared (a void * of ours), is checked below.
#define MGPU_HIP_ENTRY(name)                                                   \
  CHECK_DECLARED(name, InRocmType<decltype(mgpu::hip::name)>)
#define MGPU_HIP_OPTIONAL(name)
#include "offload_runtime/hip/hip_symbols.inc"
#undef MGPU_HIP_ENTRY
#undef MGPU_HIP_OPTIONAL

using PropertiesFn = mgpu::hip::hipError_t(void *, int);
static_assert(
    std::is_same_v<decltype(mgpu::hip::hipGetDeviceProperties), PropertiesFn>);
static_assert(std::is_same_v<decltype(mgpu::hip::hipGetDevicePropertiesR0600),
                             PropertiesFn>);

using mgpu::hip::kLegacyGcnArchNameOffset;
using mgpu::hip::kLegacyPropertiesSize;
#if HIP_VERSION_MAJOR >= 6
using LegacyProperties = ::hipDeviceProp_tR0000;
using R0600Fn = ::hipError_t(::hipDeviceProp_tR0600 *, int);
CHECK_DECLARED(hipGetDevicePropertiesR0600, R0600Fn)
static_assert(offsetof(::hipDeviceProp_tR0600, gcnArchName) ==
              mgpu::hip::kR0600GcnArchNameOffset);
static_assert(sizeof(::hipDeviceProp_tR0600) ==
              mgpu::hip::kR0600PropertiesSize);
#else
using LegacyProperties = ::hipDeviceProp_t;
#endif
using LegacyFn = ::hipError_t(LegacyProperties *, int);
CHECK_DECLARED(hipGetDeviceProperties, LegacyFn)
static_assert(offsetof(LegacyProperties, gcnArchName) ==
              kLegacyGcnArchNameOffset);
static_assert(sizeof(LegacyProperties) == kLegacyPropertiesSize);
static_assert(sizeof(LegacyProperties::gcnArchName) == 256 &&
              offsetof(LegacyProperties, name) == 0);

std::string ReadFile(const char *variable) {
  const char *path = std::getenv(variable);
  std::ifstream file(path ? path : "");
  return std::string(std::istreambuf_iterator<char>(file), {});
}

TEST(HipApi, EveryConstantIsChecked) {
  const std::string header = ReadFile("HIP_API_H");
  const std::string test = ReadFile("HIP_API_TEST_CC");
  ASSERT_FALSE(header.empty());
  ASSERT_FALSE(test.empty());
  std::regex constant("\\b(hip\\w+) = ");
  // Types, enumerators and the constexpr flags.
  int found = 0;
  for (std::sregex_iterator it(header.begin(), header.end(), constant), end;
       it != end; ++it, ++found)
    EXPECT_TRUE(std::regex_search(
        test, std::regex("CHECK_[A-Z_]+\\(" + (*it)[1].str() + "\\)")))
        << (*it)[1] << " has no CHECK_ here";
  EXPECT_GT(found, 20);
}

#else

TEST(HipApi, EveryConstantIsChecked) {
  GTEST_SKIP() << "no <hip/hip_runtime_api.h>: install libamdhip64-dev "
                  "(tools/bootstrap.sh) to check hip/hip_api.h against it";
}

#endif

} // namespace
