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
#include <pthread.h>
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

/// The length of the well-formed UTF-8 sequence at the start of `text`
/// (Unicode 15, table 3-7), or 0.
size_t Utf8SequenceLength(std::string_view text) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  auto continues = [&](size_t i, unsigned char low = 0x80,
                       unsigned char high = 0xbf) {
    return i < text.size() && byte(i) >= low && byte(i) <= high;
  };
  unsigned char lead = byte(0);
  if (lead < 0x80)
    return 1;
  if (lead >= 0xc2 && lead <= 0xdf)
    return continues(1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    unsigned char low = lead == 0xe0 ? 0xa0 : 0x80;
    unsigned char high = lead == 0xed ? 0x9f : 0xbf;
    return continues(1, low, high) && continues(2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    unsigned char low = lead == 0xf0 ? 0x90 : 0x80;
    unsigned char high = lead == 0xf4 ? 0x8f : 0xbf;
    return continues(1, low, high) && continues(2) && continues(3) ? 4 : 0;
  }
  return 0;
}

/// `text` as the inside of a JSON string: quotes, backslashes and control
/// characters escaped, and a byte that is not part of well-formed UTF-8 (a
/// kernel's name may hold any) written as the text \xHH, so that the file
/// stays valid JSON and nothing is lost.
void AppendEscaped(std::string &out, std::string_view text) {
  while (!text.empty()) {
    char c = text.front();
    size_t length = Utf8SequenceLength(text);
    if (length > 1) {
      out.append(text.substr(0, length));
      text.remove_prefix(length);
      continue;
    }
    text.remove_prefix(1);
    char escaped[8];
    if (length == 0) {
      std::snprintf(escaped, sizeof(escaped), "\\\\x%02X",
                    static_cast<unsigned char>(c));
      out += escaped;
    } else if (c == '"') {
      out += "\\\"";
    } else if (c == '\\') {
      out += "\\\\";
    } else if (c == '\n') {
      out += "\\n";
    } else if (static_cast<unsigned char>(c) < 0x20) {
      std::snprintf(escaped, sizeof(escaped), "\\u%04x", c);
      out += escaped;
    } else {
      out += c;
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
    // Not blocking: a FIFO that no process reads would hold the first call
    // of the program for ever (open fails with ENXIO instead).
    int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NONBLOCK,
                    0644);
    int error = fd < 0 ? errno : 0;
    // Then blocking, so that a slow reader is waited for; and the first
    // byte written at once, so that a file that takes none (/dev/full) is
    // found now rather than at exit.
    static constexpr char kStart[] = "[";
    if (!error && (::fcntl(fd, F_SETFL, 0) != 0 ||
                   ::write(fd, kStart, sizeof(kStart) - 1) != 1))
      error = errno ? errno : EIO;
    if (error) {
      if (fd >= 0)
        ::close(fd);
      std::fprintf(stderr,
                   "mgpu: MGPU_TRACE: cannot write '%s': %s%s; not tracing\n",
                   path, std::strerror(error),
                   error == ENXIO ? " (a FIFO that no process reads?)" : "");
      return nullptr;
    }
    auto *tracer = new Tracer(fd, path);
    tracer->Record(
        tracer->Metadata("process_name", 0, "mgpu (pid " + tracer->pid + ")"));
    return tracer;
  }

  /// Buffers one event, written out a megabyte at a time.
  void Record(const std::string &event) {
    std::lock_guard<std::mutex> lock(mutex);
    AppendLocked(event);
  }

  /// The calling thread's track, announced the first time.
  int ThreadTrack() {
    thread_local int track = 0;
    if (!track) {
      track = nextThreadTrack.fetch_add(1) + 1;
      Record(Metadata("thread_name", track,
                      "host thread " + std::to_string(track) + " (tid " +
                          std::to_string(::syscall(SYS_gettid)) + ")"));
    }
    return track;
  }

  /// `stream`'s track, announced the first time.
  int StreamTrack(const void *stream) {
    std::lock_guard<std::mutex> lock(mutex);
    auto [it, inserted] = streamTracks.try_emplace(
        stream, kFirstStreamTrack + static_cast<int>(streamTracks.size()));
    if (inserted) {
      char name[48];
      std::snprintf(name, sizeof(name), "stream %p", stream);
      AppendLocked(Metadata("thread_name", it->second, name));
    }
    return it->second;
  }

  /// A complete event: what ran on `track` from `start` to `end` (steady
  /// clock nanoseconds), with `args`.
  std::string CompleteEvent(std::string_view name, const char *category,
                            uint64_t start, uint64_t end, int track,
                            const Args &args) const {
    start = start > origin ? start - origin : 0;
    end = end > origin ? end - origin : 0;
    if (end < start)
      end = start;
    std::string event = "{\"name\":";
    AppendQuoted(event, name);
    event += ",\"cat\":\"";
    event += category;
    event += "\",\"ph\":\"X\",\"ts\":";
    event += Micros(start);
    event += ",\"dur\":";
    event += Micros(end - start);
    event += ",\"pid\":" + pid + ",\"tid\":" + std::to_string(track);
    event += ",\"args\":{" + args.Json() + "}}";
    return event;
  }

  /// A process_labels metadata event: what the process runs on.
  void Label(std::string_view text) {
    std::string event =
        "{\"name\":\"process_labels\",\"ph\":\"M\",\"pid\":" + pid +
        ",\"args\":{\"labels\":";
    AppendQuoted(event, text);
    event += "}}";
    Record(event);
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
  Tracer(int fd, std::string path)
      : fd(fd), path(std::move(path)), origin(Now()),
        pid(std::to_string(::getpid())) {}

  /// Microseconds, as the trace format counts, from nanoseconds.
  static std::string Micros(uint64_t nanos) {
    char text[32];
    std::snprintf(text, sizeof(text), "%llu.%03llu",
                  static_cast<unsigned long long>(nanos / 1000),
                  static_cast<unsigned long long>(nanos % 1000));
    return text;
  }

  /// A metadata event that names the process or a track.
  std::string Metadata(const char *what, int track,
                       const std::string &name) const {
    std::string event = "{\"name\":\"";
    event += what;
    event += "\",\"ph\":\"M\",\"pid\":" + pid +
             ",\"tid\":" + std::to_string(track) + ",\"args\":{\"name\":";
    AppendQuoted(event, name);
    event += "}}";
    return event;
  }

  /// One element of the JSON array; events after the end are dropped.
  void AppendLocked(const std::string &event) {
    if (finished)
      return;
    if (!first)
      buffer += ",\n";
    first = false;
    buffer += event;
    if (buffer.size() >= kFlushBytes)
      WriteBufferLocked();
  }

  /// write(2) until done; allocates nothing, so a signal handler may call it.
  /// A file that takes no more (a full disk) ends the trace, with a warning.
  void WriteAll(const char *data, size_t left) {
    while (left > 0 && !finished) {
      ssize_t written = ::write(fd, data, left);
      if (written < 0 && errno == EINTR)
        continue;
      if (written <= 0) {
        StopLocked(written < 0 ? errno : ENOSPC);
        return;
      }
      data += written;
      left -= static_cast<size_t>(written);
    }
  }

  /// The trace cannot be written: says so once, and stops tracing.
  /// Allocates nothing, for the signal handler.
  void StopLocked(int error) {
    finished = true;
    ::close(fd);
    __atomic_store_n(&detail::state, 1, __ATOMIC_RELEASE);
    auto say = [](const char *text) {
      ssize_t ignored = ::write(STDERR_FILENO, text, std::strlen(text));
      (void)ignored;
    };
    say("mgpu: MGPU_TRACE: cannot write to '");
    say(path.c_str());
    say("': ");
    // strerror may allocate (its locale's messages); the description
    // glibc holds is a constant.
#if defined(__GLIBC__) && __GLIBC_PREREQ(2, 32)
    const char *description = strerrordesc_np(error);
    say(description ? description : "unknown error");
#else
    char number[24];
    std::snprintf(number, sizeof(number), "errno %d", error);
    say(number);
#endif
    say("; the trace ends here, and the program goes on untraced\n");
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
    if (finished)
      return;
    ::close(fd);
    finished = true;
  }

  std::mutex mutex;
  int fd;
  const std::string path;
  /// Times in the trace count from here.
  const uint64_t origin;
  /// getpid() is a system call; every event names the process.
  const std::string pid;
  std::string buffer;
  bool first = true;
  bool finished = false;
  std::atomic<int> nextThreadTrack{0};
  std::unordered_map<const void *, int> streamTracks;
  std::unordered_map<const void *, std::string> kernelNames;
};

Tracer *tracer = nullptr;
struct sigaction previousAbortAction;

void FinishAtExit() {
  if (Enabled())
    tracer->Finish();
}

void FinishOnAbort(int signal) {
  if (Enabled())
    tracer->FinishFromSignal();
  sigaction(SIGABRT, &previousAbortAction, nullptr);
  std::raise(signal);
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
      // A child of fork() goes untraced: the parent's file and buffer are
      // not its to write (the events buffered would be written twice, and
      // the array ended twice).
      pthread_atfork(nullptr, nullptr,
                     [] { __atomic_store_n(&state, 1, __ATOMIC_RELEASE); });
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

void Args::AddKey(std::string_view key) {
  if (!json.empty())
    json += ',';
  AppendQuoted(json, key);
  json += ':';
}

Args &Args::Add(std::string_view key, std::string_view value) {
  AddKey(key);
  AppendQuoted(json, value);
  return *this;
}

Args &Args::Add(std::string_view key, const char *value) {
  return Add(key, std::string_view(value ? value : "(null)"));
}

Args &Args::Add(std::string_view key, int64_t value) {
  AddKey(key);
  json += std::to_string(value);
  return *this;
}

Args &Args::Add(std::string_view key, bool value) {
  AddKey(key);
  json += value ? "true" : "false";
  return *this;
}

Args &Args::Add(std::string_view key, const void *pointer) {
  char text[32];
  std::snprintf(text, sizeof(text), "%p", pointer);
  return Add(key, std::string_view(text));
}

Args &Args::Add(std::string_view key, const int64_t (&dims)[3]) {
  AddKey(key);
  json += "[" + std::to_string(dims[0]) + "," + std::to_string(dims[1]) + "," +
          std::to_string(dims[2]) + "]";
  return *this;
}

void RecordCall(const char *entryPoint, uint64_t start, Args args,
                std::string_view error) noexcept {
  try {
    uint64_t end = Now();
    if (!error.empty())
      args.Add("error", error);
    tracer->Record(tracer->CompleteEvent(entryPoint, CategoryOf(entryPoint),
                                         start, end, tracer->ThreadTrack(),
                                         args));
  } catch (...) {
    // Out of memory: the event is lost, the call is not.
  }
}

void RecordStreamTask(const void *stream, const char *what, uint64_t start,
                      bool failed) noexcept {
  try {
    uint64_t end = Now();
    Args args;
    args.Add("stream", stream);
    if (failed)
      args.Add("failed", true);
    tracer->Record(tracer->CompleteEvent(what ? what : "task", "device", start,
                                         end, tracer->StreamTrack(stream),
                                         args));
  } catch (...) {
  }
}

void RecordStreamSpan(const void *stream, const char *what, uint64_t start,
                      uint64_t end) noexcept {
  try {
    Args args;
    args.Add("stream", stream);
    tracer->Record(tracer->CompleteEvent(what ? what : "task", "device", start,
                                         end, tracer->StreamTrack(stream),
                                         args));
  } catch (...) {
  }
}

void NameDevice(std::string_view description) noexcept {
  if (!Enabled())
    return;
  try {
    tracer->Label(description);
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
