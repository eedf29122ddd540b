//===- Registration.h - Registering the offload dialect ---------*- C++ -*-===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_REGISTRATION_H
#define OFFLOAD_DIALECTS_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// The offload dialect with its interface models (#offload.cuda's target,
/// #offload.loader's translation), and the LLVM IR translations that
/// compiling a gpu.module needs.
void registerOffloadDialect(DialectRegistry &registry);

/// The passes of the offload dialect and the pipelines (offload-lower-to-cuda,
/// offload-lower-loops-to-cuda), for command-line tools.
void registerOffloadPassesOnce();

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_REGISTRATION_H
