//===- module.h - Loaded GPU objects and their kernels ----------*- C++ -*-===//
//
// Part of mlir-offload.
//
// Objects are loaded as CUDA libraries (cuLibraryLoadData), which belong to
// no context: loading works from global constructors, before main() and
// before any context exists, and one handle serves every device. Kernels are
// looked up once per name and kept.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_MODULE_H
#define OFFLOAD_RUNTIME_MODULE_H

#include "offload_runtime/status.h"

#include <cuda.h>

#include <optional>

namespace mgpu {

class Module;

/// Loads a cubin, fatbin or NUL-terminated PTX. With `jitOptLevel`, PTX is
/// compiled by the driver at that level; the JIT log is part of any error.
StatusOr<Module *> LoadModule(const void *image,
                              std::optional<int> jitOptLevel);

/// Unloads `module`. During process exit (after the driver may be gone) it
/// does nothing: the process is ending anyway.
Status UnloadModule(Module *module);

/// The kernel `name` of `module`; the driver is asked on the first call only.
StatusOr<CUkernel> GetKernel(Module &module, const char *name);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_MODULE_H
