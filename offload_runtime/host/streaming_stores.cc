//===- streaming_stores.cc - When a launch stores non-temporally ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/streaming_stores.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace mgpu::host {
namespace {

/// `text` as a whole number, saturating past 2^64; nothing if it is not one.
bool ParseBytes(std::string_view text, uint64_t &bytes) {
  if (text.empty() || text.find_first_not_of("0123456789") != text.npos)
    return false;
  bytes = 0;
  for (char c : text)
    bytes = bytes > (UINT64_MAX - 9) / 10 ? UINT64_MAX : bytes * 10 + (c - '0');
  return true;
}

/// The first line of `path`, without its newline; empty if unreadable.
std::string ReadLine(const std::string &path) {
  std::string line;
  if (FILE *file = std::fopen(path.c_str(), "r")) {
    char text[64];
    if (std::fgets(text, sizeof(text), file))
      line = text;
    std::fclose(file);
  }
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
    line.pop_back();
  return line;
}

/// The size of CPU 0's largest cache, from sysfs ("32768K"); 0 if it lists
/// none. Not sysconf(_SC_LEVEL3_CACHE_SIZE): glibc takes it from CPUID,
/// which in a virtual machine can be the host's whole L3 (320 MiB, against
/// the 32 MiB that the guest's CPUs share, on one 2-core EPYC guest).
uint64_t LargestCacheBytes() {
  uint64_t largest = 0;
  for (int index = 0; index < 16; ++index) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    std::string size = ReadLine(dir + "/size");
    if (size.empty())
      break;
    uint64_t scale = 1;
    if (size.back() == 'K')
      scale = uint64_t{1} << 10;
    else if (size.back() == 'M')
      scale = uint64_t{1} << 20;
    if (scale != 1)
      size.pop_back();
    uint64_t value = 0;
    if (ParseBytes(size, value) && value <= UINT64_MAX / scale)
      largest = std::max(largest, value * scale);
  }
  return largest;
}

StatusOr<uint64_t> ReadStreamingBytes() {
  const char *value = std::getenv("MGPU_HOST_STREAMING_BYTES");
  if (!value || !*value)
    return LargestCacheBytes();
  uint64_t bytes = 0;
  if (!ParseBytes(value, bytes))
    return RuntimeError(
        MGPU_ERROR_INVALID_VALUE,
        StrCat("MGPU_HOST_STREAMING_BYTES='", value,
               "' is not a number of bytes (a whole number; 0 turns "
               "non-temporal stores off); unset it for the CPU's largest "
               "cache (",
               LargestCacheBytes(), " bytes here)"));
  return bytes;
}

} // namespace

const StatusOr<uint64_t> &GetStreamingBytes() {
  static const StatusOr<uint64_t> bytes = ReadStreamingBytes();
  return bytes;
}

} // namespace mgpu::host
