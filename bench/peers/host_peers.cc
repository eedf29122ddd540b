//===- host_peers.cc - The host target against the CPU's other runtimes ---===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Times seven kernels, each run four ways on the same number of threads:
//   ours         the kernel as gpu.launch, through offload-lower-to-host, run
//                by libmgpu.so's host backend;
//   PoCL         the kernel in OpenCL C on PoCL's CPU device (its build not
//                timed; clFinish timed);
//   OpenMP route the computation as scf.parallel through MLIR's
//                convert-scf-to-openmp and convert-openmp-to-llvm, on libomp;
//   clang loops  the computation as C++ loops, clang++-22 -O3 -fopenmp.
// Every column's result is checked against a sequential reference before
// anything is timed; the times are medians of interleaved runs. libomp's
// idle threads sleep at once there (KMP_BLOCKTIME=0): by default they spin
// for 200 ms after each region, on the cores the next column runs on. A
// last row times an empty launch's round trip in each, 10,000 in a row per
// column, libomp with its default 200 ms. The last line is the largest of
// ours/PoCL and ours/OpenMP route over the kernels.
//
//   bazel run -c opt //bench:host_peers [-- [--quick] [WORD...]]
//
// With WORDs, only the kernels whose names hold one of them run.
//
// MGPU_HOST_THREADS sets the threads of all four (default: the CPUs this
// process may run on); it overrides OMP_NUM_THREADS and
// POCL_MAX_PTHREAD_COUNT.
//
//===----------------------------------------------------------------------===//

#include "bench/host_threads.h"
#include "bench/peers/cases.h"
#include "bench/peers/opencl_peer.h"
#include "bench/peers/peers.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

using namespace offload::bench;

namespace {

const char *const kColumnNames[kColumns] = {"ours", "PoCL", "OpenMP route",
                                            "clang loops"};

/// The CPU's model name, as /proc/cpuinfo gives it.
std::string CpuName() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0)
      return line.substr(line.find(':') + 2);
  return "an unknown CPU";
}

/// Runs every column of `kase` once on poisoned outputs and compares each
/// result with the reference; prints what differs.
bool Check(OpenClPeer &peer, const Case &kase) {
  bool agree = true;
  std::vector<char> got(kase.output.bytes);
  for (int column = 0; column < kColumns; ++column) {
    if (column == kPocl) {
      peer.Fill(kase.output.device, 0xff, kase.output.bytes);
      kase.run[column]();
      peer.Read(kase.output.device, got.data(), got.size());
    } else {
      std::memset(kase.output.host, 0xff, kase.output.bytes);
      kase.run[column]();
      std::memcpy(got.data(), kase.output.host, got.size());
    }
    if (std::string wrong = kase.compare(got.data()); !wrong.empty()) {
      std::printf("FAILED: %s, %s: %s\n", kase.name.c_str(),
                  kColumnNames[column], wrong.c_str());
      agree = false;
    }
  }
  return agree;
}

/// The seconds that `run` takes.
double Seconds(const std::function<void()> &run) {
  auto start = std::chrono::steady_clock::now();
  run();
  auto stop = std::chrono::steady_clock::now();
  return std::chrono::duration<double>(stop - start).count();
}

/// The median of each column's times.
std::array<double, kColumns>
Medians(std::array<std::vector<double>, kColumns> &times) {
  std::array<double, kColumns> medians;
  for (int column = 0; column < kColumns; ++column) {
    std::sort(times[column].begin(), times[column].end());
    medians[column] = times[column][times[column].size() / 2];
  }
  return medians;
}

/// The median time of each column's run, in seconds: `runs` rounds, each
/// running every column once, starting with a different one each round.
std::array<double, kColumns> MedianTimes(const Case &kase, int runs) {
  std::array<std::vector<double>, kColumns> times;
  for (int round = 0; round < runs; ++round)
    for (int k = 0; k < kColumns; ++k) {
      int column = (round + k) % kColumns;
      times[column].push_back(Seconds(kase.run[column]));
    }
  return Medians(times);
}

/// The median time of each column's run, in seconds: `runs` runs in a row
/// of each column, after one more, one column after another.
std::array<double, kColumns> MedianTimesInRows(const Case &kase, int runs) {
  std::array<std::vector<double>, kColumns> times;
  for (int column = 0; column < kColumns; ++column) {
    kase.run[column]();
    for (int i = 0; i < runs; ++i)
      times[column].push_back(Seconds(kase.run[column]));
  }
  return Medians(times);
}

void PrintRow(const std::string &name, const std::array<double, kColumns> &t,
              double scale, const char *unit) {
  std::printf("%-34s", name.c_str());
  for (double seconds : t)
    std::printf(" %9.3f %s", seconds * scale, unit);
  for (int column = kPocl; column < kColumns; ++column)
    std::printf(" %9.2fx", t[kOurs] / t[column]);
  std::printf("\n");
}

} // namespace

int main(int argc, char **argv) {
  const bool quick = argc > 1 && !std::strcmp(argv[1], "--quick");
  std::vector<std::string> words(argv + 1 + quick, argv + argc);
  auto chosen = [&](const std::string &name) {
    return words.empty() ||
           std::any_of(words.begin(), words.end(),
                       [&](const std::string &word) {
                         return name.find(word) != std::string::npos;
                       });
  };
  const unsigned threads = CountHostThreads();
  // The same threads for every column, set before any runtime starts.
  const std::string count = std::to_string(threads);
  setenv("MGPU_HOST_THREADS", count.c_str(), 1);
  setenv("OMP_NUM_THREADS", count.c_str(), 1);
  setenv("POCL_MAX_PTHREAD_COUNT", count.c_str(), 1);
  setenv("KMP_BLOCKTIME", "0", 0);
  // The host target is what is measured, whatever devices the machine has.
  setenv("MGPU_DEVICE", "host", 0);

  OpenClPeer peer;
  if (peer.computeUnits() != threads ||
      unsigned(loops_max_threads()) != threads) {
    std::printf("host_peers: PoCL runs on %u threads and OpenMP on %d, not "
                "the %u asked\n",
                peer.computeUnits(), loops_max_threads(), threads);
    return 1;
  }
  std::vector<Case> cases = MakeCases(peer, quick, chosen);
  bool agree = true;
  for (const Case &kase : cases)
    agree &= Check(peer, kase);
  if (!agree)
    return 1;

  const int runs = quick ? 3 : 15, launches = quick ? 100 : 10000;
  std::printf("The host target against its peers on %s, %u thread%s each; "
              "medians of %d interleaved runs (launches: of %d in a row)\n",
              CpuName().c_str(), threads, threads == 1 ? "" : "s", runs,
              launches);
  std::printf("PoCL: %s. Every column's results agree with the reference.\n\n",
              peer.device().c_str());
  std::printf("%-34s", "");
  for (const char *name : kColumnNames)
    std::printf(" %12s", name);
  std::printf(" %10s %10s %10s\n", "/PoCL", "/route", "/loops");
  double worst = 0;
  std::string worstWhat;
  for (const Case &kase : cases) {
    std::array<double, kColumns> t = MedianTimes(kase, runs);
    PrintRow(kase.name, t, 1e3, "ms");
    for (int column : {kPocl, kOmpRoute})
      if (double ratio = t[kOurs] / t[column]; ratio > worst) {
        worst = ratio;
        worstWhat = kase.name + ", against " + kColumnNames[column];
      }
  }
  if (Case empty = MakeEmptyCase(peer, threads); chosen(empty.name)) {
    loops_set_blocktime(200);
    PrintRow(empty.name, MedianTimesInRows(empty, launches), 1e6, "us");
  }
  std::printf("\nThe worst ratio is the %s.\n", worstWhat.c_str());
  std::printf("worst ratio vs peers: %.2f\n", worst);
  return 0;
}
