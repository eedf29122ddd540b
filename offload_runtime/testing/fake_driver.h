//===- fake_driver.h - What every test driver keeps -------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The parts that the test CUDA driver (fake_cuda_driver.cc) and the test HIP
// runtime (fake_hip_*.cc) share: the count of each entry point's calls and
// the failures a test injects into them, the tables of live streams and
// events, and of loaded modules and their kernels. Each driver keeps them in
// its state, behind its own lock, and answers with its own error codes.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_DRIVER_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_DRIVER_H

#include <cstdint>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>

/// A control function of a test driver: one of its few exported symbols.
#define FAKE_EXPORT extern "C" __attribute__((visibility("default")))

namespace mgpu::testing {

/// How often each entry point of a driver was called, and the failures that
/// a test injected (the control functions fake*CallCount,
/// fake*ResetCallCounts and fake*FailCall).
class CallLedger {
public:
  /// Counts a call of `name`.
  void Count(const char *name) { ++calls[name]; }
  /// The result injected for this call of `name` where it is the one that
  /// fails (after the successful ones it skips), else 0.
  int TakeFailure(const char *name) {
    auto failure = failures.find(name);
    if (failure == failures.end() || failure->second.skip-- != 0)
      return 0;
    int result = failure->second.result;
    failures.erase(failure);
    return result;
  }
  int64_t Calls(const char *name) const {
    auto it = calls.find(name);
    return it == calls.end() ? 0 : it->second;
  }
  void Reset() { calls.clear(); }
  /// The next call of `name` after `skip` successful ones fails with
  /// `result`.
  void Fail(const char *name, int result, int64_t skip) {
    failures[name] = {result, skip};
  }

private:
  struct Failure {
    int result;
    int64_t skip;
  };
  std::map<std::string, int64_t> calls;
  std::map<std::string, Failure> failures;
};

/// The live handles of one kind (streams, events) that a driver made: each
/// the address of an `Info` of its own, what the driver keeps of it.
template <typename Info = char> class Handles {
public:
  /// A new handle, which keeps `info`.
  void *Create(Info info = {}) {
    auto created = std::make_unique<Info>(std::move(info));
    void *handle = created.get();
    live.emplace(handle, std::move(created));
    return handle;
  }
  /// A new handle, which keeps `info`, into `*out`; false where `out` is
  /// null.
  template <typename Handle> bool CreateInto(Handle *out, Info info = {}) {
    if (!out)
      return false;
    *out = reinterpret_cast<Handle>(Create(std::move(info)));
    return true;
  }
  /// Destroys `handle`; false where it is not live.
  bool Destroy(const void *handle) { return live.erase(handle) != 0; }
  bool IsLive(const void *handle) const { return live.count(handle) != 0; }
  /// What `handle` keeps; null where it is not live.
  const Info *Find(const void *handle) const {
    auto found = live.find(handle);
    return found == live.end() ? nullptr : found->second.get();
  }
  size_t size() const { return live.size(); }

private:
  std::map<const void *, std::unique_ptr<Info>> live;
};

/// A kind of handle whose entry points a driver answers alike (streams,
/// events): its table in the driver's `State`, and the names of the entry
/// points that create, destroy and synchronize one.
template <typename State, typename Info = char> struct HandleKind {
  Handles<Info> State::*table;
  const char *create, *destroy, *synchronize;
  /// Whether null names one too: the null stream.
  bool nullIsLive;

  /// Whether `handle` names one in `s`.
  bool IsLive(const State &s, const void *handle) const {
    return (nullIsLive && !handle) || (s.*table).IsLive(handle);
  }
};

/// The loaded modules of a driver and their kernels: a kernel is made at
/// its first lookup and keeps its address (its handle) until its module
/// unloads. `Module` has `std::map<std::string, std::unique_ptr<Kernel>>
/// kernels`.
template <typename Module, typename Kernel> class ModuleTable {
public:
  /// Takes `module`, just loaded; returns its handle. Where the table
  /// cannot grow (std::bad_alloc), `module` is freed.
  Module *Add(std::unique_ptr<Module> module) {
    modules.insert(module.get());
    return module.release();
  }
  bool IsLive(const Module *module) const {
    return modules.count(const_cast<Module *>(module)) != 0;
  }
  bool IsLive(const Kernel *kernel) const {
    return kernels.count(const_cast<Kernel *>(kernel)) != 0;
  }
  /// Unloads `module` and forgets its kernels; false where it is not live.
  bool Unload(Module *module) {
    if (!modules.erase(module))
      return false;
    for (auto &[name, kernel] : module->kernels)
      kernels.erase(kernel.get());
    delete module;
    return true;
  }
  /// The kernel `name` of `module`, a live one: made by `make()` at its
  /// first lookup, where `exists` holds.
  template <typename Make>
  Kernel *Find(Module *module, const std::string &name, bool exists,
               Make &&make) {
    auto found = module->kernels.find(name);
    if (found != module->kernels.end() && found->second)
      return found->second.get();
    if (!exists)
      return nullptr;
    // Where an allocation fails (std::bad_alloc), nothing is made: the
    // slot stays empty until a later lookup.
    std::unique_ptr<Kernel> &slot = module->kernels[name];
    std::unique_ptr<Kernel> made = std::forward<Make>(make)();
    kernels.insert(made.get());
    slot = std::move(made);
    return slot.get();
  }
  size_t size() const { return modules.size(); }

private:
  std::set<Module *> modules;
  std::set<Kernel *> kernels;
};

} // namespace mgpu::testing

#endif // OFFLOAD_RUNTIME_TESTING_FAKE_DRIVER_H
