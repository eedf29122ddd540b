//===- stream.h - In-order sequences of command buffers ---------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A stream records its launches, copies and fills into command buffers on
// the device's compute queue, a batch at a time: a batch is submitted when a
// synchronization, an event record or an event wait needs it on the queue,
// or when it holds kBatchCommands commands, so that a launch costs no
// vkQueueSubmit. A global memory barrier before each command makes it see
// the writes of the one before; each submission waits for the stream's
// previous one on the stream's timeline semaphore, which it signals in turn,
// so that the stream's work is in order across batches too, while other
// streams' may overlap it.
//
// What a command needs until the device is done with it stays with its
// batch: staging buffers, argument buffers, and the host work that ends a
// copy into plain host memory (the copy from the staging buffer), which runs
// when the runtime sees the batch done (the copy synchronizes its stream).
// The runtime sees a batch done at a synchronization of its stream, at the
// stream's next submission, and, when tracing, at any synchronization (a
// stream that others only wait for, through events, may never be
// synchronized itself, and its commands reach the trace when its batches
// are seen done).
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_VULKAN_STREAM_H
#define OFFLOAD_RUNTIME_VULKAN_STREAM_H

#include "offload_runtime/status.h"
#include "offload_runtime/vulkan/device.h"
#include "offload_runtime/vulkan/memory.h"

#include <algorithm>
#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mgpu::vulkan {

/// Room for one launch's argument struct: host-visible, and its address.
struct ArgumentSpace {
  char *host;
  VkDeviceAddress address;
};

/// A timeline semaphore that the event that made it and the submissions
/// that wait for or signal it share: it is destroyed when the last of them
/// lets go of it, a submission once the device is done with it. Destroying an
/// event therefore neither waits nor leaves a stream holding a wait, or a
/// submission, for a destroyed semaphore (whose handle the driver may even
/// give to the next one made).
class TimelineSemaphore {
public:
  /// One of the device's timeline semaphores, made or used before. They are
  /// never destroyed but kept for the next event: lavapipe's queue thread
  /// still touched one that the values of every semaphore of its batches said
  /// it was done with (a crash, one run in two, under load).
  static StatusOr<std::shared_ptr<TimelineSemaphore>> Create(Device &device);
  TimelineSemaphore(const TimelineSemaphore &) = delete;
  TimelineSemaphore &operator=(const TimelineSemaphore &) = delete;

  VkSemaphore handle() const { return semaphore; }
  /// The highest value a signal of it was given: a semaphore used again
  /// counts on from there, timeline values only growing.
  uint64_t last() const { return lastValue; }
  void setLast(uint64_t value) {
    uint64_t seen = lastValue.load();
    while (seen < value && !lastValue.compare_exchange_weak(seen, value)) {
    }
  }

private:
  explicit TimelineSemaphore(Device &device) : device(device) {}
  /// Back to the device's semaphores, when the last reference goes.
  static void Recycle(TimelineSemaphore *semaphore);

  Device &device;
  VkSemaphore semaphore = VK_NULL_HANDLE;
  std::atomic<uint64_t> lastValue{0};
};
using SemaphoreRef = std::shared_ptr<TimelineSemaphore>;

class Stream {
  struct Batch;

public:
  /// What a command being recorded may attach to its batch.
  class Recorder {
  public:
    VkCommandBuffer commands() const;
    /// Destroys `buffer` once the batch is done.
    void Keep(const Buffer &buffer);
    /// Runs `work` once the batch is done, before its buffers go.
    void AtCompletion(std::function<void()> work);
    /// `bytes` of the stream's argument ring, 16-byte aligned.
    StatusOr<ArgumentSpace> TakeArguments(size_t bytes);

  private:
    friend class Stream;
    Recorder(Stream &stream, Batch &batch) : stream(stream), batch(batch) {}
    Stream &stream;
    Batch &batch;
  };
  using Command = std::function<Status(Recorder &)>;

  static StatusOr<Stream *> Create(Device &device);

  /// Records `command`, which the trace calls `what`, after the commands
  /// recorded so far.
  Status Record(const char *what, const Command &command);
  /// Submits what is recorded (and the waits and signals asked for).
  Status Flush();
  /// Waits until everything recorded so far is done, and its host work.
  Status Synchronize();
  /// Submits the work recorded so far with a signal of `semaphore` to
  /// `value`, after `semaphore` reaches `after` (0: no wait) where another
  /// stream signals that. An error means that the signal is not on the queue.
  Status Signal(const SemaphoreRef &semaphore, uint64_t value, uint64_t after);
  /// Makes the work recorded from now on wait for `semaphore` to reach
  /// `value`, which a submitted batch signals.
  Status Wait(const SemaphoreRef &semaphore, uint64_t value);
  /// Finishes the batches that are done, without waiting.
  Status Retire();

private:
  struct ArgumentChunk {
    Buffer buffer;
    size_t used = 0;
  };
  struct Batch {
    VkCommandBuffer commands = VK_NULL_HANDLE;
    VkQueryPool queries = VK_NULL_HANDLE;
    uint32_t count = 0;
    uint64_t value = 0, submitTime = 0;
    std::vector<Buffer> buffers;
    std::vector<std::function<void()>> completions;
    std::vector<ArgumentChunk> chunks;
    std::vector<std::string> names;
    /// The event semaphores it waits for and signals.
    std::vector<SemaphoreRef> semaphores;
  };
  using SemaphoreValues = std::vector<std::pair<SemaphoreRef, uint64_t>>;

  explicit Stream(Device &device) : device(device) {}
  Status BeginLocked();
  /// Submits, then finishes the batches that are done.
  Status SubmitLocked();
  /// Submits the open batch, waits and signals, if any.
  Status QueueLocked();
  Status RetireLocked();
  void FinishLocked(Batch &batch);
  void TraceLocked(Batch &batch);
  StatusOr<ArgumentSpace> TakeArgumentsLocked(Batch &batch, size_t bytes);

  Device &device;
  std::mutex mutex;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkSemaphore timeline = VK_NULL_HANDLE;
  /// The value of the last submission's signal.
  uint64_t submitted = 0;
  /// When the trace's last command of the stream ended (host time).
  uint64_t tracedUpTo = 0;
  std::optional<Batch> open;
  std::deque<Batch> inFlight;
  std::vector<VkCommandBuffer> idleCommandBuffers;
  std::vector<VkQueryPool> idleQueryPools;
  std::vector<ArgumentChunk> idleChunks;
  /// What the next submission waits for and signals besides the timeline.
  SemaphoreValues waits, signals;
};

} // namespace mgpu::vulkan

#endif // OFFLOAD_RUNTIME_VULKAN_STREAM_H
