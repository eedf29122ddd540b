//===- opencl_peer.h - PoCL's CPU device, for host_peers --------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// kernels.cl, built once for PoCL's CPU device (the build is not timed), and
// the calls host_peers times: an enqueue and clFinish. Any OpenCL error ends
// the benchmark with the call that failed and its code.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_BENCH_PEERS_OPENCL_PEER_H
#define OFFLOAD_BENCH_PEERS_OPENCL_PEER_H

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace offload::bench {

class OpenClPeer {
public:
  /// PoCL's CPU device and kernels.cl built for it; the benchmark ends if
  /// there is no such device or the build fails.
  OpenClPeer();
  ~OpenClPeer();
  OpenClPeer(const OpenClPeer &) = delete;
  OpenClPeer &operator=(const OpenClPeer &) = delete;

  /// The device's name and the threads it runs work-groups on.
  const std::string &device() const { return deviceName; }
  unsigned computeUnits() const { return units; }

  /// A buffer of `bytes` on the device, released with the peer.
  cl_mem Buffer(size_t bytes);
  void Write(cl_mem buffer, const void *data, size_t bytes);
  void Read(cl_mem buffer, void *data, size_t bytes);
  /// Queues the setting of every byte of `buffer` to `byte`, before what is
  /// queued next.
  void Fill(cl_mem buffer, unsigned char byte, size_t bytes);

  /// kernels.cl's kernel `name`, with its arguments: buffers and scalars.
  struct Arg {
    const void *value;
    size_t size;
  };
  cl_kernel Kernel(const char *name, const std::vector<Arg> &args);

  /// Enqueues `kernel` over `global` work-items in groups of `local`, and
  /// waits for it (clFinish).
  void Run(cl_kernel kernel, std::array<size_t, 2> global,
           std::array<size_t, 2> local);

private:
  cl_context context = nullptr;
  cl_command_queue queue = nullptr;
  cl_program program = nullptr;
  cl_device_id deviceId = nullptr;
  std::string deviceName;
  unsigned units = 0;
  std::vector<cl_mem> buffers;
  std::vector<cl_kernel> kernels;
};

/// A buffer argument.
inline OpenClPeer::Arg ClArg(const cl_mem &buffer) {
  return {&buffer, sizeof(cl_mem)};
}
/// A scalar argument, as kernels.cl's `ulong`.
inline OpenClPeer::Arg ClArg(const cl_ulong &value) {
  return {&value, sizeof(cl_ulong)};
}

} // namespace offload::bench

#endif // OFFLOAD_BENCH_PEERS_OPENCL_PEER_H
