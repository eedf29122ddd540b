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
// Each kernel runs on a quarter of its elements and at its full size, on one
// thread and on all the machine's, so that the table shows how each column's
// time falls as threads are added and how it grows with the problem.
// Every column's result is checked against a sequential reference before
// anything is timed; the times are medians of interleaved runs. libomp's
// idle threads sleep at once there (KMP_BLOCKTIME=0): by default they spin
// for 200 ms after each region, on the cores the next column runs on. A
// last row times an empty launch's round trip in each on all the threads,
// 10,000 in a row per column, libomp with its default 200 ms. The last line
// is the largest of ours/PoCL and ours/OpenMP route over the full-size
// kernels and the round trip on all the threads.
//
//   bazel run -c opt //bench:host_peers [-- [--quick] [WORD...]]
//
// With WORDs, only the kernels whose names hold one of them run.
//
// Each runtime fixes its threads when it starts (MGPU_HOST_THREADS,
// POCL_MAX_PTHREAD_COUNT, OMP_NUM_THREADS): so the binary runs itself once
// per thread count, with all three set,
//
//   host_peers --threads=T --runs=R [--launches=L] [--quick] [WORD...]
//
// which checks and times the kernels on T threads and prints `row` lines
// (see PrintRowLine) for the table.
//
// MGPU_HOST_THREADS sets the threads of all four in the rows on all the
// threads (default: the CPUs this process may run on); it overrides
// OMP_NUM_THREADS and POCL_MAX_PTHREAD_COUNT.
//
//===----------------------------------------------------------------------===//

#include "bench/host_threads.h"
#include "bench/peers/cases.h"
#include "bench/peers/opencl_peer.h"
#include "bench/peers/peers.h"
#include "bench/run_self.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

using namespace offload::bench;

namespace {

const char *const kColumnNames[kColumns] = {"ours", "PoCL", "OpenMP route",
                                            "clang loops"};

/// The width of a row's name in the tables.
constexpr int kNameWidth = 34;

struct Options {
  bool quick = false;
  /// The kernels whose names hold one of these; all if none.
  std::vector<std::string> words;
  /// > 0: run on this many threads and print `row` lines, as the driver
  /// asks; 0: the driver.
  int threads = 0;
  int runs = 0;
  /// The launches in a row of the round-trip row; 0: no such row.
  int launches = 0;
};

[[noreturn]] void Usage() {
  std::fprintf(stderr, "usage: host_peers [--quick] [WORD...]\n"
                       "       host_peers --threads=T --runs=R [--launches=L] "
                       "[--quick] [WORD...]\n");
  std::exit(1);
}

/// The value of `--name=N` in `arg`, N a whole number of 1 or more, into
/// `value`; false if `arg` is no such flag.
bool ParseCount(const std::string &arg, const char *name, int &value) {
  std::string prefix = std::string("--") + name + "=";
  if (arg.rfind(prefix, 0) != 0)
    return false;
  const char *text = arg.c_str() + prefix.size();
  char *end = nullptr;
  long count = std::strtol(text, &end, 10);
  if (end == text || *end || count < 1 || count > 1 << 30)
    Usage();
  value = int(count);
  return true;
}

Options Parse(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--quick")
      options.quick = true;
    else if (ParseCount(arg, "threads", options.threads) ||
             ParseCount(arg, "runs", options.runs) ||
             ParseCount(arg, "launches", options.launches))
      continue;
    else if (arg.rfind("--", 0) == 0)
      Usage();
    else
      options.words.push_back(arg);
  }
  if (options.threads ? !options.runs : options.runs || options.launches)
    Usage();
  return options;
}

/// The CPU's model name, as /proc/cpuinfo gives it.
std::string CpuName() {
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0)
      return line.substr(line.find(':') + 2);
  return "an unknown CPU";
}

/// "1 thread", "2 threads".
std::string Threads(unsigned threads) {
  return std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

//===----------------------------------------------------------------------===//
// One thread count, in a process of its own
//===----------------------------------------------------------------------===//

/// Runs every column of `kase` once on poisoned outputs and compares each
/// result with the reference; prints what differs.
bool Check(OpenClPeer &peer, const Case &kase, unsigned threads) {
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
      std::fprintf(stderr, "FAILED: %s, %s, on %s: %s\n", kase.name.c_str(),
                   kColumnNames[column], Threads(threads).c_str(),
                   wrong.c_str());
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

/// What the driver reads of a row: `row <TAB> kind <TAB> name` and each
/// column's seconds, tab-separated; kind is "full", "quarter" (the kernel
/// on a quarter of its elements) or "launch" (the round trip).
void PrintRowLine(const char *kind, const std::string &name,
                  const std::array<double, kColumns> &seconds) {
  std::printf("row\t%s\t%s", kind, name.c_str());
  for (double time : seconds)
    std::printf("\t%.9g", time);
  std::printf("\n");
}

/// Checks and times the chosen kernels on `options.threads` threads, which
/// the driver set each runtime to before it started.
int RunOnThreads(const Options &options,
                 const std::function<bool(const std::string &)> &chosen) {
  const unsigned threads = options.threads;
  OpenClPeer peer;
  if (CountHostThreads() != threads || peer.computeUnits() != threads ||
      unsigned(loops_max_threads()) != threads) {
    std::fprintf(stderr,
                 "host_peers: libmgpu runs on %u threads, PoCL on %u and "
                 "OpenMP on %d, not the %u asked (host_peers without "
                 "--threads sets them)\n",
                 CountHostThreads(), peer.computeUnits(), loops_max_threads(),
                 threads);
    return 1;
  }
  std::vector<Case> cases = MakeCases(peer, options.quick, chosen);
  bool agree = true;
  for (const Case &kase : cases)
    agree &= Check(peer, kase, threads);
  if (!agree)
    return 1;
  std::printf("pocl\t%s\n", peer.device().c_str());
  for (const Case &kase : cases)
    PrintRowLine(kase.full ? "full" : "quarter", kase.name,
                 MedianTimes(kase, options.runs));
  if (!options.launches)
    return 0;
  if (Case empty = MakeEmptyCase(peer, threads); chosen(empty.name)) {
    loops_set_blocktime(200);
    PrintRowLine("launch", empty.name,
                 MedianTimesInRows(empty, options.launches));
  }
  return 0;
}

//===----------------------------------------------------------------------===//
// The driver: a process per thread count, then the tables
//===----------------------------------------------------------------------===//

struct Row {
  std::string kind;
  std::string name;
  std::array<double, kColumns> seconds;
};

/// One thread count's rows, as its process printed them.
struct Run {
  unsigned threads;
  int runs;
  std::string pocl;
  std::vector<Row> rows;
};

/// Runs this binary on `run.threads` threads and reads its rows; false
/// (having said why) if it failed.
bool Measure(const Options &options, int launches, Run &run) {
  std::vector<std::string> args = {"--threads=" + std::to_string(run.threads),
                                   "--runs=" + std::to_string(run.runs)};
  if (launches)
    args.push_back("--launches=" + std::to_string(launches));
  if (options.quick)
    args.push_back("--quick");
  args.insert(args.end(), options.words.begin(), options.words.end());
  const std::string count = std::to_string(run.threads);
  const char *blocktime = std::getenv("KMP_BLOCKTIME");
  const char *device = std::getenv("MGPU_DEVICE");
  std::string out;
  int status =
      RunSelf(args,
              {"MGPU_HOST_THREADS=" + count, "OMP_NUM_THREADS=" + count,
               "POCL_MAX_PTHREAD_COUNT=" + count,
               std::string("KMP_BLOCKTIME=") + (blocktime ? blocktime : "0"),
               // The host target is what is measured, whatever devices the
               // machine has.
               std::string("MGPU_DEVICE=") + (device ? device : "host")},
              out);
  if (status != 0) {
    std::fprintf(stderr, "host_peers: the run on %s failed (exit status %d)\n",
                 Threads(run.threads).c_str(), status);
    return false;
  }
  std::istringstream lines(out);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    std::string tag;
    std::getline(fields, tag, '\t');
    if (tag == "pocl") {
      std::getline(fields, run.pocl);
      continue;
    }
    if (tag != "row") {
      std::printf("%s\n", line.c_str());
      continue;
    }
    Row row;
    bool complete = std::getline(fields, row.kind, '\t') &&
                    std::getline(fields, row.name, '\t');
    for (double &seconds : row.seconds)
      complete = complete && bool(fields >> seconds);
    if (!complete) {
      std::fprintf(stderr, "host_peers: the run on %s printed '%s'\n",
                   Threads(run.threads).c_str(), line.c_str());
      return false;
    }
    run.rows.push_back(row);
  }
  return true;
}

/// The names of `run`'s kernel rows (all but the launch row), in order.
std::vector<std::string> KernelRows(const Run &run) {
  std::vector<std::string> names;
  for (const Row &row : run.rows)
    if (row.kind != "launch")
      names.push_back(row.name);
  return names;
}

/// The row of `run` named `name`; null if none.
const Row *Find(const Run &run, const std::string &name) {
  for (const Row &row : run.rows)
    if (row.name == name)
      return &row;
  return nullptr;
}

void PrintRow(const Row &row, unsigned threads) {
  const bool launch = row.kind == "launch";
  const double scale = launch ? 1e6 : 1e3;
  const char *unit = launch ? "us" : "ms";
  const std::array<double, kColumns> &t = row.seconds;
  std::printf("%-*s %7u", kNameWidth, row.name.c_str(), threads);
  for (double seconds : t)
    std::printf(" %9.3f %s", seconds * scale, unit);
  for (int column = kPocl; column < kColumns; ++column)
    std::printf(" %9.2fx", t[kOurs] / t[column]);
  std::printf("\n");
}

int Drive(const Options &options) {
  const unsigned all = CountHostThreads();
  const int runs = options.quick ? 3 : 15,
            launches = options.quick ? 100 : 10000;
  // A run on one thread takes up to `all` times longer than on all of them:
  // there, only 3, the fewest that have a median apart from the extremes.
  std::vector<Run> measured;
  if (all > 1)
    measured.push_back({1, 3, "", {}});
  measured.push_back({all, runs, "", {}});
  for (Run &run : measured)
    if (!Measure(options, run.threads == all ? launches : 0, run))
      return 1;
  const Run &allThreads = measured.back();
  if (allThreads.rows.empty()) {
    std::fprintf(stderr, "host_peers: no row's name holds any of the words "
                         "given\n");
    return 1;
  }
  // The same kernels on each thread count.
  for (const Run &run : measured)
    if (KernelRows(run) != KernelRows(allThreads)) {
      std::fprintf(stderr,
                   "host_peers: the runs on 1 thread and on %u gave "
                   "different kernels\n",
                   all);
      return 1;
    }

  std::printf("The host target against its peers on %s, ", CpuName().c_str());
  if (all > 1)
    std::printf("on 1 thread and on %u threads each,\n", all);
  else
    std::printf("on 1 thread each,\n");
  std::printf("each kernel on a quarter of its elements and at its full "
              "size.\nTimes: medians of %d interleaved runs",
              runs);
  if (all > 1)
    std::printf(" on %u threads, of %d on 1%s", all, measured.front().runs,
                measured.front().runs < runs ? " (fewer: each is slower)" : "");
  std::printf(";\nlaunches: %d in a row, on %s.\n", launches,
              Threads(all).c_str());
  std::printf("PoCL: %s. Every column's results agree with the reference on "
              "each thread count.\n\n",
              allThreads.pocl.c_str());
  std::printf("%-*s %7s", kNameWidth, "", "threads");
  for (const char *name : kColumnNames)
    std::printf(" %12s", name);
  std::printf(" %10s %10s %10s\n", "/PoCL", "/route", "/loops");
  double worst = 0;
  std::string worstWhat;
  for (const Row &row : allThreads.rows) {
    for (const Run &run : measured)
      if (const Row *mine = Find(run, row.name))
        PrintRow(*mine, run.threads);
    if (row.kind != "full" && row.kind != "launch")
      continue;
    for (int column : {kPocl, kOmpRoute})
      if (double ratio = row.seconds[kOurs] / row.seconds[column];
          ratio > worst) {
        worst = ratio;
        worstWhat = row.name + ", against " + kColumnNames[column];
      }
  }

  if (all > 1 && !KernelRows(allThreads).empty()) {
    std::printf("\nSpeed-up on %u threads: each column's time on 1 thread "
                "over its time on %u.\n",
                all, all);
    std::printf("%-*s", kNameWidth + 8, "");
    for (const char *name : kColumnNames)
      std::printf(" %12s", name);
    std::printf("\n");
    for (const Row &row : allThreads.rows) {
      const Row *one = Find(measured.front(), row.name);
      if (!one)
        continue;
      std::printf("%-*s", kNameWidth + 8, row.name.c_str());
      for (int column = 0; column < kColumns; ++column)
        std::printf(" %11.2fx", one->seconds[column] / row.seconds[column]);
      std::printf("\n");
    }
  }

  if (worstWhat.empty())
    std::printf("\nNo kernel ran at its full size on %s: no worst ratio.\n",
                Threads(all).c_str());
  else
    std::printf("\nThe worst ratio of ours to PoCL and to the OpenMP route, "
                "over the full-size rows and the round trip on %s,\nis the "
                "%s.\n",
                Threads(all).c_str(), worstWhat.c_str());
  std::printf("worst ratio vs peers: %.2f\n", worst);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  const Options options = Parse(argc, argv);
  auto chosen = [&](const std::string &name) {
    return options.words.empty() ||
           std::any_of(options.words.begin(), options.words.end(),
                       [&](const std::string &word) {
                         return name.find(word) != std::string::npos;
                       });
  };
  return options.threads ? RunOnThreads(options, chosen) : Drive(options);
}
