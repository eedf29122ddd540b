//===- event.cc - Points in a stream that others wait for -----------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/event.h"

#include "offload_runtime/vulkan/vulkan_error.h"

#include <memory>

namespace mgpu::vulkan {

StatusOr<std::shared_ptr<Event>> Event::Create(Device &device) {
  MGPU_ASSIGN_OR_RETURN(SemaphoreRef semaphore,
                        TimelineSemaphore::Create(device));
  return std::shared_ptr<Event>(new Event(device, std::move(semaphore)));
}

std::pair<uint64_t, Stream *> Event::Last() {
  std::lock_guard<std::mutex> lock(mutex);
  return {recorded, recordedOn};
}

Status Event::Record(Stream &stream) {
  std::lock_guard<std::mutex> lock(mutex);
  // After a recording on another stream, this one's signal waits for it, so
  // that the event's value never goes down.
  uint64_t after = recordedOn && recordedOn != &stream ? recorded : 0;
  MGPU_RETURN_IF_ERROR(stream.Signal(semaphore, recorded + 1, after));
  ++recorded;
  semaphore->setLast(recorded);
  recordedOn = &stream;
  return OkStatus();
}

Status Event::MakeWait(Stream &stream) {
  const uint64_t value = Last().first;
  if (value == unrecorded)
    return OkStatus();
  return stream.Wait(semaphore, value);
}

Status Event::Synchronize() {
  uint64_t value = Last().first;
  if (value == unrecorded)
    return OkStatus();
  VkSemaphore handle = semaphore->handle();
  VkSemaphoreWaitInfo wait = {VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  wait.semaphoreCount = 1;
  wait.pSemaphores = &handle;
  wait.pValues = &value;
  MGPU_RETURN_IF_VULKAN_ERROR(device.vk, vkWaitSemaphores, device.device, &wait,
                              UINT64_MAX);
  return OkStatus();
}

namespace {
Status NotLive(MgpuEvent handle) {
  return RuntimeError(
      MGPU_ERROR_INVALID_HANDLE,
      StrCat("the event ", static_cast<const void *>(handle),
             " is not a live event of this runtime (destroyed already, or "
             "never created by mgpuEventCreate)"));
}
} // namespace

StatusOr<MgpuEvent> LiveEvents::Create(Device &device) {
  MGPU_ASSIGN_OR_RETURN(std::shared_ptr<Event> event, Event::Create(device));
  auto *handle = reinterpret_cast<MgpuEvent>(event.get());
  std::lock_guard<std::mutex> lock(mutex);
  live.emplace(event.get(), std::move(event));
  return handle;
}

Status LiveEvents::Destroy(MgpuEvent handle) {
  std::shared_ptr<Event> event;
  {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = live.find(reinterpret_cast<Event *>(handle));
    if (it == live.end())
      return NotLive(handle);
    event = std::move(it->second);
    live.erase(it);
  }
  // Gone when its last user lets go, outside the lock; its semaphore when
  // the streams are done with it.
  return OkStatus();
}

StatusOr<std::shared_ptr<Event>> LiveEvents::Get(MgpuEvent handle) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = live.find(reinterpret_cast<Event *>(handle));
  if (it == live.end())
    return NotLive(handle);
  return it->second;
}

} // namespace mgpu::vulkan
