//===- driver_errors.cc - What a driver's errors mean ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/driver_errors.h"

#include <algorithm>
#include <string>

namespace mgpu {

const DriverResult *DriverResults::Find(int32_t result) const {
  const DriverResult *end = table + size;
  const DriverResult *found =
      std::find_if(table, end, [&](const DriverResult &entry) {
        return entry.result == result;
      });
  return found == end ? nullptr : found;
}

Status DriverCallError(const DriverResults &results, int32_t result,
                       std::string_view call, std::string_view errorName,
                       std::string_view context) {
  const DriverResult *entry = results.Find(result);
  const int32_t code = entry ? entry->code
                       : results.otherCode == DriverResults::kSameCode
                           ? result
                           : results.otherCode;
  std::string message = StrCat(call, " failed with ", errorName);
  if (!context.empty())
    message += StrCat(": ", context);
  if (entry && entry->advice)
    message += StrCat("; ", entry->advice);
  return RuntimeError(code, std::move(message));
}

Status NoSuchDeviceError(int ordinal, int count, const char *device,
                         const char *visibleVariable) {
  return RuntimeError(MGPU_ERROR_INVALID_DEVICE,
                      StrCat("device ", ordinal,
                             " does not exist; this machine has ", count, " ",
                             device, count == 1 ? "" : "s", " (check ",
                             visibleVariable, ")"));
}

} // namespace mgpu
