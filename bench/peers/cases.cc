//===- cases.cc - host_peers' kernels, ready to run in each column -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Each kernel's inputs are chosen so that every result but softmax's is
// exact in float whatever the order of the additions: small multiples of
// powers of two, and integers.
//
//===----------------------------------------------------------------------===//

#include "bench/peers/cases.h"
#include "bench/peers/peers.h"
#include "bench/peers/reference.h"
#include "mgpu/mgpu.h"

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>

namespace offload::bench {
namespace {

/// Allocates the shared buffers of a case.
class Buffers {
public:
  explicit Buffers(OpenClPeer &peer) : peer(peer) {}

  /// `count` elements of T, the i-th set to `init(i)` on both sides.
  template <typename T, typename Init>
  SharedBuffer Input(int64_t count, Init init) {
    SharedBuffer buffer = Output(count * sizeof(T));
    T *data = static_cast<T *>(buffer.host);
    for (int64_t i = 0; i < count; ++i)
      data[i] = init(i);
    peer.Write(buffer.device, data, buffer.bytes);
    return buffer;
  }

  /// `bytes` of memory on both sides, never freed: the benchmark's cases
  /// live as long as it.
  SharedBuffer Output(size_t bytes) {
    void *host = mgpuMemAlloc(bytes, nullptr, /*hostShared=*/false);
    if (!host) {
      std::fprintf(stderr, "host_peers: mgpuMemAlloc(%zu) failed\n", bytes);
      std::exit(1);
    }
    std::memset(host, 0, bytes);
    return {host, peer.Buffer(bytes), bytes};
  }

private:
  OpenClPeer &peer;
};

float *F(const SharedBuffer &buffer) {
  return static_cast<float *>(buffer.host);
}
int32_t *I(const SharedBuffer &buffer) {
  return static_cast<int32_t *>(buffer.host);
}

Vector VectorOf(const SharedBuffer &buffer, int64_t n) {
  return {F(buffer), F(buffer), 0, {n}, {1}};
}
Matrix MatrixOf(const SharedBuffer &buffer, int64_t rows, int64_t cols) {
  return {F(buffer), F(buffer), 0, {rows, cols}, {cols, 1}};
}
Ints IntsOf(const SharedBuffer &buffer, int64_t n) {
  return {I(buffer), I(buffer), 0, {n}, {1}};
}

/// A result, with the 9 digits that tell any two floats apart.
std::string Exactly(double value) {
  char text[32];
  std::snprintf(text, sizeof(text), "%.9g", value);
  return text;
}

/// Compares `count` results with `want`, within a relative `tolerance`
/// (0: exactly), leaving out those `skip` says.
template <typename T>
std::function<std::string(const void *)>
CompareWith(std::vector<T> want, double tolerance = 0,
            std::function<bool(size_t)> skip = nullptr) {
  return [want = std::move(want), tolerance, skip](const void *data) {
    const T *got = static_cast<const T *>(data);
    for (size_t i = 0; i < want.size(); ++i) {
      if (skip && skip(i))
        continue;
      double error = std::fabs(double(got[i]) - double(want[i]));
      if (!(error <= tolerance * std::fabs(double(want[i]))))
        return "[" + std::to_string(i) + "] = " + Exactly(got[i]) +
               ", the reference " + Exactly(want[i]);
    }
    return std::string();
  };
}

/// "2^k", for a power of two `n`.
std::string Power(int64_t n) {
  int log = 0;
  while ((int64_t(1) << log) < n)
    ++log;
  return "2^" + std::to_string(log);
}

/// Which of a kernel's sizes runs: its full one, or a quarter of its
/// elements; the smoke test's (`quick`) or the benchmark's.
struct Size {
  bool quick;
  bool full;
  /// A count of elements, given at full size.
  int64_t Elements(int64_t quickCount, int64_t count) const {
    return (quick ? quickCount : count) / (full ? 1 : 4);
  }
  /// The side of a square, given at full size.
  int64_t Side(int64_t quickSide, int64_t side) const {
    return (quick ? quickSide : side) / (full ? 1 : 2);
  }
};

Case VectorAdd(OpenClPeer &peer, Buffers &buffers, Size size) {
  const int64_t n = size.Elements(1 << 16, 1 << 24);
  SharedBuffer a =
      buffers.Input<float>(n, [](int64_t i) { return float(i % 1000) * 0.5f; });
  SharedBuffer b =
      buffers.Input<float>(n, [](int64_t i) { return float(i % 7) * 0.25f; });
  SharedBuffer c = buffers.Output(n * sizeof(float));
  Vector ma = VectorOf(a, n), mb = VectorOf(b, n), mc = VectorOf(c, n);
  cl_ulong length = n;
  cl_kernel kernel =
      peer.Kernel("vector_add", {ClArg(a.device), ClArg(b.device),
                                 ClArg(c.device), ClArg(length)});
  Case result{"vector add (" + Power(n) + " f32)",
              size.full,
              {},
              c,
              CompareWith(ReferenceVectorAdd(F(a), F(b), n))};
  result.run = {[=]() mutable { _mlir_ciface_bench_vector_add(&ma, &mb, &mc); },
                [=, &peer] { peer.Run(kernel, {size_t(n), 1}, {256, 1}); },
                [=]() mutable { _mlir_ciface_omp_vector_add(&ma, &mb, &mc); },
                [=] { loops_vector_add(F(a), F(b), F(c), n); }};
  return result;
}

Case BlockReduce(OpenClPeer &peer, Buffers &buffers, Size size) {
  const int64_t n = size.Elements(1 << 16, 1 << 24), blocks = n / 256;
  SharedBuffer in = buffers.Input<float>(
      n, [](int64_t i) { return float(int(i % 17) - 8) * 0.125f; });
  SharedBuffer partial = buffers.Output(blocks * sizeof(float));
  Vector min = VectorOf(in, n), mpartial = VectorOf(partial, blocks);
  cl_ulong length = n;
  cl_kernel kernel = peer.Kernel(
      "block_sum", {ClArg(in.device), ClArg(partial.device), ClArg(length)});
  Case result{"block reduction (" + Power(n) + " f32)",
              size.full,
              {},
              partial,
              CompareWith(ReferenceBlockSums(F(in), n))};
  result.run = {
      [=]() mutable { _mlir_ciface_bench_block_reduce(&min, &mpartial); },
      [=, &peer] { peer.Run(kernel, {size_t(n), 1}, {256, 1}); },
      [=]() mutable { _mlir_ciface_omp_block_reduce(&min, &mpartial); },
      [=] { loops_block_reduce(F(in), F(partial), blocks); }};
  return result;
}

/// C = A B, naive or with 16 x 16 tiles in shared memory.
Case Matmul(OpenClPeer &peer, Buffers &buffers, Size size, bool tiled) {
  // A multiple of 16: the kernels' blocks are 16 x 16 and check no bounds.
  const int64_t n = size.Side(64, 1024);
  SharedBuffer a = buffers.Input<float>(
      n * n, [](int64_t i) { return float(int(i % 7) - 3) * 0.25f; });
  SharedBuffer b = buffers.Input<float>(
      n * n, [](int64_t i) { return float(int(i % 5) - 2) * 0.25f; });
  SharedBuffer c = buffers.Output(n * n * sizeof(float));
  Matrix ma = MatrixOf(a, n, n), mb = MatrixOf(b, n, n), mc = MatrixOf(c, n, n);
  cl_ulong side = n;
  cl_kernel kernel = peer.Kernel(
      tiled ? "matmul_tiled" : "matmul_naive",
      {ClArg(a.device), ClArg(b.device), ClArg(c.device), ClArg(side)});
  std::string dims = std::to_string(n) + " x " + std::to_string(n);
  Case result{(tiled ? "tiled matmul (" : "naive matmul (") + dims + ")",
              size.full,
              {},
              c,
              CompareWith(ReferenceMatmul(F(a), F(b), n))};
  auto ours =
      tiled ? _mlir_ciface_bench_matmul : _mlir_ciface_peer_matmul_naive;
  auto route =
      tiled ? _mlir_ciface_omp_matmul_tiled : _mlir_ciface_omp_matmul_naive;
  result.run = {
      [=]() mutable { ours(&ma, &mb, &mc); },
      [=, &peer] { peer.Run(kernel, {size_t(n), size_t(n)}, {16, 16}); },
      [=]() mutable { route(&ma, &mb, &mc); },
      [=] { loops_matmul(F(a), F(b), F(c), n); }};
  return result;
}

Case Jacobi(OpenClPeer &peer, Buffers &buffers, Size size) {
  // Quick: sides that are multiples of neither of a block's (32 x 8), so
  // that the last blocks of each row and column run partly outside.
  const int64_t n = size.Side(130, 2048);
  SharedBuffer in = buffers.Input<float>(
      n * n, [n](int64_t i) { return float((i / n * 7 + i % n * 3) % 16); });
  SharedBuffer out = buffers.Output(n * n * sizeof(float));
  Matrix min = MatrixOf(in, n, n), mout = MatrixOf(out, n, n);
  cl_ulong side = n;
  cl_kernel kernel =
      peer.Kernel("jacobi", {ClArg(in.device), ClArg(out.device), ClArg(side)});
  auto border = [n](size_t i) {
    int64_t row = i / n, col = i % n;
    return row == 0 || col == 0 || row == n - 1 || col == n - 1;
  };
  std::string dims = std::to_string(n) + " x " + std::to_string(n);
  Case result{"2-D Jacobi (" + dims + " f32)",
              size.full,
              {},
              out,
              CompareWith(ReferenceJacobi(F(in), n), 0, border)};
  const size_t global = (n + 31) / 32 * 32, rows = (n + 7) / 8 * 8;
  result.run = {[=]() mutable { _mlir_ciface_peer_jacobi(&min, &mout); },
                [=, &peer] { peer.Run(kernel, {global, rows}, {32, 8}); },
                [=]() mutable { _mlir_ciface_omp_jacobi(&min, &mout); },
                [=] { loops_jacobi(F(in), F(out), n); }};
  return result;
}

Case Histogram(OpenClPeer &peer, Buffers &buffers, Size size) {
  const int64_t n = size.Elements(1 << 16, 1 << 24), blocks = 256;
  SharedBuffer in = buffers.Input<int32_t>(
      n, [](int64_t i) { return int32_t((uint32_t(i) * 2654435761u) >> 24); });
  SharedBuffer hist = buffers.Output(256 * sizeof(int32_t));
  Ints min = IntsOf(in, n), mhist = IntsOf(hist, 256);
  cl_ulong length = n;
  cl_kernel kernel = peer.Kernel(
      "histogram", {ClArg(in.device), ClArg(hist.device), ClArg(length)});
  Case result{"histogram (" + Power(n) + " i32, 256 bins)",
              size.full,
              {},
              hist,
              CompareWith(ReferenceHistogram(I(in), n))};
  // Every run counts from zero.
  auto zero = [hist] { std::memset(hist.host, 0, hist.bytes); };
  result.run = {[=]() mutable {
                  zero();
                  _mlir_ciface_peer_histogram(&min, &mhist, blocks);
                },
                [=, &peer] {
                  peer.Fill(hist.device, 0, hist.bytes);
                  peer.Run(kernel, {size_t(blocks) * 256, 1}, {256, 1});
                },
                [=]() mutable {
                  zero();
                  _mlir_ciface_omp_histogram(&min, &mhist, blocks);
                },
                [=] {
                  zero();
                  loops_histogram(I(in), I(hist), n);
                }};
  return result;
}

Case Softmax(OpenClPeer &peer, Buffers &buffers, Size size) {
  // Rows a multiple of 8: the kernel's blocks are 8 rows and check no bounds.
  const int64_t rows = size.Elements(64, 4096), cols = size.quick ? 128 : 1024;
  SharedBuffer in = buffers.Input<float>(rows * cols, [cols](int64_t i) {
    return float((i / cols * 37 + i % cols * 11) % 101) * 0.05f - 2.5f;
  });
  SharedBuffer out = buffers.Output(rows * cols * sizeof(float));
  Matrix min = MatrixOf(in, rows, cols), mout = MatrixOf(out, rows, cols);
  cl_ulong width = cols;
  cl_kernel kernel = peer.Kernel(
      "softmax", {ClArg(in.device), ClArg(out.device), ClArg(width)});
  Case result{"softmax rows (" + std::to_string(rows) + " x " +
                  std::to_string(cols) + " f32)",
              size.full,
              {},
              out,
              CompareWith(ReferenceSoftmax(F(in), rows, cols), 1e-5)};
  result.run = {[=]() mutable { _mlir_ciface_peer_softmax(&min, &mout); },
                [=, &peer] { peer.Run(kernel, {32, size_t(rows)}, {32, 8}); },
                [=]() mutable { _mlir_ciface_omp_softmax(&min, &mout); },
                [=] { loops_softmax(F(in), F(out), rows, cols); }};
  return result;
}

} // namespace

std::vector<Case>
MakeCases(OpenClPeer &peer, bool quick,
          const std::function<bool(const std::string &)> &chosen) {
  Buffers buffers(peer);
  using Maker = std::function<Case(Size)>;
  const std::pair<const char *, Maker> makers[] = {
      {"vector add", [&](Size size) { return VectorAdd(peer, buffers, size); }},
      {"block reduction",
       [&](Size size) { return BlockReduce(peer, buffers, size); }},
      {"naive matmul",
       [&](Size size) { return Matmul(peer, buffers, size, false); }},
      {"tiled matmul",
       [&](Size size) { return Matmul(peer, buffers, size, true); }},
      {"2-D Jacobi", [&](Size size) { return Jacobi(peer, buffers, size); }},
      {"histogram", [&](Size size) { return Histogram(peer, buffers, size); }},
      {"softmax rows", [&](Size size) { return Softmax(peer, buffers, size); }},
  };
  std::vector<Case> cases;
  for (const auto &[name, make] : makers)
    if (chosen(name))
      for (bool full : {false, true})
        cases.push_back(make(Size{quick, full}));
  return cases;
}

Case MakeEmptyCase(OpenClPeer &peer, unsigned threads) {
  cl_kernel kernel = peer.Kernel("empty", {});
  Case result{"launch round trip (empty kernel)", true, {}, {}, nullptr};
  result.run = {[threads] { _mlir_ciface_peer_empty(threads); },
                [=, &peer] { peer.Run(kernel, {threads, 1}, {1, 1}); },
                [threads] { _mlir_ciface_omp_empty(threads); },
                [] { loops_empty(); }};
  return result;
}

} // namespace offload::bench
