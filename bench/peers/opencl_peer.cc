//===- opencl_peer.cc - PoCL's CPU device, for host_peers -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "bench/peers/opencl_peer.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

// kernels.cl, embedded by embed.py.
extern const unsigned char peer_kernels_cl[];
extern const size_t peer_kernels_cl_size;

namespace offload::bench {
namespace {

[[noreturn]] void Fail(const char *call, cl_int error) {
  std::fprintf(stderr, "host_peers: %s failed with OpenCL error %d\n", call,
               error);
  std::exit(1);
}

void Check(const char *call, cl_int error) {
  if (error != CL_SUCCESS)
    Fail(call, error);
}

/// The first CPU device of the PoCL platform.
cl_device_id FindPoclCpu(std::string &name) {
  cl_uint count = 0;
  Check("clGetPlatformIDs", clGetPlatformIDs(0, nullptr, &count));
  std::vector<cl_platform_id> platforms(count);
  Check("clGetPlatformIDs", clGetPlatformIDs(count, platforms.data(), nullptr));
  for (cl_platform_id platform : platforms) {
    char vendor[256] = {};
    clGetPlatformInfo(platform, CL_PLATFORM_NAME, sizeof(vendor) - 1, vendor,
                      nullptr);
    cl_device_id device;
    if (!std::strstr(vendor, "Portable Computing Language") ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_CPU, 1, &device, nullptr) !=
            CL_SUCCESS)
      continue;
    char text[256] = {};
    clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof(text) - 1, text, nullptr);
    name = text;
    return device;
  }
  std::fprintf(stderr,
               "host_peers: no PoCL CPU device among %u OpenCL "
               "platforms; install pocl-opencl-icd "
               "(tools/bootstrap.sh)\n",
               count);
  std::exit(1);
}

} // namespace

OpenClPeer::OpenClPeer() {
  deviceId = FindPoclCpu(deviceName);
  cl_uint computeUnits = 0;
  Check("clGetDeviceInfo",
        clGetDeviceInfo(deviceId, CL_DEVICE_MAX_COMPUTE_UNITS,
                        sizeof(computeUnits), &computeUnits, nullptr));
  units = computeUnits;
  cl_int error;
  context = clCreateContext(nullptr, 1, &deviceId, nullptr, nullptr, &error);
  Check("clCreateContext", error);
  queue =
      clCreateCommandQueueWithProperties(context, deviceId, nullptr, &error);
  Check("clCreateCommandQueueWithProperties", error);
  const char *source = reinterpret_cast<const char *>(peer_kernels_cl);
  size_t length = peer_kernels_cl_size;
  program = clCreateProgramWithSource(context, 1, &source, &length, &error);
  Check("clCreateProgramWithSource", error);
  if (cl_int built = clBuildProgram(program, 1, &deviceId, "-cl-std=CL1.2",
                                    nullptr, nullptr);
      built != CL_SUCCESS) {
    size_t size = 0;
    clGetProgramBuildInfo(program, deviceId, CL_PROGRAM_BUILD_LOG, 0, nullptr,
                          &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(program, deviceId, CL_PROGRAM_BUILD_LOG, size,
                          log.data(), nullptr);
    std::fprintf(stderr, "%s\n", log.c_str());
    Fail("clBuildProgram", built);
  }
}

OpenClPeer::~OpenClPeer() {
  for (cl_kernel kernel : kernels)
    clReleaseKernel(kernel);
  for (cl_mem buffer : buffers)
    clReleaseMemObject(buffer);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
}

cl_mem OpenClPeer::Buffer(size_t bytes) {
  cl_int error;
  cl_mem buffer =
      clCreateBuffer(context, CL_MEM_READ_WRITE, bytes, nullptr, &error);
  Check("clCreateBuffer", error);
  buffers.push_back(buffer);
  return buffer;
}

void OpenClPeer::Write(cl_mem buffer, const void *data, size_t bytes) {
  Check("clEnqueueWriteBuffer",
        clEnqueueWriteBuffer(queue, buffer, CL_TRUE, 0, bytes, data, 0, nullptr,
                             nullptr));
}

void OpenClPeer::Read(cl_mem buffer, void *data, size_t bytes) {
  Check("clEnqueueReadBuffer",
        clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, bytes, data, 0, nullptr,
                            nullptr));
}

void OpenClPeer::Fill(cl_mem buffer, unsigned char byte, size_t bytes) {
  Check("clEnqueueFillBuffer", clEnqueueFillBuffer(queue, buffer, &byte, 1, 0,
                                                   bytes, 0, nullptr, nullptr));
}

cl_kernel OpenClPeer::Kernel(const char *name, const std::vector<Arg> &args) {
  cl_int error;
  cl_kernel kernel = clCreateKernel(program, name, &error);
  Check("clCreateKernel", error);
  kernels.push_back(kernel);
  for (size_t i = 0; i < args.size(); ++i)
    Check("clSetKernelArg",
          clSetKernelArg(kernel, i, args[i].size, args[i].value));
  return kernel;
}

void OpenClPeer::Run(cl_kernel kernel, std::array<size_t, 2> global,
                     std::array<size_t, 2> local) {
  Check("clEnqueueNDRangeKernel",
        clEnqueueNDRangeKernel(queue, kernel, 2, nullptr, global.data(),
                               local.data(), 0, nullptr, nullptr));
  Check("clFinish", clFinish(queue));
}

} // namespace offload::bench
