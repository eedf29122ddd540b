//===- driver_library.cc - A backend's driver, opened at first use --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/driver_library.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace mgpu {
namespace {

/// `entry` with a leading "$VARIABLE" replaced by its value, or empty where
/// the variable is unset.
std::string Expand(std::string_view entry) {
  if (entry.empty() || entry[0] != '$')
    return std::string(entry);
  size_t end = entry.find('/');
  std::string variable(entry.substr(1, end - 1));
  const char *value = std::getenv(variable.c_str());
  if (!value || !*value)
    return "";
  return value + std::string(entry.substr(std::min(end, entry.size())));
}

/// Whether dlopen's `error` for `path` says only that there is no such file:
/// then a search goes on without a word; any other reason (a missing
/// dependency, a wrong ELF class) is worth saying.
bool JustMissing(const std::string &path, const char *error) {
  return error && std::string(error) == path + ": cannot open shared object "
                                               "file: No such file or "
                                               "directory";
}

} // namespace

StatusOr<OpenedLibrary> OpenDriverLibrary(const DriverLibrary &library) {
  const char *chosen = std::getenv(library.variable);
  std::vector<std::string> candidates;
  if (chosen && *chosen)
    candidates.push_back(chosen);
  else
    for (size_t i = 0; i < library.searchOrderSize; ++i)
      if (std::string path = Expand(library.searchOrder[i]); !path.empty())
        candidates.push_back(std::move(path));
  std::string tried;
  const char *error = nullptr;
  for (const std::string &path : candidates) {
    if (void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL))
      return OpenedLibrary{handle, path};
    error = dlerror();
    tried += StrCat(tried.empty() ? "" : ", ", path,
                    JustMissing(path, error) ? "" : StrCat(" (", error, ")"));
  }
  if (candidates.size() != 1)
    return RuntimeError(MGPU_ERROR_NOT_INITIALIZED,
                        StrCat("cannot load ", library.what, ": tried ", tried,
                               "; ", library.advice));
  const bool named = chosen && *chosen && library.variableAdvice;
  return RuntimeError(
      MGPU_ERROR_NOT_INITIALIZED,
      StrCat("cannot load ", library.what,
             named ? StrCat(" ", library.variable, " names") : "", " (",
             error ? error : "",
             "): ", named ? library.variableAdvice : library.advice));
}

} // namespace mgpu
