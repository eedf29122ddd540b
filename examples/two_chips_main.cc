//===- two_chips_main.cc - vector_add.mlir for sm_80 and sm_90 ------------===//
//
// Part of mlir-offload.
//
// The same program as vector_add, from one binary holding an sm_80 and an
// sm_90 cubin: the runtime loads the one for the device (sm_90 on an H100;
// sm_80 on an A100 or an sm_86 GPU). On the test driver, EXPECTED_ARCH says
// which one the device in FAKE_CUDA_DEVICES must get.
//
//===----------------------------------------------------------------------===//

#include "examples/support/example.h"
#include "mgpu/mgpu.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace offload::examples;

extern "C" void _mlir_ciface_vector_add(MemRef<float, 1> *a,
                                        MemRef<float, 1> *b,
                                        MemRef<float, 1> *c);

namespace {

void AddStandIn(const FakeCudaLaunch *launch, void **raw, void *) {
  KernelParams params(raw);
  const float *a = params.MemRef1D<float>();
  const float *b = params.MemRef1D<float>();
  float *c = params.MemRef1D<float>();
  uint64_t n = params.Scalar<uint64_t>();
  for (uint64_t i = 0; i < GridThreadsX(*launch) && i < n; ++i)
    c[i] = a[i] + b[i];
}

} // namespace

int main() {
  StandInForKernel("add", AddStandIn);
  const size_t n = 4099, bytes = n * sizeof(float);
  std::vector<float> a(n), b(n), c(n), want(n);
  for (size_t i = 0; i < n; ++i) {
    a[i] = float(i);
    b[i] = 2.0f * float(i);
    want[i] = 3.0f * float(i);
  }
  float *d[3];
  for (float *&p : d)
    p = static_cast<float *>(mgpuMemAlloc(bytes, nullptr, false));
  mgpuMemcpy(d[0], a.data(), bytes, nullptr);
  mgpuMemcpy(d[1], b.data(), bytes, nullptr);
  MemRef<float, 1> m[3];
  for (int i = 0; i < 3; ++i)
    m[i] = {d[i], d[i], 0, {int64_t(n)}, {1}};
  _mlir_ciface_vector_add(&m[0], &m[1], &m[2]);
  mgpuMemcpy(c.data(), d[2], bytes, nullptr);
  mgpuStreamSynchronize(nullptr);
  for (float *p : d)
    mgpuMemFree(p, nullptr);

  if (const char *expected = std::getenv("EXPECTED_ARCH")) {
    int loaded = LastLoadedArch();
    if (loaded != std::atoi(expected)) {
      std::printf("two_chips: FAILED: loaded the sm_%d object, expected "
                  "sm_%s\n",
                  loaded, expected);
      return 1;
    }
    std::printf("two_chips: loaded the sm_%d object\n", loaded);
  }
  return Compare("two_chips", c, want);
}
