//===- backend_registry.h - The backends a process may use ------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each backend describes itself and registers, from its own folder, with one
// MGPU_REGISTER_BACKEND line; the core (backends.cc) chooses among those that
// registered and names none of them. A backend linked in is a backend that
// $MGPU_DEVICE can name.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_BACKEND_REGISTRY_H
#define OFFLOAD_RUNTIME_BACKEND_REGISTRY_H

#include "offload_runtime/backend.h"

#include <memory>
#include <string>
#include <vector>

namespace mgpu {

/// What the core knows of a backend.
struct BackendDescription {
  /// Its value of $MGPU_DEVICE ("cuda").
  const char *name;
  /// How messages name it ("CUDA").
  const char *displayName;
  /// Its place in MGPU_DEVICE=auto and in messages: lower first.
  int rank;
  /// The MGPU_OBJECT_* kinds it loads: MGPU_DEVICE=auto tries it for the
  /// gpu.binaries known when one holds an object of one of these kinds.
  std::vector<int> objectKinds;
  /// How messages name one object of those kinds ("cubin sm_90").
  std::string (*describeObject)(const MgpuObject &object);
  /// Whether runsOneOf reads the bytes of its objects, not only their kind
  /// and architecture: the objects that a lazily loaded gpu.binary
  /// registers then keep a copy of their bytes until the choice.
  bool choiceReadsBytes;
  /// Whether MGPU_DEVICE=auto tries it when no gpu.binary is known (the
  /// first call allocates memory, or loads an image of upstream's
  /// mgpuModuleLoad): a backend whose devices are GPUs, not one that may
  /// be a driver running on the CPU.
  bool triedWithoutObjects;
  /// Whether it is MGPU_DEVICE=auto's last resort, started when no other
  /// can run the binaries known, and told why (the host CPU).
  bool fallback;
  /// Starts the backend, or says why it cannot run (no driver, no device).
  /// `why` says why the process chose it.
  StatusOr<std::unique_ptr<Backend>> (*create)(const std::string &why);
  /// OK if its device 0 runs one of a gpu.binary's `count` objects, else
  /// why not; asked before the backend starts, and starts nothing that
  /// lasts (MGPU_DEVICE=auto then tries the next). Null: any of its kinds.
  Status (*runsOneOf)(const MgpuObject *objects, int32_t count);
};

/// The backends registered, by rank: those linked in (MGPU_REGISTER_BACKEND),
/// described at the first call.
const std::vector<BackendDescription> &RegisteredBackends();

/// The registered backend that loads objects of `kind`, or null.
const BackendDescription *BackendForObjectKind(int kind);

/// "cubin sm_90, host x86-64": the objects as the backends that load them
/// name them, for messages.
std::string DescribeObjects(const MgpuObject *objects, int count);

} // namespace mgpu

/// Registers the backend that `describe()` describes, from its own folder
/// (whose library is linked with alwayslink): a pointer to `describe` in the
/// linker section mgpu_backends, which the core reads between the linker's
/// __start_ and __stop_ symbols. No constructor, so no order among them: a
/// program's own global constructors may load objects (#offload.loader, at
/// any priority) and find every backend.
#define MGPU_REGISTER_BACKEND(describe)                                        \
  [[gnu::section("mgpu_backends"),                                             \
    gnu::used]] static ::mgpu::BackendDescription (*const                      \
                                                       mgpuBackendEntry)() =   \
      &describe

#endif // OFFLOAD_RUNTIME_BACKEND_REGISTRY_H
