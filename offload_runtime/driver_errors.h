//===- driver_errors.h - What a driver's errors mean ------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Every backend reports a failed driver call the same way: one line that
// names the call and the driver's error, as the MGPU_ERROR_* of the same
// meaning, with advice for the errors that users cause. A backend supplies
// only its table of what its driver's results mean.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_DRIVER_ERRORS_H
#define OFFLOAD_RUNTIME_DRIVER_ERRORS_H

#include "offload_runtime/status.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace mgpu {

/// What one result of a driver means.
struct DriverResult {
  int32_t result;
  /// The MGPU_ERROR_* it reports as.
  int32_t code;
  /// What the user can do about it, or null.
  const char *advice;
  /// How the driver spells it, for a driver that cannot say; else null.
  const char *name;
};

/// A driver's table of results. A result not in it reports as `otherCode`,
/// without advice; kSameCode: as the result itself, for a driver whose
/// results are the MGPU_ERROR_*s (mgpu.h numbers them as CUDA's).
struct DriverResults {
  static constexpr int32_t kSameCode = -1;

  template <size_t N>
  constexpr DriverResults(const DriverResult (&table)[N], int32_t otherCode)
      : table(table), size(N), otherCode(otherCode) {}

  /// The entry of `result`, or null.
  const DriverResult *Find(int32_t result) const;

  const DriverResult *table;
  size_t size;
  int32_t otherCode;
};

/// "<call> failed with <errorName>: <context>; <advice>" (no context if
/// empty, no advice where `results` has none), reported as the MGPU_ERROR_*
/// that `results` gives `result`.
Status DriverCallError(const DriverResults &results, int32_t result,
                       std::string_view call, std::string_view errorName,
                       std::string_view context);

/// "device <ordinal> does not exist; this machine has <count> <device>s
/// (check <visibleVariable>)", for a driver's device that is not there.
Status NoSuchDeviceError(int ordinal, int count, const char *device,
                         const char *visibleVariable);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_DRIVER_ERRORS_H
