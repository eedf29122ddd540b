//===- transfer.cc - Copies and fills on a stream -------------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/vulkan/transfer.h"

#include <algorithm>
#include <cstring>

namespace mgpu::vulkan {
namespace {

void CopyBuffer(const Device &device, VkCommandBuffer commands, VkBuffer src,
                uint64_t srcOffset, VkBuffer dst, uint64_t dstOffset,
                uint64_t bytes) {
  VkBufferCopy region = {srcOffset, dstOffset, bytes};
  device.vk.vkCmdCopyBuffer(commands, src, dst, 1, &region);
}

/// A copy between two allocations; through a staging buffer when both are
/// one buffer and the ranges overlap, which vkCmdCopyBuffer does not allow.
Status CopyOnDevice(Device &device, Stream &stream, const Place &dst,
                    const Place &src, uint64_t bytes) {
  bool overlap = dst.buffer.buffer == src.buffer.buffer &&
                 dst.offset < src.offset + bytes &&
                 src.offset < dst.offset + bytes;
  return stream.Record("copy", [&](Stream::Recorder &recorder) -> Status {
    if (!overlap) {
      CopyBuffer(device, recorder.commands(), src.buffer.buffer, src.offset,
                 dst.buffer.buffer, dst.offset, bytes);
      return OkStatus();
    }
    MGPU_ASSIGN_OR_RETURN(Buffer staging, CreateBuffer(device, bytes, false));
    recorder.Keep(staging);
    CopyBuffer(device, recorder.commands(), src.buffer.buffer, src.offset,
               staging.buffer, 0, bytes);
    VkMemoryBarrier barrier = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, nullptr,
                               VK_ACCESS_TRANSFER_WRITE_BIT,
                               VK_ACCESS_TRANSFER_READ_BIT};
    device.vk.vkCmdPipelineBarrier(
        recorder.commands(), VK_PIPELINE_STAGE_TRANSFER_BIT,
        VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 1, &barrier, 0, nullptr, 0, nullptr);
    CopyBuffer(device, recorder.commands(), staging.buffer, 0,
               dst.buffer.buffer, dst.offset, bytes);
    return OkStatus();
  });
}

/// From plain host memory, read now, into an allocation.
Status CopyFromHost(Device &device, Stream &stream, const Place &dst,
                    const void *src, uint64_t bytes) {
  MGPU_ASSIGN_OR_RETURN(Buffer staging, CreateBuffer(device, bytes, true));
  std::memcpy(staging.mapped, src, bytes);
  Status recorded =
      stream.Record("copy", [&](Stream::Recorder &recorder) -> Status {
        recorder.Keep(staging);
        CopyBuffer(device, recorder.commands(), staging.buffer, 0,
                   dst.buffer.buffer, dst.offset, bytes);
        return OkStatus();
      });
  return recorded;
}

/// From an allocation into plain host memory, written before it returns:
/// the stream is synchronized, which ends the copy from the staging buffer.
Status CopyToHost(Device &device, Stream &stream, void *dst, const Place &src,
                  uint64_t bytes) {
  MGPU_ASSIGN_OR_RETURN(Buffer staging, CreateBuffer(device, bytes, true));
  MGPU_RETURN_IF_ERROR(
      stream.Record("copy", [&](Stream::Recorder &recorder) -> Status {
        recorder.Keep(staging);
        CopyBuffer(device, recorder.commands(), src.buffer.buffer, src.offset,
                   staging.buffer, 0, bytes);
        char *from = staging.mapped;
        recorder.AtCompletion(
            [dst, from, bytes] { std::memcpy(dst, from, bytes); });
        return OkStatus();
      }));
  return stream.Synchronize();
}

} // namespace

Status Copy(Device &device, Stream &stream, void *dst, const void *src,
            size_t bytes) {
  AllocationTable &table = AllocationTable::Get();
  MGPU_ASSIGN_OR_RETURN(std::optional<Place> to,
                        table.Find(dst, bytes, "copy's destination"));
  MGPU_ASSIGN_OR_RETURN(std::optional<Place> from,
                        table.Find(src, bytes, "copy's source"));
  if (to && from)
    return CopyOnDevice(device, stream, *to, *from, bytes);
  if (to)
    return CopyFromHost(device, stream, *to, src, bytes);
  if (from)
    return CopyToHost(device, stream, dst, *from, bytes);
  // Host to host: in the stream's order, as the host backend does.
  MGPU_RETURN_IF_ERROR(stream.Synchronize());
  std::memmove(dst, src, bytes);
  return OkStatus();
}

Status Fill(Device &device, Stream &stream, void *dst, uint32_t value,
            size_t count, int elementBytes) {
  const uint64_t bytes = uint64_t(count) * elementBytes;
  MGPU_ASSIGN_OR_RETURN(std::optional<Place> to,
                        AllocationTable::Get().Find(dst, bytes, "fill"));
  if (!to)
    return RuntimeError(MGPU_ERROR_INVALID_VALUE,
                        StrCat("cannot set ", bytes, " bytes at ", dst,
                               ": it is not memory from mgpuMemAlloc, nor "
                               "registered host memory (the Vulkan backend "
                               "fills only those)"));
  const uint32_t pattern =
      elementBytes == 2 ? (value & 0xffff) * 0x10001u : value;
  // vkCmdFillBuffer writes whole words at word offsets; the rest (a 16-bit
  // fill's odd start or end) comes from a staging buffer.
  const bool aligned = to->offset % 4 == 0;
  const uint64_t filled = aligned ? bytes / 4 * 4 : 0;
  const uint64_t rest = bytes - filled;
  std::optional<Buffer> staging;
  if (rest) {
    MGPU_ASSIGN_OR_RETURN(staging, CreateBuffer(device, rest, true));
    // Every element starts at a multiple of its size from `dst`.
    for (uint64_t i = 0; i < rest; i += 4)
      std::memcpy(staging->mapped + i, &pattern,
                  std::min<uint64_t>(4, rest - i));
  }
  return stream.Record("fill", [&](Stream::Recorder &recorder) -> Status {
    if (filled)
      device.vk.vkCmdFillBuffer(recorder.commands(), to->buffer.buffer,
                                to->offset, filled, pattern);
    if (staging) {
      recorder.Keep(*staging);
      CopyBuffer(device, recorder.commands(), staging->buffer, 0,
                 to->buffer.buffer, to->offset + filled, rest);
    }
    return OkStatus();
  });
}

} // namespace mgpu::vulkan
