//===- NvJitLink.cpp - PTX to cubin in process ----------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/cuda/NvJitLink.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"

#include <dlfcn.h>
#include <pthread.h>

#include <atomic>
#include <memory>
#include <mutex>

// As the serializer that uses it, so that one -debug-only shows both.
#define DEBUG_TYPE "serialize-to-binary"

using namespace llvm;

namespace mlir::offload::cuda {

// The C API of nvJitLink.h (CUDA 12 and later) that is used here, declared
// so that building needs no toolkit header: the values and signatures are
// part of its stable ABI.
namespace {
using Handle = struct NvJitLinkHandleImpl *;
using Result = int;
constexpr Result kSuccess = 0;
constexpr int kInputPtx = 2;
} // namespace

struct NvJitLink::Api {
  Result (*create)(Handle *, uint32_t, const char **);
  Result (*destroy)(Handle *);
  Result (*addData)(Handle, int, const void *, size_t, const char *);
  Result (*complete)(Handle);
  Result (*getLinkedCubinSize)(Handle, size_t *);
  Result (*getLinkedCubin)(Handle, void *);
  Result (*getErrorLogSize)(Handle, size_t *);
  Result (*getErrorLog)(Handle, char *);
  Result (*getInfoLogSize)(Handle, size_t *);
  Result (*getInfoLog)(Handle, char *);
  Result (*version)(unsigned *, unsigned *);
};

NvJitLink::NvJitLink(std::unique_ptr<const Api> api, unsigned version)
    : api(std::move(api)), version(version) {}

NvJitLink::~NvJitLink() = default;

/// The load of one library: it runs once, in whichever thread gets to it
/// first, and a thread that arrives meanwhile waits for it to finish.
struct NvJitLink::Loading {
  std::string path;
  /// Whether startLoading() began it on a thread of its own.
  std::atomic<bool> started{false};
  std::once_flag once;
  std::unique_ptr<NvJitLink> library;
  std::string error;

  /// Loads it unless it is loaded; `forAssembly` when an assembly waits.
  void run(bool forAssembly) {
    std::call_once(once, [&] {
      // One write, as threads may print at once.
      LLVM_DEBUG(if (forAssembly) dbgs()
                 << ("loading " + path + " for the first assembly\n"));
      bind(path, *this);
    });
  }
};

NvJitLink::Loading &NvJitLink::getLoading(StringRef path) {
  static std::mutex mutex;
  // Never destroyed, so that a load still running at exit has what it
  // writes to; the libraries stay loaded until then anyway.
  static auto &loads = *new StringMap<std::unique_ptr<Loading>>();
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<Loading> &entry = loads[path];
  if (!entry) {
    entry = std::make_unique<Loading>();
    entry->path = path.str();
  }
  return *entry;
}

void NvJitLink::bind(const std::string &path, Loading &loading) {
  // dlopen itself rather than llvm::sys::DynamicLibrary, whose registry a
  // background load could still be using while exit() destroys it. Local,
  // so that its symbols never bind another library's.
  void *library = dlopen(path.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (!library) {
    const char *error = dlerror();
    loading.error = "cannot load " + path + ": " + (error ? error : "");
    return;
  }
  auto api = std::make_unique<Api>();
  bool complete = true;
  auto bindSymbol = [&](auto &function, const char *name) {
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
        dlsym(library, name));
    complete &= function != nullptr;
  };
  bindSymbol(api->create, "nvJitLinkCreate");
  bindSymbol(api->destroy, "nvJitLinkDestroy");
  bindSymbol(api->addData, "nvJitLinkAddData");
  bindSymbol(api->complete, "nvJitLinkComplete");
  bindSymbol(api->getLinkedCubinSize, "nvJitLinkGetLinkedCubinSize");
  bindSymbol(api->getLinkedCubin, "nvJitLinkGetLinkedCubin");
  bindSymbol(api->getErrorLogSize, "nvJitLinkGetErrorLogSize");
  bindSymbol(api->getErrorLog, "nvJitLinkGetErrorLog");
  bindSymbol(api->getInfoLogSize, "nvJitLinkGetInfoLogSize");
  bindSymbol(api->getInfoLog, "nvJitLinkGetInfoLog");
  bindSymbol(api->version, "nvJitLinkVersion");
  unsigned major = 0, minor = 0;
  if (!complete || api->version(&major, &minor) != kSuccess) {
    dlclose(library);
    loading.error = path + " is not a usable nvJitLink";
    return;
  }
  loading.library.reset(new NvJitLink(std::move(api), major * 10 + minor));
}

void NvJitLink::startLoading(StringRef path) {
  Loading &loading = getLoading(path);
  if (loading.started.exchange(true))
    return;
  // A detached pthread rather than std::thread or llvm::thread, which end
  // the process when no thread can be had: then the first assembly loads it.
  pthread_t thread;
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  auto run = [](void *loading) -> void * {
    static_cast<Loading *>(loading)->run(/*forAssembly=*/false);
    return nullptr;
  };
  if (pthread_create(&thread, &attributes, run, &loading) == 0) {
    LLVM_DEBUG(dbgs() << ("loading " + path + " in the background\n").str());
  } else {
    LLVM_DEBUG(dbgs() << ("no thread to load " + path + " on\n").str());
    loading.started = false;
  }
  pthread_attr_destroy(&attributes);
}

void NvJitLink::finishLoading(StringRef path) {
  Loading &loading = getLoading(path);
  if (loading.started)
    loading.run(/*forAssembly=*/false);
}

Expected<const NvJitLink *> NvJitLink::load(StringRef path) {
  Loading &loading = getLoading(path);
  loading.run(/*forAssembly=*/true);
  if (!loading.library)
    return createStringError(inconvertibleErrorCode(), loading.error);
  return loading.library.get();
}

Expected<NvJitLink::Output>
NvJitLink::assemble(StringRef ptx, StringRef name, StringRef arch,
                    ArrayRef<std::string> ptxasOptions) const {
  std::vector<std::string> options = {"-arch=" + arch.str()};
  for (const std::string &option : ptxasOptions)
    options.push_back("-Xptxas=" + option);
  std::vector<const char *> argv;
  for (const std::string &option : options)
    argv.push_back(option.c_str());

  Handle handle = nullptr;
  Result status = api->create(&handle, argv.size(), argv.data());
  if (status != kSuccess)
    return createStringError(inconvertibleErrorCode(),
                             "nvJitLink rejected the options '" +
                                 join(options, " ") + "' (error " +
                                 std::to_string(status) + ")");
  auto readLog = [&](Result (*size)(Handle, size_t *),
                     Result (*read)(Handle, char *)) {
    size_t length = 0;
    if (size(handle, &length) != kSuccess || length <= 1)
      return std::string();
    std::string log(length, '\0');
    if (read(handle, log.data()) != kSuccess)
      return std::string();
    log.resize(length - 1);
    return StringRef(log).rtrim().str();
  };

  Output output;
  std::string nameString = name.str();
  // nvJitLink reads PTX as a C string, terminator included in the size.
  std::string text = ptx.str();
  status = api->addData(handle, kInputPtx, text.c_str(), text.size() + 1,
                        nameString.c_str());
  if (status == kSuccess)
    status = api->complete(handle);
  size_t size = 0;
  if (status == kSuccess)
    status = api->getLinkedCubinSize(handle, &size);
  if (status == kSuccess) {
    output.cubin.resize(size);
    status = api->getLinkedCubin(handle, output.cubin.data());
  }
  output.infoLog = readLog(api->getInfoLogSize, api->getInfoLog);
  std::string errorLog = readLog(api->getErrorLogSize, api->getErrorLog);
  api->destroy(&handle);
  if (status == kSuccess)
    return std::move(output);
  std::string message =
      "nvJitLink failed (error " + std::to_string(status) + ")";
  if (!errorLog.empty())
    message += ":\n" + errorLog;
  return createStringError(inconvertibleErrorCode(), message);
}

} // namespace mlir::offload::cuda
