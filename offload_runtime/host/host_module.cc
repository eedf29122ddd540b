//===- host_module.cc - Host objects, loaded from memory ------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/host_module.h"

#include "object_format/ObjectFormat.h"
#include "offload_runtime/host/cpu_features.h"
#include "offload_runtime/host/host_stream.h"
#include "offload_runtime/process_exit.h"

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <unordered_map>
#include <vector>

#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <shared_mutex>

namespace mgpu::host {

class HostModule {
public:
  HostModule(void *library, int fd) : library(library), fd(fd) {}
  ~HostModule() {
    for (auto &[name, kernel] : byName)
      delete kernel;
    close(fd);
  }

  StatusOr<HostKernel *> Kernel(const char *name) {
    {
      std::shared_lock<std::shared_mutex> lock(mutex);
      auto it = byAddress.find(name);
      if (it != byAddress.end() && it->second.first == name)
        return it->second.second;
    }
    std::unique_lock<std::shared_mutex> lock(mutex);
    auto named = byName.find(name);
    if (named == byName.end()) {
      std::string symbol = std::string(MGPU_HOST_KERNEL_PREFIX) + name;
      auto *descriptor =
          static_cast<const MgpuHostKernel *>(dlsym(library, symbol.c_str()));
      if (!descriptor)
        return RuntimeError(MGPU_ERROR_NOT_FOUND,
                            StrCat("the host object has no kernel '", name,
                                   "'; the module has no kernel of that name"));
      if (descriptor->abiVersion != MGPU_HOST_ABI_VERSION)
        return RuntimeError(
            MGPU_ERROR_INVALID_IMAGE,
            StrCat("kernel '", name, "' was compiled for host ABI version ",
                   descriptor->abiVersion, "; this runtime runs version ",
                   MGPU_HOST_ABI_VERSION,
                   ": rebuild it with this mlir-offload"));
      named = byName.emplace(name, new HostKernel{descriptor, name}).first;
    }
    byAddress[name] = {named->first, named->second};
    return named->second;
  }

  void *const library;

private:
  /// The memfd the object was loaded from.
  const int fd;
  std::shared_mutex mutex;
  std::unordered_map<std::string, HostKernel *> byName;
  std::unordered_map<const char *, std::pair<std::string, HostKernel *>>
      byAddress;
};

namespace {

/// A CPU that every machine of this architecture has the features of.
#if defined(__x86_64__)
constexpr const char *kPortableCpu = "x86-64";
#else
constexpr const char *kPortableCpu = "generic";
#endif

/// Kernels call libm; a program that does not link it still runs them.
void PrepareForHostObjects() {
  static std::once_flag once;
  std::call_once(once, [] {
    (void)dlopen("libm.so.6", RTLD_NOW | RTLD_GLOBAL);
    WatchForProcessExit();
  });
}

/// What `found` is when it is not a host object for this machine, or "".
std::string WhatIsWrong(const object_format::Identity &found) {
  if (found.format == object_format::Format::Unknown)
    return "not an ELF file";
  if (found.format != object_format::Format::HostObject)
    return object_format::describe(found);
  if (found.elfMachine != GetHostElfMachine())
    return StrCat(object_format::describe(found), ", and this machine is ",
                  object_format::describeElfMachine(GetHostElfMachine()));
  return "";
}

/// The size of the host object at `data`: `size` once its headers and
/// tables are found to end within it, or (`size` 0: unknown) where its ELF
/// header says that its tables end.
StatusOr<size_t> HostObjectSize(const unsigned char *data, size_t size) {
  if (!size) {
    object_format::Extent header =
        object_format::getExtent(data, object_format::kElf64HeaderBytes);
    if (header.status == object_format::ExtentStatus::Ok ||
        header.status == object_format::ExtentStatus::PastEnd)
      size = static_cast<size_t>(header.bytes);
  }
  object_format::Extent extent = object_format::getExtent(data, size);
  if (!extent.fits())
    return RuntimeError(
        MGPU_ERROR_INVALID_IMAGE,
        StrCat("the host object is truncated or damaged: ", extent.problem));
  return size;
}

} // namespace

int GetHostElfMachine() {
#if defined(__x86_64__)
  return object_format::kElfMachineX86_64;
#elif defined(__aarch64__)
  return object_format::kElfMachineAArch64;
#else
#error "the host backend knows x86-64 and AArch64"
#endif
}

StatusOr<HostModule *> LoadHostObject(const void *data, size_t size) {
  auto *bytes = static_cast<const unsigned char *>(data);
  // IR from older MLIR passes no size: take the object's own.
  size_t inspected = size ? size : object_format::kElf64HeaderBytes;
  std::string wrong = WhatIsWrong(object_format::identify(bytes, inspected));
  if (!wrong.empty())
    return RuntimeError(
        MGPU_ERROR_INVALID_IMAGE,
        StrCat("the object is ", wrong,
               "; the host backend runs host objects (#offload.host) for "
               "this machine"));
  MGPU_ASSIGN_OR_RETURN(size, HostObjectSize(bytes, size));
  PrepareForHostObjects();

  int fd = memfd_create("mgpu-host-object", MFD_CLOEXEC);
  if (fd < 0)
    return RuntimeError(MGPU_ERROR_OPERATING_SYSTEM,
                        StrCat("memfd_create failed: ", strerror(errno)));
  size_t written = 0;
  while (written < size) {
    ssize_t n = write(fd, bytes + written, size - written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      int error = errno;
      close(fd);
      return RuntimeError(
          MGPU_ERROR_OPERATING_SYSTEM,
          StrCat("cannot write the host object to memory: ", strerror(error)));
    }
    written += static_cast<size_t>(n);
  }
  // The dynamic loader knows an object by the path it was opened from and
  // hands back the loaded one for the same path: the descriptor stays open
  // while the object is loaded, so that no other object gets its number.
  std::string path = StrCat("/proc/self/fd/", fd);
  void *library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    std::string error = dlerror();
    close(fd);
    return RuntimeError(MGPU_ERROR_INVALID_IMAGE,
                        StrCat("cannot load the host object: ", error));
  }
  // Objects from before the record run as they are.
  if (auto *features = static_cast<const char *>(
          dlsym(library, MGPU_HOST_CPU_FEATURES_SYMBOL))) {
    std::vector<std::string> missing = MissingCpuFeatures(features);
    if (!missing.empty()) {
      dlclose(library);
      close(fd);
      std::string names;
      for (const std::string &name : missing)
        names += (names.empty() ? "" : ", ") + name;
      return RuntimeError(
          MGPU_ERROR_NO_BINARY_FOR_GPU,
          StrCat("the host object was compiled for a CPU with ", names,
                 ", which this CPU (", DescribeCpu(),
                 ") does not have: compile it for this CPU (#offload.host "
                 "without `cpu`), or for one that this CPU has every feature "
                 "of (`cpu = \"",
                 kPortableCpu, "\"`, say)"));
    }
  }
  return new HostModule(library, fd);
}

Status UnloadHostModule(HostModule *module) {
  return UnloadUnlessExiting(module, [](HostModule &unloaded) {
    // Its kernels may still run on some stream.
    SynchronizeAllStreams();
    if (dlclose(unloaded.library))
      return RuntimeError(MGPU_ERROR_UNKNOWN,
                          StrCat("cannot unload the host object: ", dlerror()));
    return OkStatus();
  });
}

StatusOr<HostKernel *> GetHostKernel(HostModule &module, const char *name) {
  return module.Kernel(name);
}

} // namespace mgpu::host
