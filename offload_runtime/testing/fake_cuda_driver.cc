//===- fake_cuda_driver.cc - A CUDA driver for tests, without a GPU -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// See fake_cuda_control.h. Only cuGetProcAddress_v2 and the control functions
// are exported: everything else is reached the way libmgpu.so reaches the
// real driver.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_cuda_control.h"
#include "offload_runtime/testing/fake_driver.h"

#include "object_format/ObjectFormat.h"

#include <cuda.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <new>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace {

struct FakeContext {
  int device;
};

struct FakeLibrary {
  std::string image; // the bytes that kernel names are looked up in
  /// Whether each device can run the image, for the launches to check.
  std::vector<bool> runsOn;
  std::map<std::string, std::unique_ptr<struct FakeKernel>> kernels;
};

struct FakeKernel {
  FakeLibrary *library;
  std::string name;
  /// CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES per device; a launch
  /// asking for more fails, as on a GPU.
  std::map<CUdevice, int> maxDynamicSharedBytes;
};

constexpr int kDefaultDynamicSharedBytes = 48 * 1024;
constexpr int kMaxSharedMemoryOptin = 227 * 1024;

struct State {
  std::mutex mutex;
  bool initialized = false;
  bool exiting = false;
  std::vector<int> devices; // compute capability of each
  std::vector<std::unique_ptr<FakeContext>> contexts;
  mgpu::testing::CallLedger calls;
  mgpu::testing::Handles<> streams, events;
  std::set<void *> allocations;
  mgpu::testing::ModuleTable<FakeLibrary, FakeKernel> libraries;
  FakeCudaLaunch lastLaunch = {};
  bool launched = false;
  int lastImageKind = 0, lastImageArch = 0;
};

State &state() {
  static State *s = new State;
  return *s;
}

using HandleKind = mgpu::testing::HandleKind<State>;

/// Streams (null: the current context's null stream) and events.
constexpr HandleKind kStreams = {&State::streams, "cuStreamCreate",
                                 "cuStreamDestroy", "cuStreamSynchronize",
                                 /*nullIsLive=*/true};
constexpr HandleKind kEvents = {&State::events, "cuEventCreate",
                                "cuEventDestroy", "cuEventSynchronize",
                                /*nullIsLive=*/false};

/// Whether `device` is the ordinal of one of the driver's devices.
bool isDevice(const State &s, CUdevice device) {
  return device >= 0 && device < static_cast<int>(s.devices.size());
}

/// What an entry point that answers one thing of `device` does: `answer()`,
/// which may assume that the device exists, into `*out`.
template <typename T, typename Answer>
CUresult answerOfDevice(const State &s, CUdevice device, T *out,
                        Answer &&answer) {
  if (!isDevice(s, device))
    return CUDA_ERROR_INVALID_DEVICE;
  *out = answer();
  return CUDA_SUCCESS;
}

/// The thread's context stack, as the driver keeps one: the current context
/// is its top.
thread_local std::vector<FakeContext *> contextStack;

FakeContext *currentContext() {
  return contextStack.empty() ? nullptr : contextStack.back();
}

/// Counts the call and applies an injected failure; every entry starts here.
CUresult enter(const char *name, std::unique_lock<std::mutex> &lock,
               bool needsContext = false) {
  State &s = state();
  lock = std::unique_lock<std::mutex>(s.mutex);
  s.calls.Count(name);
  if (s.exiting)
    return CUDA_ERROR_DEINITIALIZED;
  if (int injected = s.calls.TakeFailure(name))
    return static_cast<CUresult>(injected);
  if (std::strcmp(name, "cuInit") && std::strcmp(name, "cuGetErrorName") &&
      std::strcmp(name, "cuGetErrorString") &&
      std::strcmp(name, "cuDriverGetVersion") && !s.initialized)
    return CUDA_ERROR_NOT_INITIALIZED;
  if (needsContext && !currentContext())
    return CUDA_ERROR_INVALID_CONTEXT;
  return CUDA_SUCCESS;
}

#define ENTER(name, ...)                                                       \
  std::unique_lock<std::mutex> lock;                                           \
  if (CUresult result = enter(name, lock, ##__VA_ARGS__);                      \
      result != CUDA_SUCCESS)                                                  \
    return result;                                                             \
  State &s = state();                                                          \
  (void)s;

//===--- Errors, initialization, devices ----------------------------------===//

CUresult fake_cuGetErrorName(CUresult error, const char **name) {
  switch (error) {
#define NAME(code)                                                             \
  case code:                                                                   \
    *name = #code;                                                             \
    return CUDA_SUCCESS;
    NAME(CUDA_SUCCESS)
    NAME(CUDA_ERROR_INVALID_VALUE)
    NAME(CUDA_ERROR_OUT_OF_MEMORY)
    NAME(CUDA_ERROR_NOT_INITIALIZED)
    NAME(CUDA_ERROR_DEINITIALIZED)
    NAME(CUDA_ERROR_NO_DEVICE)
    NAME(CUDA_ERROR_INVALID_DEVICE)
    NAME(CUDA_ERROR_INVALID_IMAGE)
    NAME(CUDA_ERROR_INVALID_CONTEXT)
    NAME(CUDA_ERROR_NO_BINARY_FOR_GPU)
    NAME(CUDA_ERROR_INVALID_PTX)
    NAME(CUDA_ERROR_INVALID_HANDLE)
    NAME(CUDA_ERROR_NOT_FOUND)
    NAME(CUDA_ERROR_LAUNCH_FAILED)
    NAME(CUDA_ERROR_ILLEGAL_ADDRESS)
    NAME(CUDA_ERROR_NOT_SUPPORTED)
    NAME(CUDA_ERROR_UNKNOWN)
#undef NAME
  default:
    *name = nullptr;
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult fake_cuGetErrorString(CUresult error, const char **text) {
  switch (error) {
  case CUDA_SUCCESS:
    *text = "no error";
    return CUDA_SUCCESS;
  case CUDA_ERROR_OUT_OF_MEMORY:
    *text = "out of memory";
    return CUDA_SUCCESS;
  case CUDA_ERROR_NO_DEVICE:
    *text = "no CUDA-capable device is detected";
    return CUDA_SUCCESS;
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
    *text = "no kernel image is available for execution on the device";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_PTX:
    *text = "a PTX JIT compilation failed";
    return CUDA_SUCCESS;
  case CUDA_ERROR_NOT_FOUND:
    *text = "named symbol not found";
    return CUDA_SUCCESS;
  case CUDA_ERROR_INVALID_CONTEXT:
    *text = "invalid device context";
    return CUDA_SUCCESS;
  case CUDA_ERROR_DEINITIALIZED:
    *text = "driver shutting down";
    return CUDA_SUCCESS;
  default: {
    const char *name = nullptr;
    if (fake_cuGetErrorName(error, &name) != CUDA_SUCCESS)
      return CUDA_ERROR_INVALID_VALUE;
    *text = "error injected by the test driver";
    return CUDA_SUCCESS;
  }
  }
}

CUresult fake_cuInit(unsigned int flags) {
  ENTER("cuInit");
  if (flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  if (!s.initialized) {
    const char *spec = std::getenv("FAKE_CUDA_DEVICES");
    std::string list = spec ? spec : "90";
    for (size_t start = 0; start < list.size();) {
      size_t end = list.find(',', start);
      if (end == std::string::npos)
        end = list.size();
      s.devices.push_back(std::atoi(list.substr(start, end - start).c_str()));
      start = end + 1;
    }
    for (size_t i = 0; i < s.devices.size(); ++i)
      s.contexts.push_back(
          std::make_unique<FakeContext>(FakeContext{static_cast<int>(i)}));
    // As the real driver: after exit begins, every call fails.
    std::atexit([] {
      std::lock_guard<std::mutex> guard(state().mutex);
      state().exiting = true;
    });
  }
  if (s.devices.empty())
    return CUDA_ERROR_NO_DEVICE;
  s.initialized = true;
  return CUDA_SUCCESS;
}

CUresult fake_cuDriverGetVersion(int *version) {
  ENTER("cuDriverGetVersion");
  *version = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult fake_cuDeviceGetCount(int *count) {
  ENTER("cuDeviceGetCount");
  *count = static_cast<int>(s.devices.size());
  return CUDA_SUCCESS;
}

CUresult fake_cuDeviceGet(CUdevice *device, int ordinal) {
  ENTER("cuDeviceGet");
  return answerOfDevice(s, ordinal, device, [&] { return ordinal; });
}

CUresult fake_cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                                   CUdevice device) {
  ENTER("cuDeviceGetAttribute");
  if (!value)
    return CUDA_ERROR_INVALID_VALUE;
  return answerOfDevice(s, device, value, [&] {
    switch (attribute) {
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
      return s.devices[device] / 10;
    case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
      return s.devices[device] % 10;
    case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
      return kMaxSharedMemoryOptin;
    default:
      return 0;
    }
  });
}

CUresult fake_cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice device) {
  ENTER("cuDevicePrimaryCtxRetain");
  return answerOfDevice(s, device, context, [&] {
    return reinterpret_cast<CUcontext>(s.contexts[device].get());
  });
}

CUresult fake_cuCtxGetCurrent(CUcontext *context) {
  ENTER("cuCtxGetCurrent");
  if (!context)
    return CUDA_ERROR_INVALID_VALUE;
  *context = reinterpret_cast<CUcontext>(currentContext());
  return CUDA_SUCCESS;
}

/// Replaces the top of the stack; null pops it.
CUresult fake_cuCtxSetCurrent(CUcontext context) {
  ENTER("cuCtxSetCurrent");
  auto *fake = reinterpret_cast<FakeContext *>(context);
  if (!fake) {
    if (!contextStack.empty())
      contextStack.pop_back();
  } else if (contextStack.empty()) {
    contextStack.push_back(fake);
  } else {
    contextStack.back() = fake;
  }
  return CUDA_SUCCESS;
}

CUresult fake_cuCtxPushCurrent(CUcontext context) {
  ENTER("cuCtxPushCurrent");
  if (!context)
    return CUDA_ERROR_INVALID_CONTEXT;
  contextStack.push_back(reinterpret_cast<FakeContext *>(context));
  return CUDA_SUCCESS;
}

CUresult fake_cuCtxPopCurrent(CUcontext *context) {
  ENTER("cuCtxPopCurrent");
  if (contextStack.empty())
    return CUDA_ERROR_INVALID_CONTEXT;
  if (context)
    *context = reinterpret_cast<CUcontext>(contextStack.back());
  contextStack.pop_back();
  return CUDA_SUCCESS;
}

//===--- Libraries and kernels --------------------------------------------===//

/// Larger images than this are corrupt headers, not programs.
constexpr uint64_t kMaxImageBytes = uint64_t(1) << 32;

/// The size of a cubin or fatbin, which the driver has only from the image's
/// own headers and tables; 0 if they are damaged.
size_t imageSize(const void *code) {
  object_format::Extent extent = object_format::getExtent(code, kMaxImageBytes);
  return extent.status == object_format::ExtentStatus::Ok ? extent.bytes : 0;
}

/// The SM of a cubin (90 for sm_90), in either of CUDA's e_flags layouts.
int cubinArch(const unsigned char *image) {
  uint32_t flags;
  std::memcpy(&flags, image + 0x30, 4);
  int abiVersion = image[8];
  return abiVersion >= 8 ? (flags >> 8) & 0xff : flags & 0xff;
}

bool cubinRunsOn(int cubin, int device) {
  return cubin / 10 == device / 10 && cubin % 10 <= device % 10;
}

/// Checks `code` against device `arch` as the driver would, and returns the
/// bytes in which its kernel names can be found. The driver has no size: the
/// image's own header says how far it reaches (PTX: its NUL).
CUresult inspectImage(const void *code, int arch, std::string &image,
                      std::string &jitLog, int &kind, int &imageArch) {
  const auto *bytes = static_cast<const unsigned char *>(code);
  object_format::Format format =
      object_format::identify(code, kMaxImageBytes).format;
  if (format == object_format::Format::Cubin) {
    size_t size = imageSize(bytes);
    if (!size)
      return CUDA_ERROR_INVALID_IMAGE;
    kind = 'c';
    imageArch = cubinArch(bytes);
    if (!cubinRunsOn(imageArch, arch))
      return CUDA_ERROR_NO_BINARY_FOR_GPU;
    image.assign(reinterpret_cast<const char *>(bytes), size);
    return CUDA_SUCCESS;
  }
  if (format == object_format::Format::Fatbin) {
    size_t size = imageSize(bytes);
    if (size <= object_format::kFatbinHeaderBytes) // none, or an empty body
      return CUDA_ERROR_INVALID_IMAGE;
    image.assign(reinterpret_cast<const char *>(bytes), size);
    kind = 'f';
    // Runnable if it holds a cubin for the device, or PTX to JIT.
    for (size_t at = image.find("\x7f"
                                "ELF");
         at != std::string::npos; at = image.find("\x7f"
                                                  "ELF",
                                                  at + 1)) {
      if (image.size() - at < 64) // not a whole ELF header
        break;
      int cubin = cubinArch(bytes + at);
      if (cubinRunsOn(cubin, arch)) {
        imageArch = cubin;
        return CUDA_SUCCESS;
      }
    }
    if (image.find(".version") != std::string::npos) {
      imageArch = 0;
      return CUDA_SUCCESS;
    }
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  }
  // Another ELF file, SPIR-V, bytes of no known format.
  if (format != object_format::Format::Ptx)
    return CUDA_ERROR_INVALID_IMAGE;
  const char *text = static_cast<const char *>(code);
  image.assign(text);
  kind = 'p';
  size_t target = image.find(".target sm_");
  imageArch = target == std::string::npos
                  ? 0
                  : std::atoi(image.c_str() + target + strlen(".target sm_"));
  if (imageArch > arch) {
    jitLog = "ptxas fatal   : SM version specified by .target is higher than "
             "default SM version assumed";
    return CUDA_ERROR_INVALID_PTX;
  }
  return CUDA_SUCCESS;
}

CUresult fake_cuLibraryLoadData(CUlibrary *library, const void *code,
                                CUjit_option *jitOptions,
                                void **jitOptionValues, unsigned numJitOptions,
                                CUlibraryOption *, void **, unsigned) {
  ENTER("cuLibraryLoadData");
  if (!library || !code)
    return CUDA_ERROR_INVALID_VALUE;
  // Libraries are context-independent: loading checks that some device can
  // run the image (the last device's answer is kept if none can), and each
  // launch checks its own device.
  std::string image, jitLog;
  int kind = 0, arch = 0;
  CUresult result = CUDA_ERROR_NO_DEVICE;
  std::vector<bool> runsOn;
  for (int device : s.devices) {
    std::string deviceImage, deviceLog;
    int deviceKind = 0, deviceArch = 0;
    CUresult deviceResult = inspectImage(code, device, deviceImage, deviceLog,
                                         deviceKind, deviceArch);
    runsOn.push_back(deviceResult == CUDA_SUCCESS);
    // The first device that runs it decides what was loaded; if none does,
    // the last one's answer is the error.
    if (result != CUDA_SUCCESS) {
      result = deviceResult;
      image = std::move(deviceImage);
      jitLog = std::move(deviceLog);
      kind = deviceKind;
      arch = deviceArch;
    }
  }
  if (!jitLog.empty()) {
    char *buffer = nullptr;
    size_t size = 0;
    for (unsigned i = 0; i < numJitOptions; ++i) {
      if (jitOptions[i] == CU_JIT_ERROR_LOG_BUFFER)
        buffer = static_cast<char *>(jitOptionValues[i]);
      if (jitOptions[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
        size = reinterpret_cast<uintptr_t>(jitOptionValues[i]);
    }
    if (buffer && size)
      std::snprintf(buffer, size, "%s", jitLog.c_str());
  }
  if (result != CUDA_SUCCESS)
    return result;
  FakeLibrary *created = s.libraries.Add(std::make_unique<FakeLibrary>(
      FakeLibrary{std::move(image), std::move(runsOn), {}}));
  s.lastImageKind = kind;
  s.lastImageArch = arch;
  *library = reinterpret_cast<CUlibrary>(created);
  return CUDA_SUCCESS;
}

CUresult fake_cuLibraryUnload(CUlibrary library) {
  ENTER("cuLibraryUnload");
  if (!s.libraries.Unload(reinterpret_cast<FakeLibrary *>(library)))
    return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_SUCCESS;
}

CUresult fake_cuLibraryGetKernel(CUkernel *kernel, CUlibrary library,
                                 const char *name) {
  ENTER("cuLibraryGetKernel");
  if (!kernel || !name)
    return CUDA_ERROR_INVALID_VALUE;
  auto *fake = reinterpret_cast<FakeLibrary *>(library);
  if (!s.libraries.IsLive(fake))
    return CUDA_ERROR_INVALID_HANDLE;
  // Names appear in a cubin's string table and in PTX as `.entry name(`.
  const bool exists =
      fake->image.find(std::string(name) + '\0') != std::string::npos ||
      fake->image.find(".entry " + std::string(name) + "(") !=
          std::string::npos;
  FakeKernel *found = s.libraries.Find(fake, name, exists, [&] {
    return std::make_unique<FakeKernel>(FakeKernel{fake, name, {}});
  });
  if (!found)
    return CUDA_ERROR_NOT_FOUND;
  *kernel = reinterpret_cast<CUkernel>(found);
  return CUDA_SUCCESS;
}

CUresult fake_cuKernelSetAttribute(CUfunction_attribute attribute, int value,
                                   CUkernel kernel, CUdevice device) {
  ENTER("cuKernelSetAttribute");
  auto *fake = reinterpret_cast<FakeKernel *>(kernel);
  if (!s.libraries.IsLive(fake))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!isDevice(s, device))
    return CUDA_ERROR_INVALID_DEVICE;
  if (attribute == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
    if (value < 0 || value > kMaxSharedMemoryOptin)
      return CUDA_ERROR_INVALID_VALUE;
    fake->maxDynamicSharedBytes[device] = value;
  }
  return CUDA_SUCCESS;
}

/// Records a valid launch. No kernel runs: a test driver has no GPU.
CUresult recordLaunch(State &s, CUfunction f, const unsigned grid[3],
                      const unsigned block[3], const unsigned cluster[3],
                      unsigned smem, CUstream stream) {
  auto *kernel = reinterpret_cast<FakeKernel *>(f);
  if (!s.libraries.IsLive(kernel))
    return CUDA_ERROR_INVALID_HANDLE;
  if (!kStreams.IsLive(s, stream))
    return CUDA_ERROR_INVALID_HANDLE;
  // The limits of every GPU the runtime supports.
  constexpr unsigned kMaxGrid[3] = {0x7fffffffu, 65535, 65535};
  constexpr unsigned kMaxBlock[3] = {1024, 1024, 64};
  for (int i = 0; i < 3; ++i)
    if (grid[i] == 0 || grid[i] > kMaxGrid[i] || block[i] == 0 ||
        block[i] > kMaxBlock[i] || cluster[i] == 0 || grid[i] % cluster[i])
      return CUDA_ERROR_INVALID_VALUE;
  if (uint64_t(block[0]) * block[1] * block[2] > 1024)
    return CUDA_ERROR_INVALID_VALUE;
  int device = currentContext()->device;
  auto optedIn = kernel->maxDynamicSharedBytes.find(device);
  unsigned limit = optedIn == kernel->maxDynamicSharedBytes.end()
                       ? kDefaultDynamicSharedBytes
                       : optedIn->second;
  if (smem > limit)
    return CUDA_ERROR_INVALID_VALUE;
  // The library's image must run on the device of the current context.
  if (!kernel->library->runsOn[currentContext()->device])
    return CUDA_ERROR_NO_BINARY_FOR_GPU;
  FakeCudaLaunch &launch = s.lastLaunch;
  std::snprintf(launch.kernel, sizeof(launch.kernel), "%s",
                kernel->name.c_str());
  std::copy(grid, grid + 3, launch.grid);
  std::copy(block, block + 3, launch.block);
  std::copy(cluster, cluster + 3, launch.cluster);
  launch.sharedMemBytes = smem;
  launch.stream = stream;
  launch.device = currentContext()->device;
  s.launched = true;
  return CUDA_SUCCESS;
}

CUresult fake_cuLaunchKernel(CUfunction f, unsigned gx, unsigned gy,
                             unsigned gz, unsigned bx, unsigned by, unsigned bz,
                             unsigned smem, CUstream stream, void **, void **) {
  ENTER("cuLaunchKernel", /*needsContext=*/true);
  const unsigned grid[3] = {gx, gy, gz}, block[3] = {bx, by, bz},
                 cluster[3] = {1, 1, 1};
  return recordLaunch(s, f, grid, block, cluster, smem, stream);
}

CUresult fake_cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction f,
                               void **, void **) {
  ENTER("cuLaunchKernelEx", /*needsContext=*/true);
  if (!config || (config->numAttrs && !config->attrs))
    return CUDA_ERROR_INVALID_VALUE;
  unsigned cluster[3] = {1, 1, 1};
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    if (config->attrs[i].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
      cluster[0] = config->attrs[i].value.clusterDim.x;
      cluster[1] = config->attrs[i].value.clusterDim.y;
      cluster[2] = config->attrs[i].value.clusterDim.z;
    }
  }
  const unsigned grid[3] = {config->gridDimX, config->gridDimY,
                            config->gridDimZ};
  const unsigned block[3] = {config->blockDimX, config->blockDimY,
                             config->blockDimZ};
  return recordLaunch(s, f, grid, block, cluster, config->sharedMemBytes,
                      config->hStream);
}

//===--- Streams and events -----------------------------------------------===//

/// cu<Kind>Create, cu<Kind>Destroy and cu<Kind>Synchronize of `Kind`.
template <const HandleKind &Kind, typename Handle>
CUresult createHandle(Handle *handle, unsigned) {
  ENTER(Kind.create, /*needsContext=*/true);
  return (s.*Kind.table).CreateInto(handle) ? CUDA_SUCCESS
                                            : CUDA_ERROR_INVALID_VALUE;
}

template <const HandleKind &Kind, typename Handle>
CUresult destroyHandle(Handle handle) {
  ENTER(Kind.destroy);
  return (s.*Kind.table).Destroy(handle) ? CUDA_SUCCESS
                                         : CUDA_ERROR_INVALID_HANDLE;
}

template <const HandleKind &Kind, typename Handle>
CUresult synchronizeHandle(Handle handle) {
  ENTER(Kind.synchronize);
  return Kind.IsLive(s, handle) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

constexpr auto &fake_cuStreamCreate = createHandle<kStreams, CUstream>;
constexpr auto &fake_cuStreamDestroy = destroyHandle<kStreams, CUstream>;
constexpr auto &fake_cuStreamSynchronize =
    synchronizeHandle<kStreams, CUstream>;
constexpr auto &fake_cuEventCreate = createHandle<kEvents, CUevent>;
constexpr auto &fake_cuEventDestroy = destroyHandle<kEvents, CUevent>;
constexpr auto &fake_cuEventSynchronize = synchronizeHandle<kEvents, CUevent>;

CUresult fake_cuStreamWaitEvent(CUstream stream, CUevent event, unsigned) {
  ENTER("cuStreamWaitEvent");
  return kStreams.IsLive(s, stream) && kEvents.IsLive(s, event)
             ? CUDA_SUCCESS
             : CUDA_ERROR_INVALID_HANDLE;
}

CUresult fake_cuEventRecord(CUevent event, CUstream stream) {
  ENTER("cuEventRecord");
  return kEvents.IsLive(s, event) && kStreams.IsLive(s, stream)
             ? CUDA_SUCCESS
             : CUDA_ERROR_INVALID_HANDLE;
}

//===--- Memory: host memory standing in for device memory ----------------===//

/// Host memory standing in for device memory, zeroed as the fake's habit.
CUresult allocate(State &s, CUdeviceptr *ptr, size_t bytes) {
  if (!ptr || bytes == 0)
    return CUDA_ERROR_INVALID_VALUE;
  std::unique_ptr<void, decltype(&std::free)> memory(std::calloc(1, bytes),
                                                     &std::free);
  if (!memory)
    return CUDA_ERROR_OUT_OF_MEMORY;
  s.allocations.insert(memory.get());
  *ptr = reinterpret_cast<CUdeviceptr>(memory.release());
  return CUDA_SUCCESS;
}

CUresult fake_cuMemAlloc(CUdeviceptr *ptr, size_t bytes) {
  ENTER("cuMemAlloc", /*needsContext=*/true);
  return allocate(s, ptr, bytes);
}

CUresult fake_cuMemAllocManaged(CUdeviceptr *ptr, size_t bytes, unsigned) {
  ENTER("cuMemAllocManaged", /*needsContext=*/true);
  return allocate(s, ptr, bytes);
}

CUresult fake_cuMemFree(CUdeviceptr ptr) {
  ENTER("cuMemFree", /*needsContext=*/true);
  void *memory = reinterpret_cast<void *>(ptr);
  if (!s.allocations.erase(memory))
    return CUDA_ERROR_INVALID_VALUE;
  std::free(memory);
  return CUDA_SUCCESS;
}

CUresult fake_cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                            CUstream) {
  ENTER("cuMemcpyAsync", /*needsContext=*/true);
  if (bytes && (!dst || !src))
    return CUDA_ERROR_INVALID_VALUE;
  std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
               bytes);
  return CUDA_SUCCESS;
}

CUresult fake_cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  ENTER("cuMemcpyHtoD", /*needsContext=*/true);
  if (bytes && (!dst || !src))
    return CUDA_ERROR_INVALID_VALUE;
  std::memmove(reinterpret_cast<void *>(dst), src, bytes);
  return CUDA_SUCCESS;
}

CUresult fake_cuMemsetD32Async(CUdeviceptr dst, unsigned value, size_t count,
                               CUstream) {
  ENTER("cuMemsetD32Async", /*needsContext=*/true);
  if (count && !dst)
    return CUDA_ERROR_INVALID_VALUE;
  std::fill_n(reinterpret_cast<uint32_t *>(dst), count, value);
  return CUDA_SUCCESS;
}

CUresult fake_cuMemsetD16Async(CUdeviceptr dst, unsigned short value,
                               size_t count, CUstream) {
  ENTER("cuMemsetD16Async", /*needsContext=*/true);
  if (count && !dst)
    return CUDA_ERROR_INVALID_VALUE;
  std::fill_n(reinterpret_cast<uint16_t *>(dst), count, value);
  return CUDA_SUCCESS;
}

CUresult fake_cuMemHostRegister(void *ptr, size_t bytes, unsigned) {
  ENTER("cuMemHostRegister", /*needsContext=*/true);
  return ptr && bytes ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult fake_cuMemHostUnregister(void *ptr) {
  ENTER("cuMemHostUnregister", /*needsContext=*/true);
  return ptr ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

// Unified addressing, as on every 64-bit CUDA device: the host's address.
CUresult fake_cuMemHostGetDevicePointer(CUdeviceptr *address, void *ptr,
                                        unsigned flags) {
  ENTER("cuMemHostGetDevicePointer", /*needsContext=*/true);
  if (!address || !ptr || flags)
    return CUDA_ERROR_INVALID_VALUE;
  *address = reinterpret_cast<CUdeviceptr>(ptr);
  return CUDA_SUCCESS;
}

CUresult fake_cuTensorMapEncodeTiled(
    CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank, void *address,
    const cuuint64_t *dims, const cuuint64_t *strides, const cuuint32_t *box,
    const cuuint32_t *, CUtensorMapInterleave, CUtensorMapSwizzle,
    CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  ENTER("cuTensorMapEncodeTiled");
  if (rank < 1 || rank > 5 || !map || !dims || !box || (rank > 1 && !strides))
    return CUDA_ERROR_INVALID_VALUE;
  for (cuuint32_t i = 0; i < rank; ++i)
    if (box[i] == 0 || box[i] > 256 || dims[i] == 0)
      return CUDA_ERROR_INVALID_VALUE;
  // Some function of the inputs, so that equal inputs give equal maps.
  std::memset(map, 0, sizeof(*map));
  uint64_t words[16] = {static_cast<uint64_t>(type), rank,
                        reinterpret_cast<uint64_t>(address)};
  for (cuuint32_t i = 0; i < rank; ++i) {
    words[3 + i] = dims[i] ^ (static_cast<uint64_t>(box[i]) << 40);
    if (i + 1 < rank)
      words[8 + i] = strides[i];
  }
  std::memcpy(map, words, sizeof(words));
  return CUDA_SUCCESS;
}

//===--- cuGetProcAddress -------------------------------------------------===//

struct Entry {
  const char *name;
  void *function;
};

/// A driver is C: where the test driver's own allocations fail, it answers
/// CUDA_ERROR_OUT_OF_MEMORY, as a driver out of host memory does, and no
/// exception reaches the runtime from it.
template <auto Function> struct NoThrow;
template <typename... Args, CUresult (*Function)(Args...)>
struct NoThrow<Function> {
  static CUresult Call(Args... args) noexcept {
    try {
      return Function(args...);
    } catch (const std::bad_alloc &) {
      return CUDA_ERROR_OUT_OF_MEMORY;
    } catch (...) {
      return CUDA_ERROR_UNKNOWN;
    }
  }
};

// Each entry is checked against cuda.h's declaration of the real one.
#define MGPU_CUDA_ENTRY(name)                                                  \
  {#name, reinterpret_cast<void *>(                                            \
              static_cast<decltype(&::name)>(&NoThrow<&fake_##name>::Call))},
const Entry kEntries[] = {
#include "offload_runtime/cuda/cuda_driver_symbols.inc"
};
#undef MGPU_CUDA_ENTRY

} // namespace

FAKE_EXPORT CUresult
cuGetProcAddress_v2(const char *symbol, void **pfn, int, cuuint64_t,
                    CUdriverProcAddressQueryResult *found) {
  for (const Entry &entry : kEntries) {
    if (!std::strcmp(entry.name, symbol)) {
      *pfn = entry.function;
      if (found)
        *found = CU_GET_PROC_ADDRESS_SUCCESS;
      return CUDA_SUCCESS;
    }
  }
  *pfn = nullptr;
  if (found)
    *found = CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
  return CUDA_ERROR_NOT_FOUND;
}

//===--- Control ----------------------------------------------------------===//

FAKE_EXPORT int64_t fakeCudaCallCount(const char *name) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().calls.Calls(name);
}

FAKE_EXPORT void fakeCudaResetCallCounts(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().calls.Reset();
}

FAKE_EXPORT void fakeCudaFailCall(const char *name, int result, int64_t skip) {
  std::lock_guard<std::mutex> lock(state().mutex);
  state().calls.Fail(name, result, skip);
}

FAKE_EXPORT int fakeCudaLastLaunch(FakeCudaLaunch *launch) {
  std::lock_guard<std::mutex> lock(state().mutex);
  if (!state().launched)
    return 0;
  *launch = state().lastLaunch;
  return 1;
}

FAKE_EXPORT int fakeCudaLastImageKind(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().lastImageKind;
}

FAKE_EXPORT int fakeCudaLastImageArch(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return state().lastImageArch;
}

FAKE_EXPORT int64_t fakeCudaLiveStreams(void) {
  std::lock_guard<std::mutex> lock(state().mutex);
  return static_cast<int64_t>(state().streams.size());
}
