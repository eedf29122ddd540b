//===- fake_driver_control.h - Steering a loaded test driver ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// What FakeCuda (fake_cuda.h) and FakeHip (fake_hip.h) share: the test
// driver that libmgpu.so loaded, opened again for its control functions,
// and the ones that every test driver has (fake_driver.h's CallLedger, its
// count of live streams and its last launch).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_DRIVER_CONTROL_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_DRIVER_CONTROL_H

#include <cstdint>
#include <string>

namespace mgpu::testing {

/// The control functions of the test driver at the path in $`variable`, the
/// same instance that libmgpu.so uses; each is `prefix` and its name
/// ("fakeCuda" "CallCount").
class FakeDriverControl {
public:
  /// How often the entry point `name` was called.
  int64_t calls(const char *name) const { return callCount(name); }
  /// Forgets all call counts.
  void resetCalls() const { resetCallCounts(); }
  /// The next call of `name` after `skip` successful ones fails with
  /// `result`, the driver's error code.
  void failCall(const char *name, int result, int64_t skip = 0) const {
    failCallFn(name, result, skip);
  }
  /// How many streams the driver holds that were created and not destroyed.
  int64_t liveStreams() const { return liveStreamsFn(); }
  /// An entry point of the driver, as other code in the process would call
  /// it: `entryPoint<decltype(&cuX)>("cuX")` (CUDA's by cuGetProcAddress,
  /// without version suffix), `entryPoint<decltype(&hip::hipX)>("hipX")`.
  template <typename Fn> Fn entryPoint(const char *name) const {
    return reinterpret_cast<Fn>(EntryPoint(name));
  }

protected:
  FakeDriverControl(const char *variable, const char *prefix);
  virtual ~FakeDriverControl() = default;

  /// The entry point `name`, as the driver hands it out.
  virtual void *EntryPoint(const char *name) const { return Resolve(name); }

  /// The driver's symbol `name`; ends the process where it has none.
  void *Resolve(const char *name) const;
  /// Binds `slot` to the control function `prefix` + `name`.
  template <typename T> void Bind(const char *name, T &slot) const {
    slot = reinterpret_cast<T>(Resolve((prefix + name).c_str()));
  }

private:
  const char *variable;
  std::string prefix;
  void *library;
  int64_t (*callCount)(const char *);
  void (*resetCallCounts)();
  void (*failCallFn)(const char *, int, int64_t);
  int64_t (*liveStreamsFn)();
};

/// The control of a test driver whose control function <prefix>LastLaunch
/// fills in a `Launch` (FakeCudaLaunch, FakeHipLaunch).
template <typename Launch> class FakeLaunchControl : public FakeDriverControl {
public:
  /// The last launch; a zeroed one if there was none.
  Launch lastLaunch() const {
    Launch launch = {};
    lastLaunchFn(&launch);
    return launch;
  }

protected:
  FakeLaunchControl(const char *variable, const char *prefix)
      : FakeDriverControl(variable, prefix) {
    Bind("LastLaunch", lastLaunchFn);
  }

private:
  int (*lastLaunchFn)(Launch *);
};

} // namespace mgpu::testing

#endif // OFFLOAD_RUNTIME_TESTING_FAKE_DRIVER_CONTROL_H
