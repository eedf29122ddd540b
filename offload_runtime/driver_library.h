//===- driver_library.h - A backend's driver, opened at first use -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The runtime links no vendor library: a program that uses it starts, and
// runs on another backend, on a machine without one. Each backend opens its
// driver at first use (dlopen of the library its variable names, else the
// first of its search order that loads) and resolves every entry point it
// uses into one table; a missing library or entry point is one line that
// says what to install.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_DRIVER_LIBRARY_H
#define OFFLOAD_RUNTIME_DRIVER_LIBRARY_H

#include "offload_runtime/status.h"

#include <cstddef>
#include <initializer_list>
#include <string>

namespace mgpu {

/// Where a backend's driver library is, and what to say when it is not.
struct DriverLibrary {
  /// How messages name it ("the CUDA driver").
  const char *what;
  /// The environment variable that names the library to load instead of
  /// searching ("MGPU_CUDA_DRIVER").
  const char *variable;
  /// Tried in order without the variable: names for the dynamic linker, or
  /// paths, of which one may start with another variable ("$SDK_PATH/lib",
  /// left out where it is unset).
  const char *const *searchOrder;
  size_t searchOrderSize;
  /// What to do when none loads.
  const char *advice;
  /// What to do when the library the variable names does not load; null:
  /// `advice`.
  const char *variableAdvice;
};

/// The opened library, never closed, and the name it was opened by.
struct OpenedLibrary {
  void *handle;
  std::string path;
};

/// Opens the library `library` describes, or says why not.
StatusOr<OpenedLibrary> OpenDriverLibrary(const DriverLibrary &library);

/// An entry point to resolve: its name and where its address goes.
struct DriverSymbol {
  const char *name;
  void **slot;
  /// Whether the table may go without it.
  bool optional;
};

/// Fills in each of `symbols` with `lookup(name)` (a void *), or returns
/// `missing(name)` (a Status) for the first that is not optional and that
/// `lookup` does not find.
template <typename Lookup, typename Missing>
Status ResolveDriverSymbols(std::initializer_list<DriverSymbol> symbols,
                            Lookup lookup, Missing missing) {
  for (const DriverSymbol &symbol : symbols) {
    *symbol.slot = lookup(symbol.name);
    if (!*symbol.slot && !symbol.optional)
      return missing(symbol.name);
  }
  return OkStatus();
}

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_DRIVER_LIBRARY_H
