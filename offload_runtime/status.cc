//===- status.cc - Errors of the mgpu runtime -----------------------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/status.h"

#include "offload_runtime/cuda_driver.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>

namespace mgpu {
namespace {

enum class ErrorPolicy { kAbort, kReport };

ErrorPolicy GetErrorPolicy() {
  static const ErrorPolicy policy = [] {
    const char *value = std::getenv("MGPU_ON_ERROR");
    if (!value || !*value || !std::strcmp(value, "abort"))
      return ErrorPolicy::kAbort;
    if (!std::strcmp(value, "report"))
      return ErrorPolicy::kReport;
    std::fprintf(stderr,
                 "mgpu: MGPU_ON_ERROR='%s' is neither 'abort' nor 'report'; "
                 "using 'abort'\n",
                 value);
    return ErrorPolicy::kAbort;
  }();
  return policy;
}

const char *Advice(CUresult result) {
  switch (result) {
  case CUDA_ERROR_NO_DEVICE:
    return "no CUDA device is visible: check the GPU, the NVIDIA driver and "
           "CUDA_VISIBLE_DEVICES";
  case CUDA_ERROR_INVALID_DEVICE:
    return "no such CUDA device";
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
  case CUDA_ERROR_INVALID_IMAGE:
    return "the GPU code was not built for this device's architecture: "
           "compile it for this chip, or include PTX (format=fatbin)";
  case CUDA_ERROR_UNSUPPORTED_PTX_VERSION:
    return "the PTX is newer than this driver supports: update the NVIDIA "
           "driver, or compile with an older PTX ISA (features=+ptxNN)";
  case CUDA_ERROR_OUT_OF_MEMORY:
    return "out of device memory: free memory or use less of it";
  case CUDA_ERROR_NOT_FOUND:
    return "the module has no kernel of that name";
  case CUDA_ERROR_SYSTEM_DRIVER_MISMATCH:
  case CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE:
    return "the NVIDIA driver does not match this CUDA version: update it";
  default:
    return nullptr;
  }
}

struct LastError {
  CUresult result = CUDA_SUCCESS;
  std::string message;
};
thread_local LastError lastError;

struct InstalledHandler {
  MgpuErrorHandler handler = nullptr;
  void *userData = nullptr;
};

/// The embedder's handler; read on error paths only, so a lock is cheap
/// enough. Never destroyed: errors may be reported during exit.
struct HandlerSlot {
  std::mutex mutex;
  InstalledHandler installed;
};
HandlerSlot &GetHandlerSlot() {
  static HandlerSlot *slot = new HandlerSlot;
  return *slot;
}

} // namespace

Status CudaError(const CudaDriver &driver, CUresult result,
                 std::string_view call, std::string_view context) {
  const char *name = nullptr, *description = nullptr;
  if (driver.cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    name = "unknown CUDA error";
  if (driver.cuGetErrorString(result, &description) != CUDA_SUCCESS ||
      !description)
    description = "no description";
  std::string message =
      StrCat(call, " failed with ", name, " (", description, ")");
  if (!context.empty())
    message += StrCat(": ", context);
  if (const char *advice = Advice(result))
    message += StrCat("; ", advice);
  return Status(result, std::move(message));
}

Status RuntimeError(CUresult result, std::string message) {
  return Status(result, std::move(message));
}

void ReportError(const char *entryPoint, const Status &status) {
  lastError.result = status.cudaResult();
  lastError.message = status.text();
  InstalledHandler installed;
  {
    HandlerSlot &slot = GetHandlerSlot();
    std::lock_guard<std::mutex> lock(slot.mutex);
    installed = slot.installed;
  }
  if (installed.handler) {
    installed.handler(entryPoint, status.cudaResult(), status.text().c_str(),
                      installed.userData);
    return;
  }
  ErrorPolicy policy = GetErrorPolicy();
  std::string line = StrCat("mgpu: ", entryPoint, ": ", status.text(), "\n");
  std::fputs(line.c_str(), stderr);
  if (policy == ErrorPolicy::kAbort) {
    // Not abort(): no core dump or signal, and no destructors racing other
    // threads; only the program's buffered output is written out.
    std::fflush(nullptr);
    std::_Exit(EXIT_FAILURE);
  }
}

void SetErrorHandler(MgpuErrorHandler handler, void *userData) {
  HandlerSlot &slot = GetHandlerSlot();
  std::lock_guard<std::mutex> lock(slot.mutex);
  slot.installed = {handler, userData};
}

CUresult TakeLastError() {
  CUresult result = lastError.result;
  lastError.result = CUDA_SUCCESS;
  return result;
}

const char *GetLastErrorMessage() { return lastError.message.c_str(); }

} // namespace mgpu
