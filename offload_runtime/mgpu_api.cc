//===- mgpu_api.cc - The C entry points of the mgpu runtime ---------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Thin: each entry point checks what it can without a device (null pointers,
// sizes, launch geometry), forwards to the process's backend (backend.h), and
// reports failures through the error policy (status.h). The two calls of a
// loop of synchronous launches, mgpuLaunchKernel and mgpuStreamSynchronize,
// jump to the backend's own ways through them if it has some (backend.h,
// entry_points.h).
//
//===----------------------------------------------------------------------===//

#include "mgpu/mgpu.h"

#include "offload_runtime/backend.h"
#include "offload_runtime/entry_points.h"
#include "offload_runtime/launch_geometry.h"
#include "offload_runtime/live_handles.h"
#include "offload_runtime/live_modules.h"
#include "offload_runtime/mapped_memory.h"
#include "offload_runtime/status.h"
#include "offload_runtime/thread_device.h"

#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

using namespace mgpu;

namespace {

/// Runs `body` with the process's backend.
template <typename Body>
auto WithBackend(Body &&body) -> decltype(body(nullptr)) {
  Backend *backend = ChosenBackend();
  if (__builtin_expect(!backend, 0)) {
    MGPU_ASSIGN_OR_RETURN(backend, GetBackend());
  }
  return body(backend);
}

/// The same for a call that loads `objects`, which choose the backend if
/// this is the process's first call (backends.cc).
template <typename Body>
auto WithBackendFor(const MgpuObject *objects, int32_t count,
                    const char *binaryName, Body &&body)
    -> decltype(body(nullptr)) {
  MGPU_ASSIGN_OR_RETURN(Backend * backend,
                        GetBackendFor(objects, count, binaryName));
  return body(backend);
}

Status InvalidValue(std::string message) {
  return RuntimeError(MGPU_ERROR_INVALID_VALUE, std::move(message));
}

/// An error if the `bytes` at `ptr`, the `what` of a copy, fill or
/// registration, run past the end of the address space: no backend may be
/// asked to reach them (the driver would wrap around, the host would fault).
Status CheckRange(const void *ptr, uint64_t bytes, const char *what) {
  if (bytes <= UINTPTR_MAX - reinterpret_cast<uintptr_t>(ptr))
    return OkStatus();
  return InvalidValue(StrCat(what, " of ", bytes, " bytes at ", ptr,
                             " runs past the end of the address space"));
}

/// An error unless every page of the `bytes` at `ptr` is mapped, as
/// cuMemHostRegister requires of what it registers.
Status CheckMapped(void *ptr, uint64_t bytes) {
  if (!IsMapped(ptr, bytes))
    return InvalidValue(StrCat("cannot register ", bytes, " bytes at ", ptr,
                               ": they are not all mapped memory"));
  return OkStatus();
}

/// The start and size of a densely packed memref, or an error.
StatusOr<std::pair<void *, uint64_t>>
GetDenseMemRef(int64_t rank, const MgpuMemRefDescriptor *descriptor,
               int64_t elementSizeBytes) {
  if (!descriptor || rank < 0 || elementSizeBytes <= 0)
    return InvalidValue("invalid memref descriptor, rank or element size");
  const int64_t *sizes = descriptor->sizesAndStrides;
  const int64_t *strides = sizes + rank;
  // Sizes, offset and element size come from the caller: every product is
  // checked, so that none wraps into a small, wrong range.
  int64_t elements = 1;
  for (int64_t i = rank - 1; i >= 0; --i) {
    if (sizes[i] < 0)
      return InvalidValue(
          StrCat("dimension ", i, " of the memref has size ", sizes[i]));
    if (sizes[i] > 1 && strides[i] != elements)
      return InvalidValue(
          StrCat("only densely packed memrefs can be registered; dimension ", i,
                 " has stride ", strides[i], ", expected ", elements));
    if (__builtin_mul_overflow(elements, sizes[i], &elements))
      return InvalidValue("the memref's sizes multiply past 2^63 elements");
  }
  int64_t bytes, offsetBytes;
  if (__builtin_mul_overflow(elements, elementSizeBytes, &bytes) ||
      descriptor->offset < 0 ||
      __builtin_mul_overflow(descriptor->offset, elementSizeBytes,
                             &offsetBytes) ||
      uintptr_t(offsetBytes) > UINTPTR_MAX - uintptr_t(descriptor->aligned))
    return InvalidValue(StrCat("the memref (", elements, " elements of ",
                               elementSizeBytes, " bytes at offset ",
                               descriptor->offset,
                               ") lies outside the address space"));
  char *start = descriptor->aligned + offsetBytes;
  return std::make_pair(static_cast<void *>(start),
                        static_cast<uint64_t>(bytes));
}

/// `loaded`, recorded as live.
StatusOr<MgpuModuleHandle> Track(Backend *backend,
                                 StatusOr<MgpuModuleHandle> loaded) {
  if (!loaded.ok())
    return loaded;
  try {
    AddLiveModule(*loaded);
  } catch (...) {
    (void)backend->Unload(*loaded);
    throw;
  }
  return loaded;
}

/// Records a stream or event that `backend` made with `add`, or destroys it
/// if that fails.
template <typename Handle>
void Keep(Backend *backend, Handle handle, void (*add)(Handle)) {
  try {
    add(handle);
  } catch (...) {
    if constexpr (std::is_same_v<Handle, MgpuStream>)
      (void)backend->DestroyStream(handle);
    else
      (void)backend->DestroyEvent(handle);
    throw;
  }
}

StatusOr<MgpuModuleHandle> LoadObjects(Backend *backend,
                                       const MgpuObject *objects, int32_t count,
                                       const char *binaryName) {
  if (!objects || count <= 0)
    return InvalidValue(StrCat("gpu.binary @", binaryName ? binaryName : "?",
                               " has no objects"));
  for (int32_t i = 0; i < count; ++i)
    if (!objects[i].data || !objects[i].size)
      return InvalidValue(StrCat("object ", i, " of gpu.binary @",
                                 binaryName ? binaryName : "?",
                                 " has no bytes (its data is null or its "
                                 "size 0)"));
  return Track(backend, backend->LoadObjects(objects, count,
                                             binaryName ? binaryName : "?"));
}

/// `function`, found in `module`: live until the module's unload, and named
/// by `name` in the trace.
StatusOr<MgpuFunctionHandle> FoundKernel(MgpuModuleHandle module,
                                         StatusOr<MgpuFunctionHandle> function,
                                         const char *name) {
  if (!function.ok())
    return function;
  AddLiveKernel(module, *function);
  trace::NameKernel(*function, name);
  return function;
}

Status NotLoaded(MgpuModuleHandle module) {
  return RuntimeError(MGPU_ERROR_INVALID_HANDLE,
                      StrCat("the module ", static_cast<const void *>(module),
                             " is not loaded (already unloaded, or not a "
                             "module handle)"));
}

} // namespace

//===----------------------------------------------------------------------===//
// Modules and kernels
//===----------------------------------------------------------------------===//

MgpuModuleHandle mgpuModuleLoad(void *data, size_t size) {
  return RunEntryPoint(
      "mgpuModuleLoad", MgpuModuleHandle(nullptr),
      [&]() -> StatusOr<MgpuModuleHandle> {
        if (!data)
          return InvalidValue("the GPU object is null");
        return WithBackend([&](Backend *backend) {
          return Track(backend, backend->LoadImage(data, size, std::nullopt));
        });
      },
      [&](trace::Args &args) { args.Add("bytes", int64_t(size)); });
}

MgpuModuleHandle mgpuModuleLoadJIT(void *data, int optLevel) {
  return RunEntryPoint(
      "mgpuModuleLoadJIT", MgpuModuleHandle(nullptr),
      [&]() -> StatusOr<MgpuModuleHandle> {
        if (!data)
          return InvalidValue("the GPU object is null");
        if (optLevel < 0 || optLevel > 4)
          return InvalidValue(
              StrCat("JIT optimization level ", optLevel, " is not 0 to 4"));
        return WithBackend([&](Backend *backend) {
          return Track(backend, backend->LoadImage(data, 0, optLevel));
        });
      },
      [&](trace::Args &args) { args.Add("optLevel", int64_t(optLevel)); });
}

void mgpuModuleUnload(MgpuModuleHandle module) {
  RunEntryPoint(
      "mgpuModuleUnload",
      [&]() -> Status {
        // A module never loaded: lazy loading that never launched. In a
        // forked child, the parent's, which the child's global destructors
        // unload: the child has nothing to unload.
        if (!module || InForkedChild())
          return OkStatus();
        if (!RemoveLiveModule(module))
          return NotLoaded(module);
        return WithBackend(
            [&](Backend *backend) { return backend->Unload(module); });
      },
      [&](trace::Args &args) { args.Add("module", module); });
}

MgpuFunctionHandle mgpuModuleGetFunction(MgpuModuleHandle module,
                                         const char *name) {
  return RunEntryPoint(
      "mgpuModuleGetFunction", MgpuFunctionHandle(nullptr),
      [&]() -> StatusOr<MgpuFunctionHandle> {
        if (!module)
          return RuntimeError(MGPU_ERROR_INVALID_HANDLE,
                              StrCat("the module is null (a failed "
                                     "mgpuModuleLoad?) looking up '",
                                     name ? name : "", "'"));
        if (!name)
          return InvalidValue("the kernel name is null");
        if (!IsLiveModule(module))
          return NotLoaded(module);
        return WithBackend([&](Backend *backend) {
          return FoundKernel(module, backend->GetFunction(module, name), name);
        });
      },
      [&](trace::Args &args) {
        args.Add("module", module).Add("kernel", name);
      });
}

MgpuModuleHandle mgpuModuleLoadObjects(const MgpuObject *objects, int32_t count,
                                       const char *binaryName) {
  return RunEntryPoint(
      "mgpuModuleLoadObjects", MgpuModuleHandle(nullptr),
      [&]() -> StatusOr<MgpuModuleHandle> {
        return WithBackendFor(
            objects, count, binaryName, [&](Backend *backend) {
              return LoadObjects(backend, objects, count, binaryName);
            });
      },
      [&](trace::Args &args) {
        args.Add("binary", binaryName).Add("objects", int64_t(count));
      });
}

void mgpuRegisterObjects(const MgpuObject *objects, int32_t count,
                         const char *binaryName) {
  RunEntryPoint(
      "mgpuRegisterObjects",
      [&]() -> Status {
        if (!objects || count <= 0)
          return InvalidValue(StrCat("gpu.binary @",
                                     binaryName ? binaryName : "?",
                                     " has no objects"));
        RegisterObjects(objects, count, binaryName);
        return OkStatus();
      },
      [&](trace::Args &args) {
        args.Add("binary", binaryName).Add("objects", int64_t(count));
      });
}

MgpuFunctionHandle mgpuGetFunctionLazily(MgpuModuleHandle *module,
                                         const MgpuObject *objects,
                                         int32_t count, const char *binaryName,
                                         const char *kernelName,
                                         MgpuFunctionHandle *kernel) {
  return RunEntryPoint(
      "mgpuGetFunctionLazily", MgpuFunctionHandle(nullptr),
      [&]() -> StatusOr<MgpuFunctionHandle> {
        if (!module || !kernel)
          return InvalidValue("null module or kernel slot");
        if (!kernelName)
          return InvalidValue("the kernel name is null");
        return WithBackendFor(
            objects, count, binaryName,
            [&](Backend *backend) -> StatusOr<MgpuFunctionHandle> {
              // First launches are rare: one lock for all of them is enough.
              static std::mutex mutex;
              std::lock_guard<std::mutex> lock(mutex);
              if (!*module) {
                MGPU_ASSIGN_OR_RETURN(
                    *module, LoadObjects(backend, objects, count, binaryName));
              } else if (!IsLiveModule(*module)) {
                // Unloaded (by the binary's global destructor), and launched
                // from a later one.
                return NotLoaded(*module);
              }
              MGPU_ASSIGN_OR_RETURN(
                  MgpuFunctionHandle function,
                  FoundKernel(*module,
                              backend->GetFunction(*module, kernelName),
                              kernelName));
              __atomic_store_n(kernel, function, __ATOMIC_RELEASE);
              return function;
            });
      },
      [&](trace::Args &args) {
        args.Add("binary", binaryName).Add("kernel", kernelName);
      });
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

namespace {
[[gnu::noinline, gnu::cold]] Status
NotALiveKernel(MgpuFunctionHandle function) {
  if (!function)
    return RuntimeError(MGPU_ERROR_INVALID_HANDLE,
                        "the kernel handle is null (a failed "
                        "mgpuModuleGetFunction?)");
  return RuntimeError(
      MGPU_ERROR_INVALID_HANDLE,
      StrCat("the kernel ", static_cast<const void *>(function),
             " is not a kernel of a loaded module (its module was unloaded, "
             "or it is not a handle from mgpuModuleGetFunction)"));
}

/// `awaited`: the caller synchronizes with `stream` next.
Status Launch(MgpuFunctionHandle function, const intptr_t *cluster,
              const intptr_t grid[3], const intptr_t block[3], int32_t smem,
              MgpuStream stream, const KernelParams &params,
              bool awaited = false) {
  // False for null too.
  if (!IsLiveKernel(function))
    return NotALiveKernel(function);
  if (BadGeometry bad = CheckGeometry(grid[0], grid[1], grid[2], block[0],
                                      block[1], block[2], cluster, smem);
      bad != BadGeometry::kNone)
    return GeometryError(bad, grid, block, cluster, smem);
  MGPU_RETURN_IF_ERROR(CheckStream(stream));
  LaunchConfig config = MakeLaunchConfig(grid, block, cluster, smem);
  return WithBackend([&](Backend *backend) {
    return awaited ? backend->LaunchAwaited(function, config, stream, params)
                   : backend->Launch(function, config, stream, params);
  });
}

/// A launch's event: what cuLaunchKernel would be asked.
void DescribeLaunch(trace::Args &args, MgpuFunctionHandle function,
                    const intptr_t grid[3], const intptr_t block[3],
                    int32_t smem, MgpuStream stream) {
  const int64_t gridDims[3] = {grid[0], grid[1], grid[2]};
  const int64_t blockDims[3] = {block[0], block[1], block[2]};
  args.Add("kernel", trace::KernelName(function))
      .Add("grid", gridDims)
      .Add("block", blockDims)
      .Add("sharedMemoryBytes", int64_t(smem))
      .Add("stream", stream);
}

/// mgpuLaunchKernel the whole way; `awaited` when the caller synchronizes
/// with `stream` next (mgpuLaunchKernelAndSynchronize).
void LaunchWholeWay(bool awaited, MgpuFunctionHandle function, intptr_t gridX,
                    intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                    intptr_t blockY, intptr_t blockZ, int32_t smem,
                    MgpuStream stream, void **params, void **extra,
                    size_t paramsCount) {
  const intptr_t grid[3] = {gridX, gridY, gridZ};
  const intptr_t block[3] = {blockX, blockY, blockZ};
  RunEntryPoint(
      "mgpuLaunchKernel",
      [&] {
        return Launch(function, nullptr, grid, block, smem, stream,
                      {params, extra, paramsCount}, awaited);
      },
      [&](trace::Args &args) {
        DescribeLaunch(args, function, grid, block, smem, stream);
      });
}
} // namespace

#if defined(__x86_64__) && defined(__ELF__)
/// The entry point NAME as one instruction: a jump through the function
/// pointer whose assembler name is SLOT (entry_points.h), with every
/// argument where the caller put it. (GCC 12 compiles the same sibling call
/// in C++ to a jump that first stores the six arguments on the stack again
/// where they already are: 20 instructions a launch.) On x86-64 the load is
/// acquire by itself.
#define MGPU_JUMP_ENTRY_POINT(NAME, SLOT)                                      \
  asm(".text\n"                                                                \
      ".globl " #NAME "\n"                                                     \
      ".type " #NAME ", @function\n"                                           \
      ".p2align 4\n" #NAME ":\n"                                               \
      ".cfi_startproc\n"                                                       \
      "jmp *" #SLOT "(%rip)\n"                                                 \
      ".cfi_endproc\n"                                                         \
      ".size " #NAME ", .-" #NAME "\n")
#endif

void mgpu::LaunchKernelThroughBackend(
    MgpuFunctionHandle function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
    intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem,
    MgpuStream stream, void **params, void **extra, size_t paramsCount) {
  LaunchWholeWay(/*awaited=*/false, function, gridX, gridY, gridZ, blockX,
                 blockY, blockZ, smem, stream, params, extra, paramsCount);
}

std::atomic<LaunchKernelFn> mgpu::detail::launchKernel{
    &LaunchKernelThroughBackend};

#if defined(__x86_64__) && defined(__ELF__)
MGPU_JUMP_ENTRY_POINT(mgpuLaunchKernel, mgpu_detail_launchKernel);
#else
void mgpuLaunchKernel(MgpuFunctionHandle function, intptr_t gridX,
                      intptr_t gridY, intptr_t gridZ, intptr_t blockX,
                      intptr_t blockY, intptr_t blockZ, int32_t smem,
                      MgpuStream stream, void **params, void **extra,
                      size_t paramsCount) {
  detail::launchKernel.load(std::memory_order_acquire)(
      function, gridX, gridY, gridZ, blockX, blockY, blockZ, smem, stream,
      params, extra, paramsCount);
}
#endif

void mgpu::LaunchKernelAndSynchronizeThroughBackend(
    MgpuFunctionHandle function, intptr_t gridX, intptr_t gridY, intptr_t gridZ,
    intptr_t blockX, intptr_t blockY, intptr_t blockZ, int32_t smem,
    MgpuStream stream, void **params, void **extra, size_t paramsCount) {
  LaunchWholeWay(/*awaited=*/true, function, gridX, gridY, gridZ, blockX,
                 blockY, blockZ, smem, stream, params, extra, paramsCount);
  SynchronizeStreamThroughBackend(stream);
}

std::atomic<LaunchKernelFn> mgpu::detail::launchKernelAndSynchronize{
    &LaunchKernelAndSynchronizeThroughBackend};

#if defined(__x86_64__) && defined(__ELF__)
MGPU_JUMP_ENTRY_POINT(mgpuLaunchKernelAndSynchronize,
                      mgpu_detail_launchKernelAndSynchronize);
#else
void mgpuLaunchKernelAndSynchronize(MgpuFunctionHandle function, intptr_t gridX,
                                    intptr_t gridY, intptr_t gridZ,
                                    intptr_t blockX, intptr_t blockY,
                                    intptr_t blockZ, int32_t smem,
                                    MgpuStream stream, void **params,
                                    void **extra, size_t paramsCount) {
  detail::launchKernelAndSynchronize.load(std::memory_order_acquire)(
      function, gridX, gridY, gridZ, blockX, blockY, blockZ, smem, stream,
      params, extra, paramsCount);
}
#endif

void mgpuLaunchClusterKernel(MgpuFunctionHandle function, intptr_t clusterX,
                             intptr_t clusterY, intptr_t clusterZ,
                             intptr_t gridX, intptr_t gridY, intptr_t gridZ,
                             intptr_t blockX, intptr_t blockY, intptr_t blockZ,
                             int32_t smem, MgpuStream stream, void **params,
                             void **extra) {
  const intptr_t cluster[3] = {clusterX, clusterY, clusterZ};
  const intptr_t grid[3] = {gridX, gridY, gridZ};
  const intptr_t block[3] = {blockX, blockY, blockZ};
  RunEntryPoint(
      "mgpuLaunchClusterKernel",
      [&] {
        return Launch(function, cluster, grid, block, smem, stream,
                      {params, extra, std::nullopt});
      },
      [&](trace::Args &args) {
        DescribeLaunch(args, function, grid, block, smem, stream);
        const int64_t clusterDims[3] = {cluster[0], cluster[1], cluster[2]};
        args.Add("cluster", clusterDims);
      });
}

//===----------------------------------------------------------------------===//
// Streams and events
//===----------------------------------------------------------------------===//

MgpuStream mgpuStreamCreate(void) {
  return RunEntryPoint(
      "mgpuStreamCreate", MgpuStream(nullptr), [&]() -> StatusOr<MgpuStream> {
        return WithBackend([&](Backend *backend) -> StatusOr<MgpuStream> {
          MGPU_ASSIGN_OR_RETURN(MgpuStream stream, backend->CreateStream());
          Keep(backend, stream, &AddLiveStream);
          return stream;
        });
      });
}

void mgpuStreamDestroy(MgpuStream stream) {
  RunEntryPoint(
      "mgpuStreamDestroy",
      [&]() -> Status {
        if (!stream)
          return OkStatus();
        // Forgotten first: once the backend has it back, another thread may
        // be given the same handle. Live again if the backend fails.
        MGPU_RETURN_IF_ERROR(RemoveLiveStream(stream));
        return WithBackend([&](Backend *backend) {
          Status destroyed = backend->DestroyStream(stream);
          if (!destroyed.ok())
            AddLiveStream(stream);
          return destroyed;
        });
      },
      [&](trace::Args &args) { args.Add("stream", stream); });
}

void mgpu::SynchronizeStreamThroughBackend(MgpuStream stream) {
  RunEntryPoint(
      "mgpuStreamSynchronize",
      [&] {
        MGPU_RETURN_IF_ERROR(CheckStream(stream));
        return WithBackend([&](Backend *backend) {
          return backend->SynchronizeStream(stream);
        });
      },
      [&](trace::Args &args) { args.Add("stream", stream); });
}

std::atomic<StreamSynchronizeFn> mgpu::detail::streamSynchronize{
    &SynchronizeStreamThroughBackend};

#if defined(__x86_64__) && defined(__ELF__)
MGPU_JUMP_ENTRY_POINT(mgpuStreamSynchronize, mgpu_detail_streamSynchronize);
#else
void mgpuStreamSynchronize(MgpuStream stream) {
  detail::streamSynchronize.load(std::memory_order_acquire)(stream);
}
#endif

void mgpuStreamWaitEvent(MgpuStream stream, MgpuEvent event) {
  RunEntryPoint(
      "mgpuStreamWaitEvent",
      [&]() -> Status {
        MGPU_RETURN_IF_ERROR(CheckStream(stream));
        MGPU_RETURN_IF_ERROR(CheckEvent(event));
        return WithBackend([&](Backend *backend) {
          return backend->StreamWaitEvent(stream, event);
        });
      },
      [&](trace::Args &args) {
        args.Add("stream", stream).Add("event", event);
      });
}

MgpuEvent mgpuEventCreate(void) {
  return RunEntryPoint(
      "mgpuEventCreate", MgpuEvent(nullptr), [&]() -> StatusOr<MgpuEvent> {
        return WithBackend([&](Backend *backend) -> StatusOr<MgpuEvent> {
          MGPU_ASSIGN_OR_RETURN(MgpuEvent event, backend->CreateEvent());
          Keep(backend, event, &AddLiveEvent);
          return event;
        });
      });
}

void mgpuEventDestroy(MgpuEvent event) {
  RunEntryPoint("mgpuEventDestroy", [&]() -> Status {
    // As mgpuStreamDestroy and free: nothing to destroy.
    if (!event)
      return OkStatus();
    MGPU_RETURN_IF_ERROR(RemoveLiveEvent(event));
    return WithBackend([&](Backend *backend) {
      Status destroyed = backend->DestroyEvent(event);
      if (!destroyed.ok())
        AddLiveEvent(event);
      return destroyed;
    });
  });
}

void mgpuEventSynchronize(MgpuEvent event) {
  RunEntryPoint(
      "mgpuEventSynchronize",
      [&]() -> Status {
        MGPU_RETURN_IF_ERROR(CheckEvent(event));
        return WithBackend(
            [&](Backend *backend) { return backend->SynchronizeEvent(event); });
      },
      [&](trace::Args &args) { args.Add("event", event); });
}

void mgpuEventRecord(MgpuEvent event, MgpuStream stream) {
  RunEntryPoint(
      "mgpuEventRecord",
      [&]() -> Status {
        MGPU_RETURN_IF_ERROR(CheckEvent(event));
        MGPU_RETURN_IF_ERROR(CheckStream(stream));
        return WithBackend([&](Backend *backend) {
          return backend->RecordEvent(event, stream);
        });
      },
      [&](trace::Args &args) {
        args.Add("event", event).Add("stream", stream);
      });
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

void *mgpuMemAlloc(uint64_t sizeBytes, MgpuStream /*stream*/, bool hostShared) {
  return RunEntryPoint(
      "mgpuMemAlloc", static_cast<void *>(nullptr),
      [&]() -> StatusOr<void *> {
        if (sizeBytes == 0)
          return nullptr;
        return WithBackend([&](Backend *backend) -> StatusOr<void *> {
          MGPU_ASSIGN_OR_RETURN(void *ptr,
                                backend->Allocate(sizeBytes, hostShared));
          try {
            AddAllocation(ptr, sizeBytes);
          } catch (...) {
            (void)backend->Free(ptr);
            throw;
          }
          return ptr;
        });
      },
      [&](trace::Args &args) {
        args.Add("bytes", int64_t(sizeBytes))
            .Add("hostShared", int64_t(hostShared));
      });
}

void mgpuMemFree(void *ptr, MgpuStream /*stream*/) {
  RunEntryPoint(
      "mgpuMemFree",
      [&]() -> Status {
        if (!ptr)
          return OkStatus();
        // As streams: forgotten first, and back if the backend fails.
        std::optional<uint64_t> bytes = RemoveAllocation(ptr);
        if (!bytes)
          return InvalidValue(StrCat("cannot free ", ptr,
                                     ": it is not memory from mgpuMemAlloc "
                                     "(freed already, or never allocated)"));
        return WithBackend([&](Backend *backend) {
          Status freed = backend->Free(ptr);
          if (!freed.ok())
            AddAllocation(ptr, *bytes);
          return freed;
        });
      },
      [&](trace::Args &args) { args.Add("pointer", ptr); });
}

void mgpuMemcpy(void *dst, void *src, size_t sizeBytes, MgpuStream stream) {
  RunEntryPoint(
      "mgpuMemcpy",
      [&]() -> Status {
        if (sizeBytes == 0)
          return OkStatus();
        if (!dst || !src)
          return InvalidValue(StrCat("a copy of ", sizeBytes,
                                     " bytes with a null ",
                                     dst ? "source" : "destination"));
        MGPU_RETURN_IF_ERROR(
            CheckRange(dst, sizeBytes, "the copy's destination"));
        MGPU_RETURN_IF_ERROR(CheckRange(src, sizeBytes, "the copy's source"));
        MGPU_RETURN_IF_ERROR(
            CheckWithinAllocation(dst, sizeBytes, "the copy's destination"));
        MGPU_RETURN_IF_ERROR(
            CheckWithinAllocation(src, sizeBytes, "the copy's source"));
        MGPU_RETURN_IF_ERROR(CheckStream(stream));
        return WithBackend([&](Backend *backend) {
          return backend->Copy(dst, src, sizeBytes, stream);
        });
      },
      [&](trace::Args &args) {
        args.Add("bytes", int64_t(sizeBytes))
            .Add("destination", dst)
            .Add("source", src)
            .Add("stream", stream);
      });
}

namespace {
Status Fill(void *dst, uint32_t value, size_t count, int elementBytes,
            MgpuStream stream) {
  if (count == 0)
    return OkStatus();
  if (!dst)
    return InvalidValue(StrCat("setting ", count, " elements at null"));
  if (count > SIZE_MAX / elementBytes)
    return InvalidValue(
        StrCat("setting ", count, " elements of ", elementBytes,
               " bytes: more bytes than the address space has"));
  // As cuMemsetD16 and cuMemsetD32 have it.
  if (reinterpret_cast<uintptr_t>(dst) % elementBytes)
    return InvalidValue(StrCat("setting ", elementBytes, "-byte elements at ",
                               dst, ", which is not ", elementBytes,
                               "-byte aligned"));
  MGPU_RETURN_IF_ERROR(CheckRange(dst, count * elementBytes, "the fill"));
  MGPU_RETURN_IF_ERROR(
      CheckWithinAllocation(dst, count * elementBytes, "the fill"));
  MGPU_RETURN_IF_ERROR(CheckStream(stream));
  return WithBackend([&](Backend *backend) {
    return backend->Fill(dst, value, count, elementBytes, stream);
  });
}

void DescribeFill(trace::Args &args, void *dst, size_t count, int elementBytes,
                  MgpuStream stream) {
  args.Add("destination", dst)
      .Add("bytes", int64_t(count) * elementBytes)
      .Add("stream", stream);
}
} // namespace

void mgpuMemset32(void *dst, unsigned int value, size_t count,
                  MgpuStream stream) {
  RunEntryPoint(
      "mgpuMemset32", [&] { return Fill(dst, value, count, 4, stream); },
      [&](trace::Args &args) { DescribeFill(args, dst, count, 4, stream); });
}

void mgpuMemset16(void *dst, unsigned short value, size_t count,
                  MgpuStream stream) {
  RunEntryPoint(
      "mgpuMemset16", [&] { return Fill(dst, value, count, 2, stream); },
      [&](trace::Args &args) { DescribeFill(args, dst, count, 2, stream); });
}

namespace {
Status HostRegister(void *ptr, uint64_t bytes) {
  if (!ptr || bytes == 0)
    return InvalidValue(
        StrCat("cannot register ", bytes, " bytes at ", ptr ? "" : "null ", ptr,
               ": the memory must be at least 1 byte, not null"));
  MGPU_RETURN_IF_ERROR(CheckRange(ptr, bytes, "the registration"));
  MGPU_RETURN_IF_ERROR(CheckMapped(ptr, bytes));
  return WithBackend(
      [&](Backend *backend) { return backend->HostRegister(ptr, bytes); });
}
Status HostUnregister(void *ptr) {
  if (!ptr)
    return InvalidValue("cannot unregister null");
  return WithBackend(
      [&](Backend *backend) { return backend->HostUnregister(ptr); });
}
} // namespace

void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  RunEntryPoint(
      "mgpuMemHostRegister", [&] { return HostRegister(ptr, sizeBytes); },
      [&](trace::Args &args) {
        args.Add("pointer", ptr).Add("bytes", int64_t(sizeBytes));
      });
}

void mgpuMemHostUnregister(void *ptr) {
  RunEntryPoint("mgpuMemHostUnregister", [&] { return HostUnregister(ptr); });
}

void mgpuMemHostRegisterMemRef(int64_t rank, MgpuMemRefDescriptor *descriptor,
                               int64_t elementSizeBytes) {
  RunEntryPoint("mgpuMemHostRegisterMemRef", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(auto memref,
                          GetDenseMemRef(rank, descriptor, elementSizeBytes));
    return HostRegister(memref.first, memref.second);
  });
}

void mgpuMemHostUnregisterMemRef(int64_t rank, MgpuMemRefDescriptor *descriptor,
                                 int64_t elementSizeBytes) {
  RunEntryPoint("mgpuMemHostUnregisterMemRef", [&]() -> Status {
    MGPU_ASSIGN_OR_RETURN(auto memref,
                          GetDenseMemRef(rank, descriptor, elementSizeBytes));
    return HostUnregister(memref.first);
  });
}

namespace {
/// The memref of the device's address of `aligned` (registered host
/// memory), as upstream's runtime wrappers give it: both pointers that address,
/// the rest as it was; null pointers where there is none.
MgpuMemRef1d GetDeviceMemRef1d(const char *entryPoint, void *aligned,
                               int64_t offset, int64_t size, int64_t stride) {
  const MgpuMemRef1d none = {nullptr, nullptr, offset, size, stride};
  return RunEntryPoint(
      entryPoint, none,
      [&]() -> StatusOr<MgpuMemRef1d> {
        if (!aligned)
          return InvalidValue("the memref's aligned pointer is null");
        MGPU_ASSIGN_OR_RETURN(void *device, WithBackend([&](Backend *backend) {
                                return backend->DeviceAddressOfHostMemory(
                                    aligned);
                              }));
        return MgpuMemRef1d{device, device, offset, size, stride};
      },
      [&](trace::Args &args) {
        args.Add("pointer", aligned).Add("size", size);
      });
}
} // namespace

MgpuMemRef1d mgpuMemGetDeviceMemRef1dFloat(float * /*allocated*/,
                                           float *aligned, int64_t offset,
                                           int64_t size, int64_t stride) {
  return GetDeviceMemRef1d("mgpuMemGetDeviceMemRef1dFloat", aligned, offset,
                           size, stride);
}

MgpuMemRef1d mgpuMemGetDeviceMemRef1dInt32(int32_t * /*allocated*/,
                                           int32_t *aligned, int64_t offset,
                                           int64_t size, int64_t stride) {
  return GetDeviceMemRef1d("mgpuMemGetDeviceMemRef1dInt32", aligned, offset,
                           size, stride);
}

//===----------------------------------------------------------------------===//
// Devices
//===----------------------------------------------------------------------===//

void mgpuSetDefaultDevice(int32_t device) { SetThreadDeviceOrdinal(device); }

//===----------------------------------------------------------------------===//
// Tensor maps
//===----------------------------------------------------------------------===//

namespace {
constexpr int kMaxTensorRank = 5;

/// Bytes per element of each of CUDA's tensor map data types, in their
/// enum's order.
constexpr int kTensorMapElementBytes[] = {1, 2, 4, 4, 8, 8, 2,
                                          4, 8, 2, 4, 4, 4};

Status CheckTensorMapKind(int64_t rank, int64_t dataType) {
  if (rank < 1 || rank > kMaxTensorRank)
    return InvalidValue(StrCat("tensor maps have rank 1 to 5, not ", rank));
  if (dataType < 0 ||
      dataType >= static_cast<int64_t>(std::size(kTensorMapElementBytes)))
    return InvalidValue(StrCat("unknown tensor map data type ", dataType));
  return OkStatus();
}
} // namespace

void mgpuTensorMapEncodeTiled(void *tensorMap, int tensorDataType,
                              uint32_t tensorRank, void *globalAddress,
                              const uint64_t *globalDim,
                              const uint64_t *globalStrides,
                              const uint32_t *boxDim,
                              const uint32_t *elementStrides, int interleave,
                              int swizzle, int l2Promotion, int oobFill) {
  RunEntryPoint("mgpuTensorMapEncodeTiled", [&]() -> Status {
    MGPU_RETURN_IF_ERROR(CheckTensorMapKind(tensorRank, tensorDataType));
    if (!tensorMap || !globalDim || !boxDim || !elementStrides ||
        (tensorRank > 1 && !globalStrides))
      return InvalidValue("a tensor map or one of its arrays is null");
    TensorMapRequest request = {tensorDataType, tensorRank,    globalAddress,
                                globalDim,      globalStrides, boxDim,
                                elementStrides, interleave,    swizzle,
                                l2Promotion,    oobFill};
    return WithBackend([&](Backend *backend) {
      return backend->EncodeTensorMap(tensorMap, request);
    });
  });
}

void *mgpuTensorMapEncodeTiledMemref(int64_t tensorRank, void *rankedDescriptor,
                                     int64_t tensorDataType, int64_t interleave,
                                     int64_t swizzle, int64_t l2Promotion,
                                     int64_t oobFill, int64_t *inputBoxDims) {
  return RunEntryPoint(
      "mgpuTensorMapEncodeTiledMemref", static_cast<void *>(nullptr),
      [&]() -> StatusOr<void *> {
        MGPU_RETURN_IF_ERROR(CheckTensorMapKind(tensorRank, tensorDataType));
        if (!rankedDescriptor || !inputBoxDims)
          return InvalidValue("the memref descriptor or the box is null");
        auto *descriptor =
            static_cast<const MgpuMemRefDescriptor *>(rankedDescriptor);
        const int64_t *sizes = descriptor->sizesAndStrides;
        const int64_t *strides = sizes + tensorRank;
        const int elementBytes = kTensorMapElementBytes[tensorDataType];
        // CUDA orders dimensions innermost first.
        uint64_t globalDim[kMaxTensorRank] = {1, 1, 1, 1, 1};
        uint64_t globalStrides[kMaxTensorRank] = {0};
        uint32_t boxDim[kMaxTensorRank] = {1, 1, 1, 1, 1};
        uint32_t elementStrides[kMaxTensorRank] = {1, 1, 1, 1, 1};
        for (int64_t i = 0; i < tensorRank; ++i) {
          globalDim[i] = sizes[tensorRank - 1 - i];
          boxDim[i] = static_cast<uint32_t>(inputBoxDims[tensorRank - 1 - i]);
        }
        for (int64_t i = 0; i + 1 < tensorRank; ++i)
          globalStrides[i] = strides[tensorRank - 2 - i] * elementBytes;
        TensorMapRequest request = {static_cast<int>(tensorDataType),
                                    static_cast<uint32_t>(tensorRank),
                                    descriptor->aligned +
                                        descriptor->offset * elementBytes,
                                    globalDim,
                                    globalStrides,
                                    boxDim,
                                    elementStrides,
                                    static_cast<int>(interleave),
                                    static_cast<int>(swizzle),
                                    static_cast<int>(l2Promotion),
                                    static_cast<int>(oobFill)};
        return WithBackend([&](Backend *backend) -> StatusOr<void *> {
          // CUDA's CUtensorMap: 128 opaque bytes, aligned as the CUDA
          // backend declares it (cuda_driver_api.h).
          alignas(128) char map[128];
          MGPU_RETURN_IF_ERROR(backend->EncodeTensorMap(map, request));
          return backend->DeviceCopyOfTensorMap(map);
        });
      });
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

int32_t mgpuGetLastError(void) { return TakeLastError(); }

const char *mgpuGetLastErrorMessage(void) { return GetLastErrorMessage(); }

void mgpuSetErrorHandler(MgpuErrorHandler handler, void *userData) {
  SetErrorHandler(handler, userData);
}
