//===- trace.cc - Chrome trace events of the runtime's calls --------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/trace.h"

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <mutex>
#include <string>
#include <sys/syscall.h>
#include <unistd.h>
#include <unordered_map>

namespace mgpu::trace {

int detail::state = 0;

namespace {

/// Events are written when this much is buffered, and at the end.
constexpr size_t kFlushBytes = 1 << 20;
/// Stream tracks come after the threads' in the viewer.
constexpr int kFirstStreamTrack = 1000;

void AppendEscaped(std::string &out, std::string_view text) {
  for (char c : text) {
    switch (c) {
    case '"':
      out += "\\\"";
      break;
    case '\\':
      out += "\\\\";
      break;
    case '\n':
      out += "\\n";
      break;
    default:
      if (static_cast<unsigned char>(c) < 0x20) {
        char escaped[8];
        std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
        out += escaped;
      } else {
        out += c;
      }
    }
  }
}

void AppendQuoted(std::string &out, std::string_view text) {
  out += '"';
  AppendEscaped(out, text);
  out += '"';
}

const char *CategoryOf(std::string_view entryPoint) {
  auto startsWith = [&](std::string_view prefix) {
    return entryPoint.substr(0, prefix.size()) == prefix;
  };
  if (startsWith("mgpuLaunch"))
    return "launch";
  if (startsWith("mgpuMem"))
    return "memory";
  if (startsWith("mgpuModule") || startsWith("mgpuGetFunction"))
    return "module";
  if (startsWith("mgpuStream"))
    return "stream";
  if (startsWith("mgpuEvent"))
    return "event";
  return "runtime";
}

/// The trace file and what is not written to it yet. Never destroyed:
/// events may come from other threads while the process exits.
class Tracer {
public:
  /// Opens `path`, or says why not on stderr and returns null.
  static Tracer *Open(const char *path) {
    int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) {
      std::fprintf(stderr,
                   "mgpu: MGPU_TRACE: cannot write '%s': %s; not "
                   "tracing\n",
                   path, std::strerror(errno));
      return nullptr;
    }
    auto *tracer = new Tracer(fd);
    std::string metadata;
    tracer->AppendMetadata(metadata, "process_name", 0,
                           "mgpu (pid " + std::to_string(::getpid()) + ")");
    tracer->Append(metadata);
    return tracer;
  }

  void Record(std::string event) {
    std::lock_guard<std::mutex> lock(mutex);
    if (finished)
      return;
    Append(event);
    if (buffer.size() >= kFlushBytes)
      WriteBufferLocked();
  }

  /// The calling thread's track, announced in `out` the first time.
  int ThreadTrack(std::string &out) {
    thread_local int track = 0;
    if (!track) {
      track = nextThreadTrack.fetch_add(1) + 1;
      AppendMetadata(out, "thread_name", track,
                     "host thread " + std::to_string(track) + " (tid " +
                         std::to_string(::syscall(SYS_gettid)) + ")");
    }
    return track;
  }

  /// `stream`'s track, announced in `out` the first time.
  int StreamTrack(const void *stream, std::string &out) {
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] = streamTracks.try_emplace(
        stream, kFirstStreamTrack + static_cast<int>(streamTracks.size()));
    if (inserted) {
      char name[48];
      std::snprintf(name, sizeof(name), "stream %p", stream);
      AppendMetadata(out, "thread_name", it->second, name);
    }
    return it->second;
  }

  void NameKernel(const void *function, const char *name) {
    std::lock_guard<std::mutex> lock(mutex);
    kernelNames[function] = name;
  }

  std::string KernelName(const void *function) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = kernelNames.find(function);
    return it == kernelNames.end() ? "?" : it->second;
  }

  uint64_t Start() const { return start; }

  /// Writes everything and closes the JSON array.
  void Finish() {
    std::lock_guard<std::mutex> lock(mutex);
    FinishLocked();
  }

  /// From a signal handler: finishes unless another thread is writing.
  void FinishFromSignal() {
    if (!mutex.try_lock())
      return;
    FinishLocked();
    mutex.unlock();
  }

private:
  explicit Tracer(int fd) : fd(fd), start(Now()) { buffer = "["; }

  void AppendMetadata(std::string &out, const char *what, int track,
                      const std::string &name) {
    out += "{\"name\":\"";
    out += what;
    out += "\",\"ph\":\"M\",\"pid\":";
    out += std::to_string(::getpid());
    out += ",\"tid\":";
    out += std::to_string(track);
    out += ",\"args\":{\"name\":";
    AppendQuoted(out, name);
    out += "}}\n";
  }

  /// `events`: one or more events, each ending in a newline.
  void Append(std::string_view events) {
    size_t begin = 0;
    while (begin < events.size()) {
      size_t end = events.find('\n', begin);
      if (!first)
        buffer += ",\n";
      first = false;
      buffer.append(events.substr(begin, end - begin));
      begin = end + 1;
    }
  }

  /// write(2) until done; allocates nothing, so a signal handler may call it.
  void WriteAll(const char *data, size_t left) {
    while (left > 0) {
      ssize_t written = ::write(fd, data, left);
      if (written < 0 && errno == EINTR)
        continue;
      if (written <= 0)
        return;
      data += written;
      left -= static_cast<size_t>(written);
    }
  }

  void WriteBufferLocked() {
    WriteAll(buffer.data(), buffer.size());
    buffer.clear();
  }

  void FinishLocked() {
    if (finished)
      return;
    WriteBufferLocked();
    static constexpr char kEnd[] = "\n]\n";
    WriteAll(kEnd, sizeof(kEnd) - 1);
    ::close(fd);
    finished = true;
  }

  std::mutex mutex;
  int fd;
  uint64_t start;
  std::string buffer;
  bool first = true;
  bool finished = false;
  std::atomic<int> nextThreadTrack{0};
  std::unordered_map<const void *, int> streamTracks;
  std::unordered_map<const void *, std::string> kernelNames;
};

Tracer *tracer = nullptr;
struct sigaction previousAbortAction;

void FinishAtExit() { tracer->Finish(); }

void FinishOnAbort(int signal) {
  tracer->FinishFromSignal();
  sigaction(SIGABRT, &previousAbortAction, nullptr);
  std::raise(signal);
}

/// "name":..., "ts":..., "dur":..., "pid":..., "tid":... of a complete event.
void AppendCompleteEvent(std::string &out, std::string_view name,
                         const char *category, uint64_t start, uint64_t end,
                         int track) {
  auto micros = [](uint64_t nanos) {
    char text[32];
    std::snprintf(text, sizeof(text), "%llu.%03llu",
                  static_cast<unsigned long long>(nanos / 1000),
                  static_cast<unsigned long long>(nanos % 1000));
    return std::string(text);
  };
  uint64_t origin = tracer->Start();
  start = start > origin ? start - origin : 0;
  end = end > origin ? end - origin : 0;
  if (end < start)
    end = start;
  out += "{\"name\":";
  AppendQuoted(out, name);
  out += ",\"cat\":\"";
  out += category;
  out += "\",\"ph\":\"X\",\"ts\":";
  out += micros(start);
  out += ",\"dur\":";
  out += micros(end - start);
  out += ",\"pid\":";
  out += std::to_string(::getpid());
  out += ",\"tid\":";
  out += std::to_string(track);
}

} // namespace

bool detail::Initialize() noexcept {
  static std::once_flag once;
  std::call_once(once, [] {
    const char *path = std::getenv("MGPU_TRACE");
    if (path && *path) {
      try {
        tracer = Tracer::Open(path);
      } catch (...) {
        tracer = nullptr;
      }
    }
    if (tracer) {
      std::atexit(FinishAtExit);
      struct sigaction action = {};
      action.sa_handler = FinishOnAbort;
      sigemptyset(&action.sa_mask);
      sigaction(SIGABRT, &action, &previousAbortAction);
    }
    __atomic_store_n(&state, tracer ? 2 : 1, __ATOMIC_RELEASE);
  });
  return __atomic_load_n(&state, __ATOMIC_ACQUIRE) == 2;
}

uint64_t Now() noexcept {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

Args &Args::Add(std::string_view key, std::string_view value) {
  json += json.empty() ? "" : ",";
  AppendQuoted(json, key);
  json += ':';
  AppendQuoted(json, value);
  return *this;
}

Args &Args::Add(std::string_view key, const char *value) {
  return Add(key, std::string_view(value ? value : "(null)"));
}

Args &Args::Add(std::string_view key, int64_t value) {
  json += json.empty() ? "" : ",";
  AppendQuoted(json, key);
  json += ':';
  json += std::to_string(value);
  return *this;
}

Args &Args::Add(std::string_view key, const void *pointer) {
  char text[32];
  std::snprintf(text, sizeof(text), "%p", pointer);
  return Add(key, std::string_view(text));
}

Args &Args::Add(std::string_view key, const int64_t (&dims)[3]) {
  json += json.empty() ? "" : ",";
  AppendQuoted(json, key);
  json += ":[" + std::to_string(dims[0]) + "," + std::to_string(dims[1]) + "," +
          std::to_string(dims[2]) + "]";
  return *this;
}

void RecordCall(const char *entryPoint, uint64_t start, const Args &args,
                std::string_view error) noexcept {
  if (!Enabled())
    return;
  try {
    uint64_t end = Now();
    std::string event;
    int track = tracer->ThreadTrack(event);
    AppendCompleteEvent(event, entryPoint, CategoryOf(entryPoint), start, end,
                        track);
    event += ",\"args\":{";
    event += args.Json();
    if (!error.empty()) {
      event += args.Json().empty() ? "" : ",";
      event += "\"error\":";
      AppendQuoted(event, error);
    }
    event += "}}\n";
    tracer->Record(std::move(event));
  } catch (...) {
    // Out of memory: the event is lost, the call is not.
  }
}

void RecordStreamTask(const void *stream, const char *what, uint64_t start,
                      bool failed) noexcept {
  if (!Enabled())
    return;
  try {
    uint64_t end = Now();
    std::string event;
    int track = tracer->StreamTrack(stream, event);
    AppendCompleteEvent(event, what ? what : "task", "device", start, end,
                        track);
    event += ",\"args\":{\"stream\":";
    char text[32];
    std::snprintf(text, sizeof(text), "\"%p\"", stream);
    event += text;
    if (failed)
      event += ",\"failed\":true";
    event += "}}\n";
    tracer->Record(std::move(event));
  } catch (...) {
  }
}

void NameKernel(const void *function, const char *name) noexcept {
  if (!Enabled() || !function || !name)
    return;
  try {
    tracer->NameKernel(function, name);
  } catch (...) {
  }
}

std::string KernelName(const void *function) {
  return Enabled() ? tracer->KernelName(function) : "?";
}

void Finish() noexcept {
  if (Enabled())
    tracer->Finish();
}

} // namespace mgpu::trace
