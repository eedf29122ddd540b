//===- host_bench.cc - The host target against plain C++ loops ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Times three GPU kernels compiled for the host CPU and run by libmgpu's host
// backend (vector add over 2^24 floats, a block reduction with barriers and
// shared memory, a 512 x 512 f32 matmul with shared-memory tiles) beside the
// same computations as plain C++ loops built with clang++-22 -O2 on as many
// threads, checks that both agree, and prints a table; and the same kernels
// compiled with checks (docs/checking.md), whose results must agree too, and
// what the checks cost.
//
//   bazel run -c opt //bench:host_bench [-- --quick]
//
// MGPU_HOST_THREADS sets the threads of both (default: the CPUs this process
// may run on).
//
//===----------------------------------------------------------------------===//

#include "bench/bench_kernels.h"
#include "bench/host_reference.h"
#include "bench/host_threads.h"
#include "mgpu/mgpu.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using offload::bench::MemRef;

namespace {

using namespace offload::bench;

/// `count` floats of device memory.
float *DeviceFloats(size_t count) {
  return static_cast<float *>(
      mgpuMemAlloc(count * sizeof(float), nullptr, /*hostShared=*/false));
}

MemRef<float, 1> Vector(float *data, size_t n) {
  return {data, data, 0, {int64_t(n)}, {1}};
}

MemRef<float, 2> Matrix(float *data, size_t n) {
  return {data, data, 0, {int64_t(n), int64_t(n)}, {int64_t(n), 1}};
}

/// The median wall time of `runs` calls of `fn`, in milliseconds, after one
/// call that is not timed.
double MedianMs(int runs, const std::function<void()> &fn) {
  fn();
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    fn();
    auto stop = std::chrono::steady_clock::now();
    times.push_back(
        std::chrono::duration<double, std::milli>(stop - start).count());
  }
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

/// Whether `got` equals `want` everywhere (the inputs make every result
/// exact in float, whatever the order of the additions).
bool Agree(const char *name, const float *got, const float *want,
           size_t count) {
  for (size_t i = 0; i < count; ++i)
    if (got[i] != want[i]) {
      std::printf("%s: FAILED: [%zu] = %.9g on the host target, %.9g from "
                  "the C++ loop\n",
                  name, i, got[i], want[i]);
      return false;
    }
  return true;
}

struct Row {
  std::string name;
  double hostMs, referenceMs, goal, checkedMs;
};

/// The most that checked kernels may take, in times the unchecked.
constexpr double kCheckedGoal = 10;

} // namespace

int main(int argc, char **argv) {
  bool quick = argc > 1 && !std::strcmp(argv[1], "--quick");
  // The host target is what is measured, whatever devices the machine has.
  setenv("MGPU_DEVICE", "host", /*overwrite=*/0);
  const unsigned threads = CountHostThreads();
  const int runs = quick ? 1 : 15;
  // Checked kernels are slow: fewer runs.
  const int checkedRuns = quick ? 1 : 3;
  std::vector<Row> rows;
  bool agree = true;

  {
    const size_t n = quick ? 1 << 16 : 1 << 24;
    float *a = DeviceFloats(n), *b = DeviceFloats(n), *c = DeviceFloats(n);
    std::vector<float> want(n);
    for (size_t i = 0; i < n; ++i) {
      a[i] = float(i % 1000) * 0.5f;
      b[i] = float(i % 7) * 0.25f;
    }
    MemRef<float, 1> ma = Vector(a, n), mb = Vector(b, n), mc = Vector(c, n);
    double host =
        MedianMs(runs, [&] { _mlir_ciface_bench_vector_add(&ma, &mb, &mc); });
    double reference = MedianMs(
        runs, [&] { ReferenceVectorAdd(a, b, want.data(), n, threads); });
    agree &= Agree("vector add", c, want.data(), n);
    std::fill(c, c + n, 0.0f);
    double checked = MedianMs(checkedRuns, [&] {
      _mlir_ciface_bench_checked_vector_add(&ma, &mb, &mc);
    });
    agree &= Agree("vector add, checked", c, want.data(), n);
    rows.push_back(
        {quick ? "vector add (2^16 floats)" : "vector add (2^24 floats)", host,
         reference, 1.5, checked});
    for (float *p : {a, b, c})
      mgpuMemFree(p, nullptr);
  }

  {
    const size_t n = quick ? 1 << 16 : 1 << 24, blocks = n / 256;
    float *in = DeviceFloats(n), *partial = DeviceFloats(blocks);
    std::vector<float> want(blocks);
    for (size_t i = 0; i < n; ++i)
      in[i] = float(int(i % 17) - 8) * 0.125f;
    MemRef<float, 1> min = Vector(in, n), mpartial = Vector(partial, blocks);
    double host = MedianMs(
        runs, [&] { _mlir_ciface_bench_block_reduce(&min, &mpartial); });
    double reference = MedianMs(
        runs, [&] { ReferenceBlockReduce(in, want.data(), n, threads); });
    agree &= Agree("block reduction", partial, want.data(), blocks);
    std::fill(partial, partial + blocks, 0.0f);
    double checked = MedianMs(checkedRuns, [&] {
      _mlir_ciface_bench_checked_block_reduce(&min, &mpartial);
    });
    agree &= Agree("block reduction, checked", partial, want.data(), blocks);
    rows.push_back({quick ? "block reduction (2^16 floats)"
                          : "block reduction (2^24 floats)",
                    host, reference, 5, checked});
    mgpuMemFree(in, nullptr);
    mgpuMemFree(partial, nullptr);
  }

  {
    const size_t n = quick ? 64 : 512;
    float *a = DeviceFloats(n * n), *b = DeviceFloats(n * n),
          *c = DeviceFloats(n * n);
    std::vector<float> want(n * n);
    for (size_t i = 0; i < n * n; ++i) {
      a[i] = float(int(i % 7) - 3) * 0.25f;
      b[i] = float(int(i % 5) - 2) * 0.25f;
    }
    MemRef<float, 2> ma = Matrix(a, n), mb = Matrix(b, n), mc = Matrix(c, n);
    double host =
        MedianMs(runs, [&] { _mlir_ciface_bench_matmul(&ma, &mb, &mc); });
    double reference =
        MedianMs(runs, [&] { ReferenceMatmul(a, b, want.data(), n, threads); });
    agree &= Agree("matmul", c, want.data(), n * n);
    std::fill(c, c + n * n, 0.0f);
    double checked = MedianMs(
        checkedRuns, [&] { _mlir_ciface_bench_checked_matmul(&ma, &mb, &mc); });
    agree &= Agree("matmul, checked", c, want.data(), n * n);
    rows.push_back({quick ? "matmul (64 x 64 f32)" : "matmul (512 x 512 f32)",
                    host, reference, 5, checked});
    for (float *p : {a, b, c})
      mgpuMemFree(p, nullptr);
  }

  std::printf("Host target against plain C++ loops (clang++-22 -O2), %u "
              "thread%s each, median of %d runs\n\n",
              threads, threads == 1 ? "" : "s", runs);
  std::printf("%-32s %12s %12s %8s %8s\n", "", "host target", "C++ loops",
              "ratio", "goal");
  for (const Row &row : rows) {
    double ratio = row.hostMs / row.referenceMs;
    std::printf("%-32s %9.3f ms %9.3f ms %7.2fx %6.1fx%s\n", row.name.c_str(),
                row.hostMs, row.referenceMs, ratio, row.goal,
                ratio <= row.goal ? "" : "  (missed)");
  }
  if (!agree)
    return 1;
  std::printf("\nChecked kernels (docs/checking.md) against the host target's "
              "own, median of %d runs\n\n",
              checkedRuns);
  std::printf("%-32s %12s %12s %8s\n", "", "checked", "overhead", "goal");
  for (const Row &row : rows) {
    double overhead = row.checkedMs / row.hostMs;
    std::printf("%-32s %9.3f ms %11.2fx %6.1fx%s\n", row.name.c_str(),
                row.checkedMs, overhead, kCheckedGoal,
                overhead <= kCheckedGoal ? "" : "  (missed)");
  }
  std::printf("\nThe host target, checked or not, and the C++ loops agree on "
              "every result.\n");
  return 0;
}
