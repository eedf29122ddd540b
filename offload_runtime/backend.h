//===- backend.h - What carries out the mgpu entry points -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The C entry points (mgpu_api.cc) check what they can and forward to the
// process's backend, one of those registered (backend_registry.h), chosen at
// the process's first call by $MGPU_DEVICE (backends.cc); each backend alone
// gives meaning to the opaque handles it hands out. The core names no
// backend: each lives in its own folder and build target.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_BACKEND_H
#define OFFLOAD_RUNTIME_BACKEND_H

#include "mgpu/mgpu.h"

#include "offload_runtime/kernel_params.h"
#include "offload_runtime/status.h"

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mgpu {

/// A kernel launch, checked by the entry point: every size is positive, the
/// block has at most 1024 threads, and `cluster` is {1, 1, 1} unless
/// `hasCluster`.
struct LaunchConfig {
  uint32_t grid[3];
  uint32_t block[3];
  uint32_t cluster[3];
  bool hasCluster;
  uint32_t sharedMemoryBytes;

  /// Whether a cluster holds more than one block: a backend without
  /// clusters runs clusters of one block as a launch without clusters, as
  /// each block would be a cluster of its own.
  bool HasMultiBlockClusters() const {
    return hasCluster && uint64_t(cluster[0]) * cluster[1] * cluster[2] != 1;
  }

  /// Sets the grid and block of a launch's struct whose fields are named as
  /// CUDA's (gridDimX to blockDimZ): CUlaunchConfig, MgpuHostBlock.
  template <typename Launch> void SetGridAndBlock(Launch &launch) const {
    launch.gridDimX = grid[0];
    launch.gridDimY = grid[1];
    launch.gridDimZ = grid[2];
    launch.blockDimX = block[0];
    launch.blockDimY = block[1];
    launch.blockDimZ = block[2];
  }
};

/// The LaunchConfig of a launch whose geometry was checked (mgpu_api.cc);
/// `cluster` is null for a launch without one.
inline LaunchConfig MakeLaunchConfig(const intptr_t grid[3],
                                     const intptr_t block[3],
                                     const intptr_t *cluster, int32_t smem) {
  LaunchConfig config;
  for (int i = 0; i < 3; ++i) {
    config.grid[i] = static_cast<uint32_t>(grid[i]);
    config.block[i] = static_cast<uint32_t>(block[i]);
    config.cluster[i] = cluster ? static_cast<uint32_t>(cluster[i]) : 1;
  }
  config.hasCluster = cluster != nullptr;
  config.sharedMemoryBytes = static_cast<uint32_t>(smem);
  return config;
}

/// mgpuLaunchKernel and mgpuStreamSynchronize, the two entry points of a loop
/// of synchronous launches, as a backend may carry them out itself, with its
/// driver's calls and little else (the CUDA backend's cuda/fast_path.cc).
/// The entry point jumps to it with its own arguments, while tracing is off;
/// what it cannot do it hands to LaunchKernelThroughBackend or
/// SynchronizeStreamThroughBackend (entry_points.h), which check and report
/// as for every backend.
using LaunchKernelFn = void (*)(MgpuFunctionHandle function, intptr_t gridX,
                                intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                                intptr_t blockY, intptr_t blockZ, int32_t smem,
                                MgpuStream stream, void **params, void **extra,
                                size_t paramsCount);
using StreamSynchronizeFn = void (*)(MgpuStream stream);
struct FastPaths {
  LaunchKernelFn launchKernel;
  StreamSynchronizeFn streamSynchronize;
  /// mgpuLaunchKernelAndSynchronize: the two above in one.
  LaunchKernelFn launchKernelAndSynchronize;
};

/// What mgpuTensorMapEncodeTiled passes on, in CUDA's terms.
struct TensorMapRequest {
  int dataType;
  uint32_t rank;
  void *globalAddress;
  const uint64_t *globalDim;
  const uint64_t *globalStrides;
  const uint32_t *boxDim;
  const uint32_t *elementStrides;
  int interleave, swizzle, l2Promotion, oobFill;
};

/// What LoadImage of a backend without a JIT answers a JIT request (a
/// `jitOptLevel`): NOT_SUPPORTED, as everything a backend lacks is on every
/// backend, saying `message`; OK for an image without one.
inline Status RefuseJit(std::optional<int> jitOptLevel,
                        std::string_view message) {
  if (!jitOptLevel)
    return OkStatus();
  return RuntimeError(MGPU_ERROR_NOT_SUPPORTED, std::string(message));
}

class Backend {
public:
  virtual ~Backend() = default;

  /// Modules: an image of `size` bytes (0 if unknown) in the backend's own
  /// format (with `jitOptLevel`, PTX compiled at that level), or a
  /// gpu.binary's objects, of which the backend loads, for each device, the
  /// one that fits it.
  virtual StatusOr<MgpuModuleHandle>
  LoadImage(const void *image, size_t size, std::optional<int> jitOptLevel) = 0;
  virtual StatusOr<MgpuModuleHandle> LoadObjects(const MgpuObject *objects,
                                                 int32_t count,
                                                 const char *binaryName) = 0;
  virtual Status Unload(MgpuModuleHandle module) = 0;
  virtual StatusOr<MgpuFunctionHandle> GetFunction(MgpuModuleHandle module,
                                                   const char *name) = 0;
  virtual Status Launch(MgpuFunctionHandle function, const LaunchConfig &config,
                        MgpuStream stream, const KernelParams &params) = 0;
  /// A launch that the calling thread waits for next, with SynchronizeStream
  /// (mgpuLaunchKernelAndSynchronize): a backend may run it on the calling
  /// thread, where its stream's own thread would only hand it over and
  /// back. By default, Launch.
  virtual Status LaunchAwaited(MgpuFunctionHandle function,
                               const LaunchConfig &config, MgpuStream stream,
                               const KernelParams &params) {
    return Launch(function, config, stream, params);
  }

  /// Streams and events; a null stream is the calling thread's own.
  virtual StatusOr<MgpuStream> CreateStream() = 0;
  virtual Status DestroyStream(MgpuStream stream) = 0;
  virtual Status SynchronizeStream(MgpuStream stream) = 0;
  virtual Status StreamWaitEvent(MgpuStream stream, MgpuEvent event) = 0;
  virtual StatusOr<MgpuEvent> CreateEvent() = 0;
  virtual Status DestroyEvent(MgpuEvent event) = 0;
  virtual Status SynchronizeEvent(MgpuEvent event) = 0;
  virtual Status RecordEvent(MgpuEvent event, MgpuStream stream) = 0;

  /// Memory: `bytes` is not 0, pointers are not null, and no range wraps
  /// around the address space.
  virtual StatusOr<void *> Allocate(uint64_t bytes, bool hostShared) = 0;
  virtual Status Free(void *ptr) = 0;
  virtual Status Copy(void *dst, const void *src, size_t bytes,
                      MgpuStream stream) = 0;
  /// Sets `count` elements of `elementBytes` (2 or 4) bytes to `value`.
  virtual Status Fill(void *dst, uint32_t value, size_t count, int elementBytes,
                      MgpuStream stream) = 0;
  virtual Status HostRegister(void *ptr, uint64_t bytes) = 0;
  virtual Status HostUnregister(void *ptr) = 0;
  /// The device's address of `ptr`, in registered host memory.
  virtual StatusOr<void *> DeviceAddressOfHostMemory(void *ptr) = 0;

  /// Tensor maps (TMA): encodes into the 128 bytes at `tensorMap`, and makes
  /// a device copy of such a map. A backend without them answers
  /// MGPU_ERROR_NOT_SUPPORTED.
  virtual Status EncodeTensorMap(void * /*tensorMap*/,
                                 const TensorMapRequest & /*request*/) {
    return NoTensorMaps();
  }
  virtual StatusOr<void *> DeviceCopyOfTensorMap(const void * /*tensorMap*/) {
    return NoTensorMaps();
  }

  /// The backend's name in its messages ("the <name> backend").
  virtual const char *GetName() const = 0;

  /// The backend's own ways through the launch loop's entry points, if any.
  virtual const FastPaths *GetFastPaths() const { return nullptr; }

  /// What the trace labels the process with once the backend is chosen
  /// (its device's name and driver), or "" for no label.
  virtual std::string TraceLabel() const { return ""; }

private:
  Status NoTensorMaps() const {
    return RuntimeError(MGPU_ERROR_NOT_SUPPORTED,
                        StrCat("tensor maps (TMA) need a CUDA device of sm_90 "
                               "or newer; the ",
                               GetName(), " backend has none"));
  }
};

/// The process's backend, chosen and started at the first call: the same
/// backend, or the same error, afterwards. Thread-safe.
StatusOr<Backend *> GetBackend();

namespace detail {
/// GetBackend's backend once chosen; null before, and after a failure.
extern std::atomic<Backend *> chosenBackend;
/// Whether its fast paths are the entry points' (set after it, when it has
/// some and tracing is off then: tracing is decided at the first call, and
/// never starts later).
extern std::atomic<bool> fastPathOn;
} // namespace detail

/// The process's backend if it has been chosen and started, else null (then
/// GetBackend): one load, inline.
inline Backend *ChosenBackend() {
  return detail::chosenBackend.load(std::memory_order_acquire);
}

/// Whether the process's backend's fast paths are on: false until the
/// backend is chosen, and while tracing. Once it is true, ChosenBackend() is
/// set. A backend fills the threads' BackendThreadCache (thread_device.h)
/// only then.
inline bool FastPathOn() {
  return detail::fastPathOn.load(std::memory_order_acquire);
}

/// The same, for a call that loads `objects` (of gpu.binary `binaryName`):
/// if it is the first, the backend is chosen by them, and by the objects
/// registered before (backends.cc).
StatusOr<Backend *> GetBackendFor(const MgpuObject *objects, int32_t count,
                                  const char *binaryName);

/// Makes the objects of a gpu.binary that loads lazily count for the choice
/// of the backend, if it is still to be made (mgpuRegisterObjects).
void RegisterObjects(const MgpuObject *objects, int32_t count,
                     const char *binaryName);

/// Whether this process is a child that fork() made after the backend was
/// chosen in its parent: it has no backend then, and what the parent's
/// backend left in it (threads' streams, modules) is not to be touched.
bool InForkedChild();

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_BACKEND_H
