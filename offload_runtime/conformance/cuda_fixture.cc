//===- cuda_fixture.cc - The conformance suite on CUDA --------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// MGPU_DEVICE=cuda on the test CUDA driver (libfake_cuda.so) and its one
// sm_90 device: an sm_90 cubin of the kernels, and their PTX for the JIT.
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/conformance/conformance.h"

namespace mgpu::conformance {

const BackendUnderTest &TheBackend() {
  static const std::string cubin = ReadFileNamedBy("CONFORMANCE_KERNELS");
  static const std::string ptx = ReadFileNamedBy("CONFORMANCE_PTX");
  static const BackendUnderTest backend = {
      "cuda",
      {cubin.data(), cubin.size(), MGPU_OBJECT_CUBIN, 90, MGPU_ARCH_PORTABLE,
       0},
      ptx.c_str(),
      /*runsKernels=*/false,
      {
          {"ModuleMisuse.LoadJitWithoutAJit",
           "CUDA's driver has a JIT (Modules.LoadJitCompilesPtx)"},
          {"TensorMaps.EncodeTiledMemrefSharesADeviceCopy",
           "known defect: undefined behaviour: mgpuTensorMapEncodeTiledMemref "
           "encodes into a stack buffer 64-byte aligned (mgpu_api.cc), which "
           "the CUDA backend reads as a CUtensorMap, 128-byte aligned since "
           "CUDA 13; --config=ubsan reports it where the buffer is not "
           "128-byte aligned"},
          {"TensorMaps.NotSupportedWithoutTma",
           "CUDA has tensor maps (TensorMaps.EncodeTiled)"},
          {"LaunchMisuse.TooFewParameters",
           "known disagreement: the launch succeeds (MGPU_SUCCESS): the CUDA "
           "backend does not check a launch's parameters against the kernel's, "
           "and the driver would read past the array"},
          {"LaunchMisuse.NullParameter",
           "known disagreement: the launch succeeds (MGPU_SUCCESS): the CUDA "
           "backend does not check a launch's parameters, and the driver would "
           "read through the null one"},
          {"StreamAfterDestroy.Launch",
           "known disagreement: a launch on it succeeds (MGPU_SUCCESS): a "
           "destroyed stream goes back to the CUDA backend's pool, where it "
           "still works"},
          {"StreamAfterDestroy.Synchronize",
           "known disagreement: its synchronization succeeds (MGPU_SUCCESS): a "
           "destroyed stream goes back to the CUDA backend's pool, where it "
           "still works"},
          {"StreamAfterDestroy.Memcpy",
           "known disagreement: copies on it succeed (MGPU_SUCCESS) and copy: "
           "a destroyed stream goes back to the CUDA backend's pool, where it "
           "still works"},
          {"StreamAfterDestroy.Memset",
           "known disagreement: fills on it succeed (MGPU_SUCCESS) and fill: a "
           "destroyed stream goes back to the CUDA backend's pool, where it "
           "still works"},
          {"StreamAfterDestroy.EventRecord",
           "known disagreement: an event recorded on it succeeds "
           "(MGPU_SUCCESS): a destroyed stream goes back to the CUDA backend's "
           "pool, where it still works"},
          {"StreamAfterDestroy.WaitEvent",
           "known disagreement: a wait of it for an event succeeds "
           "(MGPU_SUCCESS): a destroyed stream goes back to the CUDA backend's "
           "pool, where it still works"},
          {"EventMisuse.NotAnEvent",
           "known disagreement: MGPU_ERROR_INVALID_HANDLE with the driver's "
           "message (\"cuEventSynchronize failed with "
           "CUDA_ERROR_INVALID_HANDLE\"), and only because the test driver "
           "checks handles: the CUDA backend hands any pointer to the driver "
           "as an event"},
          {"EventAfterDestroy.Synchronize",
           "known disagreement: MGPU_ERROR_INVALID_HANDLE with the driver's "
           "message (\"cuEventSynchronize failed with "
           "CUDA_ERROR_INVALID_HANDLE\"), not that the event was destroyed: "
           "the CUDA backend hands the destroyed event to the driver"},
          {"EventAfterDestroy.Record",
           "known disagreement: MGPU_ERROR_INVALID_HANDLE with the driver's "
           "message (\"cuEventRecord failed with CUDA_ERROR_INVALID_HANDLE\"), "
           "not that the event was destroyed: the CUDA backend hands the "
           "destroyed event to the driver"},
          {"EventAfterDestroy.StreamWait",
           "known disagreement: MGPU_ERROR_INVALID_HANDLE with the driver's "
           "message (\"cuStreamWaitEvent failed with "
           "CUDA_ERROR_INVALID_HANDLE\"), not that the event was destroyed: "
           "the CUDA backend hands the destroyed event to the driver"},
          {"EventAfterDestroy.DestroyAgain",
           "known disagreement: MGPU_ERROR_INVALID_HANDLE with the driver's "
           "message (\"cuEventDestroy failed with "
           "CUDA_ERROR_INVALID_HANDLE\"), not that the event was destroyed: "
           "the CUDA backend hands the destroyed event to the driver"},
          {"MemoryMisuse.CopyFromPastTheEnd",
           "known disagreement: succeeds (MGPU_SUCCESS), and the test driver "
           "copies past the allocation: the CUDA backend keeps no allocation's "
           "size"},
          {"MemoryMisuse.CopyToPastTheEnd",
           "known disagreement: succeeds (MGPU_SUCCESS), and the test driver "
           "copies past the allocation: the CUDA backend keeps no allocation's "
           "size"},
          {"MemoryMisuse.FillPastTheEnd",
           "known disagreement: succeeds (MGPU_SUCCESS), and the test driver "
           "fills past the allocation: the CUDA backend keeps no allocation's "
           "size"},
          {"MemoryMisuse.DoubleFree",
           "known disagreement: MGPU_ERROR_INVALID_VALUE with the driver's "
           "message (\"cuMemFree failed with CUDA_ERROR_INVALID_VALUE\"), not "
           "that it is not memory from mgpuMemAlloc: the CUDA backend keeps no "
           "allocations"},
          {"MemoryMisuse.FreeOfMemoryNotFromMgpuMemAlloc",
           "known disagreement: MGPU_ERROR_INVALID_VALUE with the driver's "
           "message (\"cuMemFree failed with CUDA_ERROR_INVALID_VALUE\"), not "
           "that it is not memory from mgpuMemAlloc: the CUDA backend keeps no "
           "allocations"},
          {"HostMemory.RegisteredTwice",
           "known disagreement: registering twice and unregistering twice "
           "succeed (MGPU_SUCCESS): the test CUDA driver keeps no "
           "registrations (a real one answers "
           "CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED and _NOT_REGISTERED), "
           "and the CUDA backend none either"},
          {"HostMemory.MemRefs",
           "known disagreement: unregistering twice succeeds (MGPU_SUCCESS): "
           "the test CUDA driver keeps no registrations (a real one answers "
           "CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED), and the CUDA backend none "
           "either"},
      }};
  return backend;
}

} // namespace mgpu::conformance
