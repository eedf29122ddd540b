//===- stream.cc - In-order sequences of command buffers ------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/stream.h"

#include "offload_runtime/trace.h"
#include "offload_runtime/vulkan/vulkan_error.h"

#include <algorithm>

namespace mgpu::vulkan {
namespace {

/// Commands per batch, at most.
constexpr uint32_t kBatchCommands = 64;
/// The size of one buffer of the argument ring (more for larger structs).
constexpr size_t kArgumentChunkBytes = 64 * 1024;
/// The argument structs' alignment: any member's.
constexpr size_t kArgumentAlignment = 16;

/// Makes every write before it visible to every access after it.
void Barrier(const VulkanApi &vk, VkCommandBuffer commands,
             VkPipelineStageFlags dstStage, VkAccessFlags dstAccess) {
  VkMemoryBarrier barrier = {VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_MEMORY_WRITE_BIT;
  barrier.dstAccessMask = dstAccess;
  vk.vkCmdPipelineBarrier(commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                          dstStage, 0, 1, &barrier, 0, nullptr, 0, nullptr);
}

} // namespace

VkCommandBuffer Stream::Recorder::commands() const { return batch.commands; }

void Stream::Recorder::Keep(const Buffer &buffer) {
  batch.buffers.push_back(buffer);
}

void Stream::Recorder::AtCompletion(std::function<void()> work) {
  batch.completions.push_back(std::move(work));
}

StatusOr<ArgumentSpace> Stream::Recorder::TakeArguments(size_t bytes) {
  return stream.TakeArgumentsLocked(batch, bytes);
}

namespace {
/// The semaphores no event uses now, for the next ones.
struct IdleSemaphores {
  std::mutex mutex;
  std::vector<TimelineSemaphore *> idle;
};

IdleSemaphores &GetIdleSemaphores() {
  // Never destroyed: events may go during exit.
  static IdleSemaphores *semaphores = new IdleSemaphores;
  return *semaphores;
}
} // namespace

void TimelineSemaphore::Recycle(TimelineSemaphore *semaphore) {
  IdleSemaphores &semaphores = GetIdleSemaphores();
  std::lock_guard<std::mutex> lock(semaphores.mutex);
  semaphores.idle.push_back(semaphore);
}

StatusOr<SemaphoreRef> TimelineSemaphore::Create(Device &device) {
  IdleSemaphores &semaphores = GetIdleSemaphores();
  {
    std::lock_guard<std::mutex> lock(semaphores.mutex);
    if (!semaphores.idle.empty()) {
      TimelineSemaphore *reused = semaphores.idle.back();
      semaphores.idle.pop_back();
      return SemaphoreRef(reused, Recycle);
    }
  }
  auto made = std::unique_ptr<TimelineSemaphore>(new TimelineSemaphore(device));
  VkSemaphoreTypeCreateInfo type = {
      VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  VkSemaphoreCreateInfo info = {VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, &type};
  MGPU_RETURN_IF_VULKAN_ERROR(device.vk, vkCreateSemaphore, device.device,
                              &info, nullptr, &made->semaphore);
  return SemaphoreRef(made.release(), Recycle);
}

StatusOr<Stream *> Stream::Create(Device &device) {
  VulkanApi &vk = device.vk;
  std::unique_ptr<Stream> stream(new Stream(device));
  VkCommandPoolCreateInfo pool = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  pool.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  pool.queueFamilyIndex = device.queueFamily;
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkCreateCommandPool, device.device, &pool,
                              nullptr, &stream->pool);
  VkSemaphoreTypeCreateInfo type = {
      VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  type.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  VkSemaphoreCreateInfo semaphore = {VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
                                     &type};
  MGPU_RETURN_IF_VULKAN_ERROR(vk, vkCreateSemaphore, device.device, &semaphore,
                              nullptr, &stream->timeline);
  return stream.release();
}

Status Stream::BeginLocked() {
  VulkanApi &vk = device.vk;
  Batch batch;
  if (!idleCommandBuffers.empty()) {
    batch.commands = idleCommandBuffers.back();
    idleCommandBuffers.pop_back();
    MGPU_RETURN_IF_VULKAN_ERROR(vk, vkResetCommandBuffer, batch.commands, 0);
  } else {
    VkCommandBufferAllocateInfo info = {
        VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    info.commandPool = pool;
    info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    info.commandBufferCount = 1;
    MGPU_RETURN_IF_VULKAN_ERROR(vk, vkAllocateCommandBuffers, device.device,
                                &info, &batch.commands);
  }
  VkCommandBufferBeginInfo begin = {
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  if (VkResult result = vk.vkBeginCommandBuffer(batch.commands, &begin);
      result != VK_SUCCESS) {
    idleCommandBuffers.push_back(batch.commands);
    return VulkanError(result, "vkBeginCommandBuffer");
  }
  if (trace::Enabled() && device.timestamps) {
    if (!idleQueryPools.empty()) {
      batch.queries = idleQueryPools.back();
      idleQueryPools.pop_back();
    } else {
      VkQueryPoolCreateInfo info = {VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO};
      info.queryType = VK_QUERY_TYPE_TIMESTAMP;
      info.queryCount = 2 * kBatchCommands;
      MGPU_RETURN_IF_VULKAN_ERROR(vk, vkCreateQueryPool, device.device, &info,
                                  nullptr, &batch.queries);
    }
    vk.vkCmdResetQueryPool(batch.commands, batch.queries, 0,
                           2 * kBatchCommands);
  }
  open = std::move(batch);
  return OkStatus();
}

Status Stream::Record(const char *what, const Command &command) {
  std::lock_guard<std::mutex> lock(mutex);
  if (!open)
    MGPU_RETURN_IF_ERROR(BeginLocked());
  Batch &batch = *open;
  const VulkanApi &vk = device.vk;
  if (batch.count)
    Barrier(vk, batch.commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
            VK_ACCESS_MEMORY_READ_BIT | VK_ACCESS_MEMORY_WRITE_BIT);
  if (batch.queries)
    vk.vkCmdWriteTimestamp(batch.commands, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT,
                           batch.queries, 2 * batch.count);
  Recorder recorder(*this, batch);
  Status status = command(recorder);
  if (batch.queries) {
    vk.vkCmdWriteTimestamp(batch.commands, VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT,
                           batch.queries, 2 * batch.count + 1);
    batch.names.push_back(status.ok() ? what : "failed to record");
  }
  ++batch.count;
  if (batch.count >= kBatchCommands)
    MGPU_RETURN_IF_ERROR(SubmitLocked());
  return status;
}

Status Stream::SubmitLocked() {
  MGPU_RETURN_IF_ERROR(QueueLocked());
  return RetireLocked();
}

Status Stream::QueueLocked() {
  if (!open && waits.empty() && signals.empty())
    return OkStatus();
  const VulkanApi &vk = device.vk;
  Batch batch;
  if (open) {
    batch = std::move(*open);
    open.reset();
    // The host reads what the batch wrote to host-visible memory.
    Barrier(vk, batch.commands, VK_PIPELINE_STAGE_HOST_BIT,
            VK_ACCESS_HOST_READ_BIT | VK_ACCESS_HOST_WRITE_BIT);
    MGPU_RETURN_IF_VULKAN_ERROR(vk, vkEndCommandBuffer, batch.commands);
  }
  batch.value = submitted + 1;
  std::vector<VkSemaphore> waitSemaphores, signalSemaphores = {timeline};
  std::vector<uint64_t> waitValues, signalValues = {batch.value};
  if (submitted) {
    waitSemaphores.push_back(timeline);
    waitValues.push_back(submitted);
  }
  auto add = [&](const SemaphoreValues &from, std::vector<VkSemaphore> &to,
                 std::vector<uint64_t> &values) {
    for (auto &[semaphore, value] : from) {
      to.push_back(semaphore->handle());
      values.push_back(value);
      // Alive until the device is done with the batch.
      batch.semaphores.push_back(semaphore);
    }
  };
  add(waits, waitSemaphores, waitValues);
  add(signals, signalSemaphores, signalValues);
  std::vector<VkPipelineStageFlags> stages(waitSemaphores.size(),
                                           VK_PIPELINE_STAGE_ALL_COMMANDS_BIT);
  VkTimelineSemaphoreSubmitInfo values = {
      VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  values.waitSemaphoreValueCount = static_cast<uint32_t>(waitValues.size());
  values.pWaitSemaphoreValues = waitValues.data();
  values.signalSemaphoreValueCount = static_cast<uint32_t>(signalValues.size());
  values.pSignalSemaphoreValues = signalValues.data();
  VkSubmitInfo submit = {VK_STRUCTURE_TYPE_SUBMIT_INFO, &values};
  submit.waitSemaphoreCount = static_cast<uint32_t>(waitSemaphores.size());
  submit.pWaitSemaphores = waitSemaphores.data();
  submit.pWaitDstStageMask = stages.data();
  submit.commandBufferCount = batch.commands ? 1 : 0;
  submit.pCommandBuffers = &batch.commands;
  submit.signalSemaphoreCount = static_cast<uint32_t>(signalSemaphores.size());
  submit.pSignalSemaphores = signalSemaphores.data();
  batch.submitTime = batch.queries || trace::Enabled() ? trace::Now() : 0;
  {
    std::lock_guard<std::mutex> queueLock(device.queueMutex);
    MGPU_RETURN_IF_VULKAN_ERROR(vk, vkQueueSubmit, device.queue, 1, &submit,
                                VK_NULL_HANDLE);
  }
  submitted = batch.value;
  waits.clear();
  signals.clear();
  inFlight.push_back(std::move(batch));
  return OkStatus();
}

Status Stream::RetireLocked() {
  if (inFlight.empty())
    return OkStatus();
  uint64_t done = 0;
  MGPU_RETURN_IF_VULKAN_ERROR(device.vk, vkGetSemaphoreCounterValue,
                              device.device, timeline, &done);
  while (!inFlight.empty() && inFlight.front().value <= done) {
    FinishLocked(inFlight.front());
    inFlight.pop_front();
  }
  return OkStatus();
}

void Stream::FinishLocked(Batch &batch) {
  for (std::function<void()> &completion : batch.completions)
    completion();
  if (trace::Enabled())
    TraceLocked(batch);
  for (const Buffer &buffer : batch.buffers)
    DestroyBuffer(device, buffer);
  for (ArgumentChunk &chunk : batch.chunks) {
    chunk.used = 0;
    idleChunks.push_back(chunk);
  }
  if (batch.commands)
    idleCommandBuffers.push_back(batch.commands);
  if (batch.queries)
    idleQueryPools.push_back(batch.queries);
  batch.semaphores.clear();
}

void Stream::TraceLocked(Batch &batch) {
  const uint64_t now = trace::Now();
  std::vector<uint64_t> ticks(2 * batch.names.size());
  bool timed = batch.queries && !ticks.empty() &&
               device.vk.vkGetQueryPoolResults(
                   device.device, batch.queries, 0, ticks.size(),
                   ticks.size() * sizeof(uint64_t), ticks.data(),
                   sizeof(uint64_t), VK_QUERY_RESULT_64_BIT) == VK_SUCCESS;
  // Device times, placed on the host's clock from when the batch could
  // start: its submission, or the end of the stream's previous batch.
  const uint64_t origin = std::max(batch.submitTime, tracedUpTo);
  const double period = device.limits.timestampPeriod;
  for (size_t i = 0; i < batch.names.size(); ++i) {
    uint64_t start = origin, end = now;
    if (timed) {
      start = origin + uint64_t(double(ticks[2 * i] - ticks[0]) * period);
      end = origin + uint64_t(double(ticks[2 * i + 1] - ticks[0]) * period);
    }
    trace::RecordStreamSpan(this, batch.names[i].c_str(), start,
                            std::min(std::max(end, start), now));
  }
  tracedUpTo = now;
  batch.names.clear();
}

StatusOr<ArgumentSpace> Stream::TakeArgumentsLocked(Batch &batch,
                                                    size_t bytes) {
  bytes = (bytes + kArgumentAlignment - 1) / kArgumentAlignment *
          kArgumentAlignment;
  if (batch.chunks.empty() ||
      batch.chunks.back().buffer.bytes - batch.chunks.back().used < bytes) {
    auto idle = std::find_if(idleChunks.begin(), idleChunks.end(),
                             [&](const ArgumentChunk &chunk) {
                               return chunk.buffer.bytes >= bytes;
                             });
    if (idle != idleChunks.end()) {
      batch.chunks.push_back(*idle);
      idleChunks.erase(idle);
    } else {
      MGPU_ASSIGN_OR_RETURN(
          Buffer buffer,
          CreateBuffer(device, std::max(bytes, kArgumentChunkBytes), true));
      batch.chunks.push_back({buffer, 0});
    }
  }
  ArgumentChunk &chunk = batch.chunks.back();
  ArgumentSpace space = {chunk.buffer.mapped + chunk.used,
                         chunk.buffer.address + chunk.used};
  chunk.used += bytes;
  return space;
}

Status Stream::Flush() {
  std::lock_guard<std::mutex> lock(mutex);
  return SubmitLocked();
}

Status Stream::Synchronize() {
  std::lock_guard<std::mutex> lock(mutex);
  MGPU_RETURN_IF_ERROR(SubmitLocked());
  VkSemaphoreWaitInfo wait = {VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  wait.semaphoreCount = 1;
  wait.pSemaphores = &timeline;
  wait.pValues = &submitted;
  if (submitted)
    MGPU_RETURN_IF_VULKAN_ERROR(device.vk, vkWaitSemaphores, device.device,
                                &wait, UINT64_MAX);
  return RetireLocked();
}

Status Stream::Signal(const SemaphoreRef &semaphore, uint64_t value,
                      uint64_t after) {
  std::lock_guard<std::mutex> lock(mutex);
  signals.emplace_back(semaphore, value);
  // A signal never runs before a lower one of another stream.
  if (after)
    waits.emplace_back(semaphore, after);
  // On the queue now: a wait for it, submitted later, never comes first.
  if (Status queued = QueueLocked(); !queued.ok()) {
    // Not on the queue: nothing may wait for it, a later submission either.
    signals.pop_back();
    if (after)
      waits.pop_back();
    return queued;
  }
  // The batches done are finished at the stream's next submission or
  // synchronization.
  return OkStatus();
}

Status Stream::Wait(const SemaphoreRef &semaphore, uint64_t value) {
  std::lock_guard<std::mutex> lock(mutex);
  // What was recorded before the wait need not wait.
  if (open)
    MGPU_RETURN_IF_ERROR(SubmitLocked());
  waits.emplace_back(semaphore, value);
  return OkStatus();
}

Status Stream::Retire() {
  std::lock_guard<std::mutex> lock(mutex);
  return RetireLocked();
}

} // namespace mgpu::vulkan
