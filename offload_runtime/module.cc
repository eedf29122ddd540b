//===- module.cc - Loaded GPU objects and their kernels -------------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/module.h"

#include "offload_runtime/cuda_driver.h"
#include "offload_runtime/status.h"

#include <unordered_map>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <shared_mutex>
#include <string>

namespace mgpu {

class Module {
public:
  Module(const CudaDriver &driver, CUlibrary library)
      : driver(driver), library(library) {}

  StatusOr<CUkernel> GetKernel(const char *name) {
    // Lowered IR passes the same constant string on every launch: look it up
    // by address first (checking the text, in case the address was reused),
    // which needs no allocation and no hashing of the name.
    {
      std::shared_lock<std::shared_mutex> lock(mutex);
      auto it = byAddress.find(name);
      if (it != byAddress.end() && it->second.first == name)
        return it->second.second;
    }
    std::unique_lock<std::shared_mutex> lock(mutex);
    auto named = byName.find(name);
    CUkernel kernel = nullptr;
    if (named != byName.end()) {
      kernel = named->second;
    } else {
      if (CUresult result = driver.cuLibraryGetKernel(&kernel, library, name);
          result != CUDA_SUCCESS)
        return CudaError(driver, result, "cuLibraryGetKernel",
                         StrCat("kernel '", name, "'"));
      named = byName.emplace(name, kernel).first;
    }
    byAddress[name] = {named->first, kernel};
    return kernel;
  }

  const CudaDriver &driver;
  const CUlibrary library;

private:
  std::shared_mutex mutex;
  std::unordered_map<std::string, CUkernel> byName;
  /// Name pointer -> (its text when cached, kernel).
  std::unordered_map<const char *, std::pair<std::string, CUkernel>> byAddress;
};

namespace {

/// Set once the process has begun to exit: from then on the driver may
/// already have torn itself down, and unloading would only print errors
/// (llvm-project #190563).
std::atomic<bool> processExiting{false};

void WatchForExit() {
  static std::once_flag once;
  std::call_once(once, [] { std::atexit([] { processExiting.store(true); }); });
}

} // namespace

StatusOr<Module *> LoadModule(const void *image,
                              std::optional<int> jitOptLevel) {
  if (!image)
    return RuntimeError(CUDA_ERROR_INVALID_VALUE, "the GPU object is null");
  StatusOr<const CudaDriver *> driver = GetCudaDriver();
  if (!driver.ok())
    return driver.status();
  WatchForExit();

  // A failed PTX JIT explains itself only in this log.
  char errorLog[8192] = {0};
  CUjit_option options[3] = {CU_JIT_ERROR_LOG_BUFFER,
                             CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                             CU_JIT_OPTIMIZATION_LEVEL};
  void *values[3] = {errorLog, reinterpret_cast<void *>(sizeof(errorLog)),
                     reinterpret_cast<void *>(
                         static_cast<uintptr_t>(jitOptLevel.value_or(4)))};
  unsigned numOptions = jitOptLevel ? 3 : 2;

  CUlibrary library = nullptr;
  if (CUresult result = (*driver)->cuLibraryLoadData(
          &library, image, options, values, numOptions, nullptr, nullptr, 0);
      result != CUDA_SUCCESS) {
    std::string log(errorLog, strnlen(errorLog, sizeof(errorLog)));
    while (!log.empty() && (log.back() == '\n' || log.back() == '\r'))
      log.pop_back();
    for (char &c : log)
      if (c == '\n')
        c = ' ';
    return CudaError(**driver, result, "cuLibraryLoadData",
                     log.empty() ? "" : StrCat("JIT log: ", log));
  }
  return new Module(**driver, library);
}

Status UnloadModule(Module *module) {
  if (!module)
    return OkStatus();
  if (processExiting.load())
    return OkStatus();
  CUresult result = module->driver.cuLibraryUnload(module->library);
  const CudaDriver &driver = module->driver;
  delete module;
  if (result != CUDA_SUCCESS && result != CUDA_ERROR_DEINITIALIZED)
    return CudaError(driver, result, "cuLibraryUnload");
  return OkStatus();
}

StatusOr<CUkernel> GetKernel(Module &module, const char *name) {
  if (!name)
    return RuntimeError(CUDA_ERROR_INVALID_VALUE, "the kernel name is null");
  return module.GetKernel(name);
}

} // namespace mgpu
