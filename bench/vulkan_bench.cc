//===- vulkan_bench.cc - host_bench's kernels on Vulkan and on the host ---===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Times the kernels of bench/host_kernels.mlir (vector add, a block reduction
// with barriers and shared memory, a matmul with shared-memory tiles),
// compiled by offload-lower-to-vulkan with host = True into one binary, on
// the Vulkan backend (Mesa's lavapipe here) and on the host backend. Every
// result is checked against the C++ loops of host_reference.cc before it is
// timed, and again after.
//
// libmgpu chooses its backend once per process, at the first call, which
// here is the global constructor that loads the kernels, before main: so each
// backend runs in a process of its own, with MGPU_DEVICE in its environment.
//
//   vulkan_bench [--quick] [--runs N]
//       The driver: runs this binary once per backend (--backend=host, then
//       --backend=vulkan), once more per backend with MGPU_TRACE set to read
//       the device's name from the trace, and prints one table.
//   vulkan_bench --backend=host|vulkan [--quick] [--runs N]
//       One backend: prints `row <TAB> kernel <TAB> size <TAB> ms` lines.
//       Re-executes itself with MGPU_DEVICE=<backend> when that is not set.
//   vulkan_bench --backend=host|vulkan --launches N [--warmup W]
//       The launch loop of bench/callgrind_vulkan.sh: W asynchronous launches
//       of a 32-thread kernel and a synchronization (untimed, not measured by
//       the difference of two runs), then N launches and one
//       synchronization; checks the data.
//
// Sizes: vector add and reduction over 2^23 floats (2^24 would be 65536
// blocks of 256, one more than lavapipe's maxComputeWorkGroupCount), a
// 512 x 512 matmul (its K loop runs 32 times, far below the 65535 iterations
// after which lavapipe silently ends a loop); --quick: 2^16 floats, 64 x 64.
//
//===----------------------------------------------------------------------===//

#include "bench/bench_kernels.h"
#include "bench/host_reference.h"
#include "bench/run_self.h"
#include "mgpu/mgpu.h"

#include <sched.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

using offload::bench::MemRef;

extern "C" {
void _mlir_ciface_bench_launch_loop(MemRef<float, 1> *data, float factor,
                                    int64_t n);
}

namespace {

using namespace offload::bench;

struct Options {
  std::string backend; // empty: the driver
  bool quick = false;
  int runs = 15;
  int64_t launches = 0; // > 0: the launch loop
  int64_t warmup = 100;
};

[[noreturn]] void Usage() {
  std::fprintf(
      stderr, "usage: vulkan_bench [--quick] [--runs N]\n"
              "       vulkan_bench --backend=host|vulkan [--quick] [--runs N]\n"
              "       vulkan_bench --backend=host|vulkan --launches N "
              "[--warmup W]\n");
  std::exit(2);
}

Options Parse(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc)
        Usage();
      return argv[++i];
    };
    if (arg == "--quick")
      options.quick = true;
    else if (arg == "--runs")
      options.runs = std::atoi(value().c_str());
    else if (arg == "--launches")
      options.launches = std::atoll(value().c_str());
    else if (arg == "--warmup")
      options.warmup = std::atoll(value().c_str());
    else if (arg.rfind("--backend=", 0) == 0)
      options.backend = arg.substr(std::strlen("--backend="));
    else
      Usage();
  }
  if (options.runs < 1 || options.launches < 0 || options.warmup < 0 ||
      (!options.backend.empty() && options.backend != "host" &&
       options.backend != "vulkan") ||
      (options.launches && options.backend.empty()))
    Usage();
  return options;
}

/// Exits with the runtime's last error, if any.
void CheckRuntime(const char *what) {
  if (mgpuGetLastError() == 0)
    return;
  const char *message = mgpuGetLastErrorMessage();
  std::fprintf(stderr, "vulkan_bench: %s: %s\n", what,
               message ? message : "runtime error");
  std::exit(1);
}

/// `count` floats of device memory, with a host copy to fill and to read.
class Buffer {
public:
  explicit Buffer(size_t count)
      : host(count), device(static_cast<float *>(
                         mgpuMemAlloc(count * sizeof(float), nullptr, false))) {
    CheckRuntime("mgpuMemAlloc");
  }
  ~Buffer() { mgpuMemFree(device, nullptr); }
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  void ToDevice() {
    mgpuMemcpy(device, host.data(), host.size() * sizeof(float), nullptr);
    mgpuStreamSynchronize(nullptr);
    CheckRuntime("copy to the device");
  }
  void FromDevice() {
    mgpuMemcpy(host.data(), device, host.size() * sizeof(float), nullptr);
    mgpuStreamSynchronize(nullptr);
    CheckRuntime("copy from the device");
  }
  MemRef<float, 1> Vector() {
    return {device, device, 0, {int64_t(host.size())}, {1}};
  }
  MemRef<float, 2> Matrix(size_t n) {
    return {device, device, 0, {int64_t(n), int64_t(n)}, {int64_t(n), 1}};
  }

  std::vector<float> host;
  float *device;
};

/// Whether the device's `got` equals `want` everywhere (the inputs make
/// every result exact in float, whatever the order of the additions).
bool Agree(const char *name, const char *when, Buffer &got,
           const std::vector<float> &want) {
  got.FromDevice();
  for (size_t i = 0; i < want.size(); ++i)
    if (got.host[i] != want[i]) {
      std::fprintf(stderr,
                   "vulkan_bench: %s, %s: FAILED: [%zu] = %.9g on the %s "
                   "backend, %.9g from the C++ loop\n",
                   name, when, i, got.host[i], getenv("MGPU_DEVICE"), want[i]);
      return false;
    }
  return true;
}

/// Checks `fn` (a synchronous launch) against `want`, then prints the median
/// wall time of `runs` calls, then checks again; false if a check failed.
bool Time(const char *name, const std::string &size, int runs,
          const std::function<void()> &fn, Buffer &out,
          const std::vector<float> &want) {
  fn(); // also the warm-up: the first launch makes the pipeline
  CheckRuntime(name);
  if (!Agree(name, "before timing", out, want))
    return false;
  std::vector<double> times;
  for (int i = 0; i < runs; ++i) {
    auto start = std::chrono::steady_clock::now();
    fn();
    auto stop = std::chrono::steady_clock::now();
    times.push_back(
        std::chrono::duration<double, std::milli>(stop - start).count());
  }
  CheckRuntime(name);
  if (!Agree(name, "after timing", out, want))
    return false;
  std::sort(times.begin(), times.end());
  std::printf("row\t%s\t%s\t%.6f\n", name, size.c_str(),
              times[times.size() / 2]);
  std::fflush(stdout);
  return true;
}

unsigned Cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return std::max(1, CPU_COUNT(&set));
  return 1;
}

/// One backend: the three kernels, checked and timed.
int RunKernels(const Options &options) {
  const unsigned threads = Cpus();
  const int runs = options.quick ? 2 : options.runs;
  bool ok = true;
  {
    const size_t n = options.quick ? 1 << 16 : 1 << 23;
    Buffer a(n), b(n), c(n);
    std::vector<float> want(n);
    for (size_t i = 0; i < n; ++i) {
      a.host[i] = float(i % 1000) * 0.5f;
      b.host[i] = float(i % 7) * 0.25f;
    }
    a.ToDevice();
    b.ToDevice();
    ReferenceVectorAdd(a.host.data(), b.host.data(), want.data(), n, threads);
    MemRef<float, 1> ma = a.Vector(), mb = b.Vector(), mc = c.Vector();
    ok &= Time(
        "vector add", options.quick ? "2^16 floats" : "2^23 floats", runs,
        [&] { _mlir_ciface_bench_vector_add(&ma, &mb, &mc); }, c, want);
  }
  {
    const size_t n = options.quick ? 1 << 16 : 1 << 23, blocks = n / 256;
    Buffer in(n), partial(blocks);
    std::vector<float> want(blocks);
    for (size_t i = 0; i < n; ++i)
      in.host[i] = float(int(i % 17) - 8) * 0.125f;
    in.ToDevice();
    ReferenceBlockReduce(in.host.data(), want.data(), n, threads);
    MemRef<float, 1> min = in.Vector(), mpartial = partial.Vector();
    ok &= Time(
        "block reduction", options.quick ? "2^16 floats" : "2^23 floats", runs,
        [&] { _mlir_ciface_bench_block_reduce(&min, &mpartial); }, partial,
        want);
  }
  {
    const size_t n = options.quick ? 64 : 512;
    Buffer a(n * n), b(n * n), c(n * n);
    std::vector<float> want(n * n);
    for (size_t i = 0; i < n * n; ++i) {
      a.host[i] = float(int(i % 7) - 3) * 0.25f;
      b.host[i] = float(int(i % 5) - 2) * 0.25f;
    }
    a.ToDevice();
    b.ToDevice();
    ReferenceMatmul(a.host.data(), b.host.data(), want.data(), n, threads);
    MemRef<float, 2> ma = a.Matrix(n), mb = b.Matrix(n), mc = c.Matrix(n);
    std::string size = std::to_string(n) + " x " + std::to_string(n) + " f32";
    ok &= Time(
        "matmul", size, runs, [&] { _mlir_ciface_bench_matmul(&ma, &mb, &mc); },
        c, want);
  }
  return ok ? 0 : 1;
}

/// The launch loop for callgrind: `warmup` launches, then `launches`.
int RunLaunches(const Options &options) {
  constexpr size_t kThreads = 32;
  Buffer data(kThreads);
  for (size_t i = 0; i < kThreads; ++i)
    data.host[i] = float(i + 1);
  data.ToDevice();
  MemRef<float, 1> m = data.Vector();
  // The first launch makes the pipeline (lavapipe compiles the shader):
  // outside what the difference of two runs measures.
  _mlir_ciface_bench_launch_loop(&m, -1.0f, options.warmup);
  _mlir_ciface_bench_launch_loop(&m, -1.0f, options.launches);
  CheckRuntime("the launch loop");
  // Each launch negates the data: check that as many ran.
  float sign = (options.warmup + options.launches) % 2 ? -1.0f : 1.0f;
  std::vector<float> want(kThreads);
  for (size_t i = 0; i < kThreads; ++i)
    want[i] = sign * float(i + 1);
  if (!Agree("launch loop", "after the launches", data, want))
    return 1;
  std::printf("%lld launches after %lld: data checked\n",
              static_cast<long long>(options.launches),
              static_cast<long long>(options.warmup));
  return 0;
}

/// Runs this binary with `args` and MGPU_DEVICE=`backend` (and MGPU_TRACE=
/// `trace` when not empty, else none); returns its exit status and its
/// stdout.
int Spawn(const std::string &backend, const std::vector<std::string> &args,
          const std::string &trace, std::string &out) {
  return RunSelf(args,
                 {"MGPU_DEVICE=" + backend,
                  trace.empty() ? "MGPU_TRACE" : "MGPU_TRACE=" + trace},
                 out);
}

/// What the runtime's trace calls the device of `backend` (its
/// process_labels event): "host CPU, 2 threads", "Vulkan device 0 '...'".
std::string Describe(const std::string &backend) {
  char path[] = "/tmp/vulkan_bench_trace_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return "?";
  close(fd);
  std::string out;
  Spawn(backend, {"--backend=" + backend, "--describe"}, path, out);
  std::ifstream file(path);
  std::stringstream text;
  text << file.rdbuf();
  unlink(path);
  std::string json = text.str(), key = "\"labels\":\"";
  size_t at = json.find(key);
  if (at == std::string::npos)
    return "?";
  at += key.size();
  std::string label;
  for (; at < json.size() && json[at] != '"'; ++at)
    label += json[at] == '\\' && at + 1 < json.size() ? json[++at] : json[at];
  return label;
}

struct Row {
  std::string size;
  double ms = -1;
};

/// The driver: each backend in its own process, then one table.
int Drive(const Options &options) {
  std::vector<std::string> args;
  if (options.quick)
    args.push_back("--quick");
  args.push_back("--runs");
  args.push_back(std::to_string(options.runs));
  const char *backends[] = {"host", "vulkan"};
  std::vector<std::string> names; // in the order of the rows
  std::map<std::string, Row> rows[2];
  bool ok = true;
  for (int b = 0; b < 2; ++b) {
    std::vector<std::string> childArgs = args;
    childArgs.insert(childArgs.begin(),
                     std::string("--backend=") + backends[b]);
    std::string out;
    int status = Spawn(backends[b], childArgs, "", out);
    if (status != 0) {
      std::fprintf(stderr,
                   "vulkan_bench: the %s backend's run failed (exit "
                   "status %d)\n",
                   backends[b], status);
      ok = false;
    }
    std::istringstream lines(out);
    std::string line;
    while (std::getline(lines, line)) {
      std::istringstream fields(line);
      std::string tag, name, size, ms;
      if (!std::getline(fields, tag, '\t') || tag != "row" ||
          !std::getline(fields, name, '\t') ||
          !std::getline(fields, size, '\t') || !std::getline(fields, ms))
        continue;
      if (std::find(names.begin(), names.end(), name) == names.end())
        names.push_back(name);
      rows[b][name] = {size, std::atof(ms.c_str())};
    }
  }
  const int runs = options.quick ? 2 : options.runs;
  std::printf("host_bench's kernels on the host target and on Vulkan, "
              "median of %d runs each, every result checked\n",
              runs);
  std::printf("  host:   %s\n", Describe("host").c_str());
  const char *lpThreads = std::getenv("LP_NUM_THREADS");
  std::printf(
      "  Vulkan: %s; lavapipe's threads: %s\n\n", Describe("vulkan").c_str(),
      lpThreads ? lpThreads
                : ("one per CPU (" + std::to_string(Cpus()) + ")").c_str());
  std::printf("%-16s %-14s %12s %12s %10s\n", "kernel", "size", "host target",
              "Vulkan", "ratio");
  for (const std::string &name : names) {
    const Row &host = rows[0][name], &vulkan = rows[1][name];
    std::printf("%-16s %-14s ", name.c_str(),
                (host.ms >= 0 ? host : vulkan).size.c_str());
    for (const Row *row : {&host, &vulkan})
      if (row->ms >= 0)
        std::printf("%9.3f ms ", row->ms);
      else
        std::printf("%12s ", "failed");
    if (host.ms > 0 && vulkan.ms >= 0)
      std::printf("%9.2fx\n", vulkan.ms / host.ms);
    else
      std::printf("%10s\n", "-");
    ok &= host.ms >= 0 && vulkan.ms >= 0;
  }
  if (names.size() != 3)
    ok = false;
  if (!ok)
    return 1;
  std::printf("\nratio: Vulkan's time over the host target's. Both backends "
              "agree with the C++ loops on every result.\n");
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  // --describe: only load the kernels (the global constructor did) and exit,
  // so that the driver reads the device's name from the trace.
  if (argc == 3 && !std::strcmp(argv[2], "--describe"))
    return 0;
  Options options = Parse(argc, argv);
  if (options.backend.empty())
    return Drive(options);
  // The kernels were loaded before main, on the backend that MGPU_DEVICE
  // chose then: run again with it set.
  const char *device = std::getenv("MGPU_DEVICE");
  if (!device || options.backend != device) {
    setenv("MGPU_DEVICE", options.backend.c_str(), 1);
    execv("/proc/self/exe", argv);
    std::perror("vulkan_bench: cannot run itself");
    return 1;
  }
  return options.launches ? RunLaunches(options) : RunKernels(options);
}
