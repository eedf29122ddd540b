//===- FuzzInput.h - What the MLIR fuzz targets share -----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_FUZZ_FUZZINPUT_H
#define OFFLOAD_FUZZ_FUZZINPUT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace mlir::offload::fuzz {

/// One input, with a context to parse it in and a record of whether it was
/// diagnosed. The context comes from `makeContext` and is renewed every
/// `renewEvery` inputs: it keeps every attribute and type it ever uniqued,
/// so one context for a whole run grows without bound.
class FuzzInput {
public:
  FuzzInput(const uint8_t *data, size_t size,
            std::unique_ptr<MLIRContext> (*makeContext)(), unsigned renewEvery)
      : text(reinterpret_cast<const char *>(data), size),
        context(getContext(makeContext, renewEvery)),
        handler(context, [this](Diagnostic &) {
          diagnosed = true;
          return success();
        }) {}

  /// NUL-terminated, as every file MLIR's tools read: MLIR's lexer reads
  /// past the end of a buffer without one (docs/fuzzing.md, findings).
  const std::string text;
  /// Whether the fuzz target should skip the input: brackets nested
  /// deeper than MLIR's recursive parser has stack for (an upstream
  /// limitation, docs/fuzzing.md), which would stop every run there.
  bool skip() const { return nestsTooDeep(text); }
  /// The input as a module; null where it is skipped or does not parse.
  OwningOpRef<ModuleOp> parseModule() const;
  MLIRContext *const context;
  /// Whether anything was diagnosed since the input began.
  bool diagnosed = false;

private:
  static bool nestsTooDeep(const std::string &text);

  static MLIRContext *getContext(std::unique_ptr<MLIRContext> (*make)(),
                                 unsigned renewEvery) {
    static std::unique_ptr<MLIRContext> owned;
    static unsigned inputs = 0;
    if (!owned || ++inputs % renewEvery == 0)
      owned = make();
    return owned.get();
  }

  ScopedDiagnosticHandler handler;
};

} // namespace mlir::offload::fuzz

#endif // OFFLOAD_FUZZ_FUZZINPUT_H
