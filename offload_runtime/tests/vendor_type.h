//===- vendor_type.h - A type of ours in a vendor's header ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// For the tests that check the runtime's own declarations of a vendor's API
// (cuda_driver_api_test, hip_api_test) against the vendor's header.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTS_VENDOR_TYPE_H
#define OFFLOAD_RUNTIME_TESTS_VENDOR_TYPE_H

namespace mgpu::test {

/// The vendor's type that `T`, one of ours, is: `Map<U>::type` for each
/// type U that `T` is made of through pointers, const and function types.
/// `Map` names the vendor's type for each enum and struct of ours, and is
/// U itself for the types that both headers share (integers, handles).
template <template <typename> class Map, typename T> struct VendorType {
  using type = typename Map<T>::type;
};
template <template <typename> class Map, typename T>
using VendorTypeOf = typename VendorType<Map, T>::type;
template <template <typename> class Map, typename T>
struct VendorType<Map, T *> {
  using type = VendorTypeOf<Map, T> *;
};
template <template <typename> class Map, typename T>
struct VendorType<Map, const T> {
  using type = const VendorTypeOf<Map, T>;
};
template <template <typename> class Map, typename Result, typename... Args>
struct VendorType<Map, Result(Args...)> {
  using type = VendorTypeOf<Map, Result>(VendorTypeOf<Map, Args>...);
};

} // namespace mgpu::test

#endif // OFFLOAD_RUNTIME_TESTS_VENDOR_TYPE_H
