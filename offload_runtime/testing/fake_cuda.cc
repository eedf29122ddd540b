//===- fake_cuda.cc - Test helpers around the test CUDA driver ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/testing/fake_cuda.h"

#include <cuda.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace mgpu::testing {
namespace {

void Put(std::string &out, size_t at, const void *data, size_t size) {
  std::memcpy(&out[at], data, size);
}

} // namespace

FakeCuda::FakeCuda() : FakeLaunchControl("MGPU_CUDA_DRIVER", "fakeCuda") {
  Bind("LastImageKind", imageKind);
  Bind("LastImageArch", imageArch);
}

void *FakeCuda::EntryPoint(const char *name) const {
  using GetProcAddress = CUresult (*)(const char *, void **, int, cuuint64_t,
                                      CUdriverProcAddressQueryResult *);
  auto getProcAddress =
      reinterpret_cast<GetProcAddress>(Resolve("cuGetProcAddress_v2"));
  void *function = nullptr;
  if (getProcAddress(name, &function, CUDA_VERSION, 0, nullptr) !=
          CUDA_SUCCESS ||
      !function) {
    std::fprintf(stderr, "fake_cuda: the test driver has no %s\n", name);
    std::abort();
  }
  return function;
}

std::string MakeCubin(int sm, const std::vector<std::string> &kernels) {
  std::string names(1, '\0');
  for (const std::string &kernel : kernels)
    names += kernel + '\0';
  constexpr size_t kHeaderSize = 64;
  std::string image(kHeaderSize, '\0');
  image += names;
  image[0] = 0x7f;
  image[1] = 'E';
  image[2] = 'L';
  image[3] = 'F';
  image[4] = 2; // ELFCLASS64
  image[5] = 1; // little-endian
  image[6] = 1;
  image[8] = 8; // CUDA's ELF ABI version 8: the SM is in e_flags bits 8-15
  uint16_t machine = 190; // EM_CUDA
  Put(image, 0x12, &machine, 2);
  uint32_t flags = static_cast<uint32_t>(sm) << 8;
  Put(image, 0x30, &flags, 4);
  // No section headers: the image ends where their table would start.
  uint64_t sectionHeaders = image.size();
  Put(image, 0x28, &sectionHeaders, 8);
  return image;
}

std::string MakePtx(int sm, const std::vector<std::string> &kernels) {
  std::string ptx =
      ".version 7.8\n.target sm_" + std::to_string(sm) + "\n.address_size 64\n";
  for (const std::string &kernel : kernels)
    ptx += ".visible .entry " + kernel + "()\n{\n\tret;\n}\n";
  return ptx; // std::string keeps it NUL-terminated
}

} // namespace mgpu::testing
