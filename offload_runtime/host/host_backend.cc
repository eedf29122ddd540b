//===- host_backend.cc - The mgpu entry points on the host CPU ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Modules are host objects (host_module.h), launches run on the worker pool
// (host_launch.h), streams are in-order queues with their own threads and
// events order them (host_stream.h, host_event.h), memory is host memory
// with the ABI's rules for what waits (host_memory.h). Handles are this
// backend's objects; there is one device.
//
//===----------------------------------------------------------------------===//

#include "object_format/ObjectFormat.h"
#include "offload_runtime/backend_registry.h"

#include "offload_runtime/host/device_failure.h"
#include "offload_runtime/host/host_event.h"
#include "offload_runtime/host/host_launch.h"
#include "offload_runtime/host/host_memory.h"
#include "offload_runtime/host/host_module.h"
#include "offload_runtime/host/host_stream.h"
#include "offload_runtime/host/object_selection.h"
#include "offload_runtime/host/streaming_stores.h"
#include "offload_runtime/host/thread_pool.h"
#include "offload_runtime/thread_device.h"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <unordered_set>

namespace mgpu {
namespace {

using host::HostEvent;
using host::HostMemory;
using host::HostStream;

HostStream *AsStream(MgpuStream stream) {
  return reinterpret_cast<HostStream *>(stream);
}
/// An event handle owns a reference: tasks queued on streams hold others.
using EventHandle = std::shared_ptr<HostEvent>;

/// The event handles created and not yet destroyed: a handle used after its
/// destruction is an error, not a use after free. (One whose address a later
/// event reuses cannot be told apart, as with the driver's own handles.)
class LiveEvents {
public:
  StatusOr<MgpuEvent> Create() {
    auto *handle = new EventHandle(std::make_shared<HostEvent>());
    std::lock_guard<std::mutex> lock(mutex);
    live.insert(handle);
    return reinterpret_cast<MgpuEvent>(handle);
  }

  Status Destroy(MgpuEvent event) {
    auto *handle = reinterpret_cast<EventHandle *>(event);
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (!live.erase(handle))
        return NotLive(event);
    }
    delete handle;
    return OkStatus();
  }

  /// A reference to the event, which outlives its handle.
  StatusOr<EventHandle> Get(MgpuEvent event) {
    auto *handle = reinterpret_cast<EventHandle *>(event);
    std::lock_guard<std::mutex> lock(mutex);
    if (!live.count(handle))
      return NotLive(event);
    return *handle;
  }

private:
  static Status NotLive(MgpuEvent event) {
    return RuntimeError(
        MGPU_ERROR_INVALID_HANDLE,
        StrCat("the event ", static_cast<const void *>(event),
               " is not a live event of this runtime (destroyed already, or "
               "never created by mgpuEventCreate)"));
  }

  std::mutex mutex;
  std::unordered_set<EventHandle *> live;
};

class HostBackend final : public Backend {
public:
  HostBackend(std::string why, unsigned threads)
      : why(std::move(why)), threads(threads) {}

  std::string TraceLabel() const override {
    return StrCat("host CPU, ", threads, " threads");
  }

  StatusOr<MgpuModuleHandle>
  LoadImage(const void *image, size_t size,
            std::optional<int> jitOptLevel) override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    MGPU_RETURN_IF_ERROR(RefuseJit(
        jitOptLevel,
        StrCat("the host backend has no JIT: it runs host objects, not PTX (",
               why, ")")));
    StatusOr<host::HostModule *> module = host::LoadHostObject(image, size);
    if (!module.ok())
      return RuntimeError(module.status().code(),
                          StrCat(module.status().text(), " (", why, ")"));
    return reinterpret_cast<MgpuModuleHandle>(*module);
  }

  StatusOr<MgpuModuleHandle> LoadObjects(const MgpuObject *objects,
                                         int32_t count,
                                         const char *binaryName) override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    int machine = host::GetHostElfMachine();
    int chosen = host::SelectHostObject(objects, count, machine);
    if (chosen < 0)
      return RuntimeError(
          MGPU_ERROR_NO_BINARY_FOR_GPU,
          StrCat("gpu.binary @", binaryName,
                 " has no object for the host CPU (",
                 object_format::describeElfMachine(machine), "): it holds ",
                 DescribeObjects(objects, count), "; ", why,
                 ". Compile it for the host too (the pipelines' host option, "
                 "offload_cc_library's host = True)"));
    const MgpuObject &object = objects[chosen];
    MGPU_ASSIGN_OR_RETURN(host::HostModule * module,
                          host::LoadHostObject(object.data, object.size));
    return reinterpret_cast<MgpuModuleHandle>(module);
  }

  Status Unload(MgpuModuleHandle module) override {
    return host::UnloadHostModule(reinterpret_cast<host::HostModule *>(module));
  }

  StatusOr<MgpuFunctionHandle> GetFunction(MgpuModuleHandle module,
                                           const char *name) override {
    MGPU_ASSIGN_OR_RETURN(
        host::HostKernel * kernel,
        host::GetHostKernel(*reinterpret_cast<host::HostModule *>(module),
                            name));
    return reinterpret_cast<MgpuFunctionHandle>(kernel);
  }

  Status Launch(MgpuFunctionHandle function, const LaunchConfig &config,
                MgpuStream stream, const KernelParams &params) override {
    return LaunchOn(function, config, stream, params, /*callerWaits=*/false);
  }

  Status LaunchAwaited(MgpuFunctionHandle function, const LaunchConfig &config,
                       MgpuStream stream, const KernelParams &params) override {
    return LaunchOn(function, config, stream, params, /*callerWaits=*/true);
  }

  StatusOr<MgpuStream> CreateStream() override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    MGPU_ASSIGN_OR_RETURN(HostStream * stream, host::AcquireStream());
    return reinterpret_cast<MgpuStream>(stream);
  }

  Status DestroyStream(MgpuStream stream) override {
    return host::ReleaseStream(AsStream(stream));
  }

  Status SynchronizeStream(MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(HostStream * queue, Resolve(stream));
    return queue->Synchronize();
  }

  Status StreamWaitEvent(MgpuStream stream, MgpuEvent event) override {
    return EnqueueEventStep(stream, event, "wait for event",
                            &host::HostEvent::LastRecorded,
                            &host::HostEvent::WaitFor);
  }

  StatusOr<MgpuEvent> CreateEvent() override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    return events.Create();
  }

  Status DestroyEvent(MgpuEvent event) override {
    return events.Destroy(event);
  }

  Status SynchronizeEvent(MgpuEvent event) override {
    MGPU_ASSIGN_OR_RETURN(EventHandle awaited, events.Get(event));
    awaited->WaitFor(awaited->LastRecorded());
    // The work before the recording may have failed (and been skipped).
    return host::GetDeviceFailure();
  }

  Status RecordEvent(MgpuEvent event, MgpuStream stream) override {
    return EnqueueEventStep(stream, event, "record event",
                            &host::HostEvent::Record,
                            &host::HostEvent::Complete);
  }

  StatusOr<void *> Allocate(uint64_t bytes, bool /*hostShared*/) override {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    MGPU_RETURN_IF_ERROR(host::GetDeviceFailure());
    return HostMemory::Get().Allocate(bytes);
  }

  Status Free(void *ptr) override {
    // As cuMemFree: work queued before may still use it.
    host::SynchronizeAllStreams();
    return HostMemory::Get().Free(ptr);
  }

  Status Copy(void *dst, const void *src, size_t bytes,
              MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(HostStream * queue, Resolve(stream));
    MGPU_RETURN_IF_ERROR(host::GetDeviceFailure());
    HostMemory &memory = HostMemory::Get();
    MGPU_ASSIGN_OR_RETURN(bool dstOnDevice,
                          memory.Classify(dst, bytes, "copy's destination"));
    MGPU_ASSIGN_OR_RETURN(bool srcOnDevice,
                          memory.Classify(src, bytes, "copy's source"));
    if (dstOnDevice && srcOnDevice) {
      queue->Enqueue("copy", [dst, src, bytes] {
        std::memmove(dst, src, bytes);
        return OkStatus();
      });
      return OkStatus();
    }
    // Pageable memory: the caller may change or read it once this returns.
    queue->Drain();
    MGPU_RETURN_IF_ERROR(host::GetDeviceFailure());
    std::memmove(dst, src, bytes);
    return OkStatus();
  }

  Status Fill(void *dst, uint32_t value, size_t count, int elementBytes,
              MgpuStream stream) override {
    MGPU_ASSIGN_OR_RETURN(HostStream * queue, Resolve(stream));
    MGPU_RETURN_IF_ERROR(host::GetDeviceFailure());
    auto fill = [dst, value, count, elementBytes] {
      if (elementBytes == 2) {
        auto *to = static_cast<uint16_t *>(dst);
        std::fill(to, to + count, static_cast<uint16_t>(value));
      } else {
        auto *to = static_cast<uint32_t *>(dst);
        std::fill(to, to + count, value);
      }
      return OkStatus();
    };
    MGPU_ASSIGN_OR_RETURN(
        bool onDevice,
        HostMemory::Get().Classify(dst, count * elementBytes, "fill"));
    if (onDevice) {
      queue->Enqueue("fill", fill);
      return OkStatus();
    }
    queue->Drain();
    MGPU_RETURN_IF_ERROR(host::GetDeviceFailure());
    return fill();
  }

  Status HostRegister(void *ptr, uint64_t bytes) override {
    return HostMemory::Get().Register(ptr, bytes);
  }

  Status HostUnregister(void *ptr) override {
    return HostMemory::Get().Unregister(ptr);
  }

  // Kernels run here: registered memory is where it is.
  StatusOr<void *> DeviceAddressOfHostMemory(void *ptr) override {
    MGPU_RETURN_IF_ERROR(HostMemory::Get().CheckRegistered(ptr));
    return ptr;
  }

  const char *GetName() const override { return "host"; }

private:
  /// `stream`, checked, or the calling thread's own when null; on the one
  /// device.
  static StatusOr<HostStream *> Resolve(MgpuStream stream) {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    return host::ResolveStream(AsStream(stream));
  }

  /// A launch on `stream`, which runs on the calling thread when
  /// `callerWaits` and the stream is idle (QueueLaunch).
  Status LaunchOn(MgpuFunctionHandle function, const LaunchConfig &config,
                  MgpuStream stream, const KernelParams &params,
                  bool callerWaits) {
    MGPU_RETURN_IF_ERROR(CheckDevice());
    MGPU_RETURN_IF_ERROR(host::GetDeviceFailure());
    if (params.extra)
      return RuntimeError(MGPU_ERROR_NOT_SUPPORTED,
                          "the host backend takes kernel parameters as "
                          "kernelParams, not as `extra`");
    MGPU_ASSIGN_OR_RETURN(HostStream * queue, Resolve(stream));
    return host::QueueLaunch(*queue,
                             *reinterpret_cast<host::HostKernel *>(function),
                             config, params, callerWaits);
  }

  /// Enqueues on `stream` the step of `event` that `run(recording)` does,
  /// which runs even after a failure of the work before it; `recording` is
  /// `take()`'s, now.
  Status EnqueueEventStep(MgpuStream stream, MgpuEvent event, const char *what,
                          uint64_t (host::HostEvent::*take)(),
                          void (host::HostEvent::*run)(uint64_t)) {
    MGPU_ASSIGN_OR_RETURN(HostStream * queue, Resolve(stream));
    MGPU_ASSIGN_OR_RETURN(EventHandle handle, events.Get(event));
    uint64_t recording = (*handle.*take)();
    queue->Enqueue(
        what,
        [handle, run, recording] {
          (*handle.*run)(recording);
          return OkStatus();
        },
        /*alwaysRuns=*/true);
    return OkStatus();
  }

  /// The host backend has one device; mgpuSetDefaultDevice may name another.
  static Status CheckDevice() {
    int ordinal = GetThreadDeviceOrdinal();
    if (ordinal != 0)
      return RuntimeError(MGPU_ERROR_INVALID_DEVICE,
                          StrCat("device ", ordinal,
                                 " does not exist; the host backend has one "
                                 "device, device 0"));
    return OkStatus();
  }

  /// Why this backend runs rather than a GPU's.
  const std::string why;
  /// The worker pool's threads, for the trace.
  const unsigned threads;
  LiveEvents events;
};

/// The backend that runs host objects (#offload.host) on the CPU's cores:
/// one device, device 0. `why` says why it runs, for the message about a
/// binary that has no host object. An error when $MGPU_HOST_THREADS or
/// $MGPU_HOST_STREAMING_BYTES means nothing.
StatusOr<std::unique_ptr<Backend>> Create(const std::string &why) {
  StatusOr<unsigned> threads = host::GetHostThreadCount();
  MGPU_RETURN_IF_ERROR(threads.status());
  MGPU_RETURN_IF_ERROR(host::GetStreamingBytes().status());
  return std::unique_ptr<Backend>(std::make_unique<HostBackend>(why, *threads));
}

BackendDescription Describe() {
  return {"host",
          "host",
          /*rank=*/3,
          {MGPU_OBJECT_HOST},
          &host::DescribeHostObject,
          /*choiceReadsBytes=*/false,
          /*triedWithoutObjects=*/false,
          /*fallback=*/true,
          &Create,
          /*runsOneOf=*/nullptr};
}

} // namespace

MGPU_REGISTER_BACKEND(Describe);

} // namespace mgpu
