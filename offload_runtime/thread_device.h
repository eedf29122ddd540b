//===- thread_device.h - The calling thread's device ------------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// mgpuSetDefaultDevice moves the calling thread to a device, at any time;
// threads start on device 0. The ordinal is only recorded here: a backend
// checks it at the thread's next call.
//
// The ordinal shares one thread-local struct with what the process's backend
// keeps at hand for the thread on that device, so that a backend's fast path
// (backend.h) reads thread-local storage once per entry point: in a shared
// library each access is a call to __tls_get_addr (the initial-exec model
// would make it one instruction, but libmgpu.so may be dlopen'd, where
// static TLS is scarce). The core gives the backend's fields no meaning.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_THREAD_DEVICE_H
#define OFFLOAD_RUNTIME_THREAD_DEVICE_H

namespace mgpu {

/// What the process's backend keeps at hand for the calling thread on its
/// device, for its fast path, which takes a set `device` as its sign to go
/// on: filled only while that fast path is on (FastPathOn(), backend.h);
/// emptied when the thread moves to another device, so that a field that is
/// set is always the current device's.
struct BackendThreadCache {
  /// The backend's device of the thread.
  void *device;
  /// The thread's own stream on that device.
  void *stream;
};

/// All zero at a thread's start: constant-initialized, with no guard to check
/// at each access and nothing to destroy at the thread's end.
struct ThreadDevice {
  /// mgpuSetDefaultDevice's ordinal.
  int ordinal;
  BackendThreadCache cache;
  /// The backend's own, kept across devices (the CUDA backend: the context
  /// it made current on the thread, which it may replace, unlike a context
  /// that other code made current).
  void *backendState;
};

namespace detail {
// libmgpu.so's own (hidden): no other module can bind to it, though the
// dynamic linker, which finds it for __tls_get_addr, lists it as a local
// symbol. (The local-dynamic model, which would not, costs an instruction
// per access here, to add the variable's offset.)
extern __thread ThreadDevice threadDevice [[gnu::visibility("hidden")]];
} // namespace detail

/// The calling thread's: inline, so that a caller that reads several fields
/// computes the address once.
inline ThreadDevice &CurrentThreadDevice() { return detail::threadDevice; }

void SetThreadDeviceOrdinal(int ordinal);
int GetThreadDeviceOrdinal();

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_THREAD_DEVICE_H
