//===- backends.cc - The process's backend --------------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// $MGPU_DEVICE chooses, at the first call, among the backends registered
// (backend_registry.h), by name or:
//   auto (the default): by the gpu.binaries known then (the one that call
//                       loads, and those that load lazily, which register
//                       their objects in a global constructor): by rank, the
//                       first backend that loads a kind of object one of
//                       them holds, starts, and whose device runs an object
//                       of every one of them (its runsOneOf); else the
//                       fallback backend (the host CPU), told why none did.
//                       Without any binary known (mgpuMemAlloc first, or an
//                       image of upstream's mgpuModuleLoad), the first
//                       backend triedWithoutObjects that starts, else the
//                       fallback.
//
// A child that fork() makes after the choice has no backend: the parent's
// threads, driver state and device memory are not the child's (as with
// CUDA, whose forked children cannot use the parent's context), and its
// calls are errors that say so.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/backend.h"

#include "offload_runtime/backend_registry.h"
#include "offload_runtime/entry_points.h"
#include "offload_runtime/thread_device.h"
#include "offload_runtime/trace.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <pthread.h>
#include <unistd.h>
#include <vector>

// The backends' entries (MGPU_REGISTER_BACKEND), which the linker gathers
// into one section and bounds; weak, for a core linked with none.
extern "C" {
[[gnu::weak, gnu::visibility("hidden")]] extern mgpu::
    BackendDescription (*const __start_mgpu_backends[])();
[[gnu::weak, gnu::visibility("hidden")]] extern mgpu::
    BackendDescription (*const __stop_mgpu_backends[])();
}

namespace mgpu {
namespace {

/// The objects of a gpu.binary, as the choice reads them.
struct BinaryObjects {
  const MgpuObject *objects;
  int32_t count;
  const char *name;
};

/// Whether the choice reads the bytes of an object of `kind` (for a backend
/// whose runsOneOf reads them), not only its kind and architecture.
bool ChoiceReadsBytes(int kind) {
  const BackendDescription *backend = BackendForObjectKind(kind);
  return backend && backend->choiceReadsBytes;
}

/// A gpu.binary that registered its objects (RegisterObjects), copied: by
/// the first call, the library that holds it may have been unloaded. The
/// choice reads each object's kind and architecture, and the bytes of those
/// whose backend asks for them (ChoiceReadsBytes); other objects keep none.
struct RegisteredBinary {
  std::string name;
  std::vector<MgpuObject> objects;
  std::vector<std::unique_ptr<char[]>> bytes;
};

class Registry {
public:
  void Add(const MgpuObject *objects, int32_t count, const char *name) {
    RegisteredBinary binary;
    binary.name = name ? name : "?";
    for (int32_t i = 0; i < count; ++i) {
      MgpuObject object = objects[i];
      if (object.data && ChoiceReadsBytes(object.kind)) {
        binary.bytes.emplace_back(new char[object.size]);
        std::memcpy(binary.bytes.back().get(), object.data, object.size);
        object.data = binary.bytes.back().get();
      } else {
        object.data = nullptr;
        object.size = 0;
      }
      binary.objects.push_back(object);
    }
    std::lock_guard<std::mutex> lock(mutex);
    binaries.push_back(std::move(binary));
  }

  /// The binaries registered, then `loading` if it has objects and is not
  /// one of them (a lazy binary whose first launch is the first call).
  std::vector<BinaryObjects> With(BinaryObjects loading) {
    std::vector<BinaryObjects> all;
    bool registered = false;
    std::lock_guard<std::mutex> lock(mutex);
    for (const RegisteredBinary &binary : binaries) {
      all.push_back({binary.objects.data(), int32_t(binary.objects.size()),
                     binary.name.c_str()});
      registered = registered || Copies(binary, loading);
    }
    if (loading.objects && loading.count > 0 && !registered)
      all.push_back(loading);
    return all;
  }

private:
  /// Whether `binary` holds what the choice reads of `loading`.
  static bool Copies(const RegisteredBinary &binary,
                     const BinaryObjects &loading) {
    if (!loading.objects || binary.name != loading.name ||
        binary.objects.size() != size_t(std::max(loading.count, 0)))
      return false;
    for (size_t i = 0; i < binary.objects.size(); ++i) {
      const MgpuObject &copy = binary.objects[i], &object = loading.objects[i];
      if (copy.kind != object.kind || copy.arch != object.arch ||
          copy.archVariant != object.archVariant)
        return false;
      // Add copied the bytes that the choice reads.
      if (ChoiceReadsBytes(object.kind) &&
          (!copy.data != !object.data ||
           (copy.data && (copy.size != object.size ||
                          std::memcmp(copy.data, object.data, copy.size)))))
        return false;
    }
    return true;
  }

  std::mutex mutex;
  /// A deque, which never moves what it holds: what With() gave out (a
  /// name, short enough to live inside its string, too) stays where it is
  /// while later binaries register.
  std::deque<RegisteredBinary> binaries;
};

Registry &GetRegistry() {
  // Never destroyed: a library's constructor may register at any time.
  static Registry *registry = new Registry;
  return *registry;
}

bool Holds(const BinaryObjects &binary, const std::vector<int> &kinds) {
  for (int32_t i = 0; i < binary.count; ++i)
    if (std::find(kinds.begin(), kinds.end(), binary.objects[i].kind) !=
        kinds.end())
      return true;
  return false;
}

/// Whether MGPU_DEVICE=auto tries `backend` for `binaries`.
bool Useful(const BackendDescription &backend,
            const std::vector<BinaryObjects> &binaries) {
  if (backend.fallback)
    return false;
  if (binaries.empty())
    return backend.triedWithoutObjects;
  for (const BinaryObjects &binary : binaries)
    if (Holds(binary, backend.objectKinds))
      return true;
  return false;
}

/// `backend` if it starts and runs an object of each of `binaries`, else
/// why not.
StatusOr<std::unique_ptr<Backend>>
TryBackend(const BackendDescription &backend,
           const std::vector<BinaryObjects> &binaries) {
  StatusOr<std::unique_ptr<Backend>> started =
      backend.create(StrCat("MGPU_DEVICE=auto chooses ", backend.displayName));
  if (!started.ok())
    return RuntimeError(
        started.status().code(),
        StrCat(backend.displayName, " cannot: ", started.status().text()));
  for (const BinaryObjects &binary : binaries)
    if (Status runs = backend.runsOneOf
                          ? backend.runsOneOf(binary.objects, binary.count)
                          : OkStatus();
        !runs.ok())
      return RuntimeError(runs.code(), StrCat(backend.displayName,
                                              " cannot run gpu.binary @",
                                              binary.name, ": ", runs.text()));
  return started;
}

StatusOr<std::unique_ptr<Backend>>
ChooseAutomatically(const std::vector<BinaryObjects> &binaries) {
  std::string why;
  for (const BackendDescription &backend : RegisteredBackends()) {
    if (!Useful(backend, binaries))
      continue;
    StatusOr<std::unique_ptr<Backend>> started = TryBackend(backend, binaries);
    if (started.ok())
      return started;
    why += StrCat(why.empty() ? "" : "; ", started.status().text());
  }
  if (why.empty() && binaries.empty())
    why = "no GPU backend is linked in";
  if (why.empty()) {
    why = "no gpu.binary it knows holds a GPU object (";
    for (size_t i = 0; i < binaries.size(); ++i)
      why += StrCat(i ? "; " : "", "@", binaries[i].name, ": ",
                    DescribeObjects(binaries[i].objects, binaries[i].count));
    why += ")";
  }
  for (const BackendDescription &backend : RegisteredBackends())
    if (backend.fallback)
      return backend.create(StrCat("MGPU_DEVICE=auto runs on the ",
                                   backend.displayName, " because ", why));
  return RuntimeError(MGPU_ERROR_NO_DEVICE,
                      StrCat("MGPU_DEVICE=auto found no backend: ", why));
}

StatusOr<std::unique_ptr<Backend>>
ChooseBackend(const std::vector<BinaryObjects> &binaries) {
  const char *choice = std::getenv("MGPU_DEVICE");
  if (!choice || !*choice || !std::strcmp(choice, "auto"))
    return ChooseAutomatically(binaries);
  std::string names = "auto";
  const std::vector<BackendDescription> &backends = RegisteredBackends();
  for (size_t i = 0; i < backends.size(); ++i) {
    if (!std::strcmp(choice, backends[i].name))
      return backends[i].create(StrCat("MGPU_DEVICE=", choice, " chooses the ",
                                       backends[i].displayName, " backend"));
    names += StrCat(i + 1 == backends.size() ? " or " : ", ", backends[i].name);
  }
  return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                      StrCat("MGPU_DEVICE='", choice, "' is not ", names));
}

/// Set in a child that fork() made after the backend was chosen.
std::atomic<bool> forkedChild{false};
/// The parent's pid, for the child's message.
pid_t chooserPid = 0;

} // namespace

const std::vector<BackendDescription> &RegisteredBackends() {
  // Never destroyed: read by the first call, which may come in a global
  // constructor or destructor.
  static const auto *backends = [] {
    auto *described = new std::vector<BackendDescription>;
    for (BackendDescription (*const *entry)() = __start_mgpu_backends;
         entry != __stop_mgpu_backends; ++entry)
      described->push_back((*entry)());
    // By rank, then name: the same order whatever the link's.
    std::sort(described->begin(), described->end(),
              [](const BackendDescription &a, const BackendDescription &b) {
                return a.rank != b.rank ? a.rank < b.rank
                                        : std::strcmp(a.name, b.name) < 0;
              });
    return described;
  }();
  return *backends;
}

const BackendDescription *BackendForObjectKind(int kind) {
  for (const BackendDescription &backend : RegisteredBackends())
    if (std::find(backend.objectKinds.begin(), backend.objectKinds.end(),
                  kind) != backend.objectKinds.end())
      return &backend;
  return nullptr;
}

std::string DescribeObjects(const MgpuObject *objects, int count) {
  std::string text;
  for (int i = 0; i < count; ++i) {
    const BackendDescription *backend = BackendForObjectKind(objects[i].kind);
    text += StrCat(i ? ", " : "", backend ? backend->describeObject(objects[i])
                                          : StrCat("object of unknown kind ",
                                                   objects[i].kind));
  }
  return text.empty() ? "no objects" : text;
}

namespace detail {
std::atomic<Backend *> chosenBackend{nullptr};
std::atomic<bool> fastPathOn{false};
} // namespace detail

namespace {
/// In the child of a fork(), its only thread: every call goes the slow way
/// (no backend, no fast path, nothing of a backend's at hand on this
/// thread) to ForkedChildError.
void ForgetBackendInChild() {
  forkedChild.store(true, std::memory_order_relaxed);
  detail::launchKernel.store(&LaunchKernelThroughBackend,
                             std::memory_order_relaxed);
  detail::streamSynchronize.store(&SynchronizeStreamThroughBackend,
                                  std::memory_order_relaxed);
  detail::launchKernelAndSynchronize.store(
      &LaunchKernelAndSynchronizeThroughBackend, std::memory_order_relaxed);
  detail::fastPathOn.store(false, std::memory_order_relaxed);
  detail::chosenBackend.store(nullptr, std::memory_order_relaxed);
  ThreadDevice &thread = CurrentThreadDevice();
  thread.cache = {};
  thread.backendState = nullptr;
}

Status ForkedChildError() {
  return RuntimeError(
      MGPU_ERROR_NOT_INITIALIZED,
      StrCat("this process (", ::getpid(), ") is a child that fork() made of ",
             "process ", chooserPid,
             " after the runtime started there: the parent's devices, "
             "streams, events, modules and memory are not the child's, as "
             "with CUDA; use the runtime in one of the two only, or exec a "
             "new program in the child"));
}

/// Makes `backend` the one that ChosenBackend() gives, and its fast paths,
/// if any, the entry points'.
void Publish(Backend *backend) {
  chooserPid = ::getpid();
  pthread_atfork(nullptr, nullptr, ForgetBackendInChild);
  // Only now: MGPU_DEVICE=auto may have started backends that it passed
  // over.
  if (std::string label = backend->TraceLabel(); !label.empty())
    trace::NameDevice(label);
  detail::chosenBackend.store(backend, std::memory_order_release);
  // Tracing, decided at the process's first call (before this one's body),
  // wants every call through RunEntryPoint. After the backend: a fast path
  // may ask for it.
  const FastPaths *paths = backend->GetFastPaths();
  if (!paths || trace::Enabled())
    return;
  detail::fastPathOn.store(true, std::memory_order_release);
  detail::launchKernel.store(paths->launchKernel, std::memory_order_release);
  detail::streamSynchronize.store(paths->streamSynchronize,
                                  std::memory_order_release);
  // A backend with fast paths for the two calls alone takes the whole way
  // for both in one.
  detail::launchKernelAndSynchronize.store(
      paths->launchKernelAndSynchronize
          ? paths->launchKernelAndSynchronize
          : &LaunchKernelAndSynchronizeThroughBackend,
      std::memory_order_release);
}
} // namespace

bool InForkedChild() { return forkedChild.load(std::memory_order_relaxed); }

void RegisterObjects(const MgpuObject *objects, int32_t count,
                     const char *binaryName) {
  if (ChosenBackend() || InForkedChild() || !objects || count <= 0)
    return;
  GetRegistry().Add(objects, count, binaryName);
}

StatusOr<Backend *> GetBackendFor(const MgpuObject *objects, int32_t count,
                                  const char *binaryName) {
  if (Backend *backend = ChosenBackend())
    return backend;
  if (InForkedChild())
    return ForkedChildError();
  // Chosen once; a failure is final too (the machine will not grow a driver).
  // Never destroyed: global destructors may still unload modules.
  static const StatusOr<Backend *> *backend = nullptr;
  static std::once_flag once;
  std::call_once(once, [&] {
    StatusOr<std::unique_ptr<Backend>> chosen = ChooseBackend(
        GetRegistry().With({objects, count, binaryName ? binaryName : "?"}));
    if (!chosen.ok()) {
      backend = new StatusOr<Backend *>(chosen.status());
      return;
    }
    backend = new StatusOr<Backend *>(chosen->release());
    Publish(**backend);
  });
  return *backend;
}

StatusOr<Backend *> GetBackend() { return GetBackendFor(nullptr, 0, nullptr); }

} // namespace mgpu
