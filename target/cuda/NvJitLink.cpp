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
#include "llvm/Support/DynamicLibrary.h"

#include <memory>
#include <mutex>

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

Expected<const NvJitLink *> NvJitLink::load(StringRef path) {
  static std::mutex mutex;
  static StringMap<std::unique_ptr<NvJitLink>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = loaded.find(path); it != loaded.end())
    return it->second.get();

  std::string error;
  sys::DynamicLibrary library =
      sys::DynamicLibrary::getPermanentLibrary(path.str().c_str(), &error);
  if (!library.isValid())
    return createStringError(inconvertibleErrorCode(),
                             "cannot load " + path.str() + ": " + error);
  auto api = std::make_unique<Api>();
  bool complete = true;
  auto bind = [&](auto &function, const char *name) {
    function = reinterpret_cast<std::remove_reference_t<decltype(function)>>(
        library.getAddressOfSymbol(name));
    complete &= function != nullptr;
  };
  bind(api->create, "nvJitLinkCreate");
  bind(api->destroy, "nvJitLinkDestroy");
  bind(api->addData, "nvJitLinkAddData");
  bind(api->complete, "nvJitLinkComplete");
  bind(api->getLinkedCubinSize, "nvJitLinkGetLinkedCubinSize");
  bind(api->getLinkedCubin, "nvJitLinkGetLinkedCubin");
  bind(api->getErrorLogSize, "nvJitLinkGetErrorLogSize");
  bind(api->getErrorLog, "nvJitLinkGetErrorLog");
  bind(api->getInfoLogSize, "nvJitLinkGetInfoLogSize");
  bind(api->getInfoLog, "nvJitLinkGetInfoLog");
  bind(api->version, "nvJitLinkVersion");
  unsigned major = 0, minor = 0;
  if (!complete || api->version(&major, &minor) != kSuccess)
    return createStringError(inconvertibleErrorCode(),
                             path.str() + " is not a usable nvJitLink");
  std::unique_ptr<NvJitLink> &entry = loaded[path];
  entry.reset(new NvJitLink(std::move(api), major * 10 + minor));
  return entry.get();
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
