//===- ObjectCache.cpp - Compiled objects on disk, by content -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/ObjectCache.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/EndianStream.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>

#define DEBUG_TYPE "offload-object-cache"

using namespace llvm;

namespace mlir::offload {

//===----------------------------------------------------------------------===//
// CacheKey
//===----------------------------------------------------------------------===//

CacheKey &CacheKey::add(StringRef field) {
  add(static_cast<uint64_t>(field.size()));
  hasher.update(field);
  return *this;
}

CacheKey &CacheKey::add(uint64_t field) {
  uint8_t bytes[sizeof(field)];
  support::endian::write64le(bytes, field);
  hasher.update(bytes);
  return *this;
}

CacheKey &CacheKey::addFileIdentity(StringRef path) {
  add(path);
  sys::fs::file_status status;
  if (sys::fs::status(path, status))
    return add("missing");
  add(status.getSize());
  add(static_cast<uint64_t>(
      status.getLastModificationTime().time_since_epoch().count()));
  return *this;
}

std::string CacheKey::finalize() { return toHex(hasher.result(), true); }

//===----------------------------------------------------------------------===//
// Entry format
//===----------------------------------------------------------------------===//

// "OFFLOADC", a format version, the SHA-256 of the key and the body, then the
// body: the object's size and bytes, the number of remarks, and each remark's
// size and bytes; integers little-endian.
static constexpr StringLiteral kMagic = "OFFLOADC";
static constexpr uint32_t kFormatVersion = 1;
static constexpr size_t kChecksumSize = 32;
static constexpr size_t kHeaderSize =
    kMagic.size() + sizeof(uint32_t) + kChecksumSize;

static std::array<uint8_t, 32> checksum(StringRef key, StringRef body) {
  SHA256 hasher;
  hasher.update(key);
  hasher.update(body);
  return hasher.final();
}

static std::string encodeEntry(StringRef key, const CachedObject &entry) {
  std::string body;
  raw_string_ostream os(body);
  support::endian::Writer writer(os, endianness::little);
  writer.write<uint64_t>(entry.object.size());
  os << StringRef(entry.object.data(), entry.object.size());
  writer.write<uint32_t>(entry.remarks.size());
  for (const std::string &remark : entry.remarks) {
    writer.write<uint32_t>(remark.size());
    os << remark;
  }

  std::string encoded;
  raw_string_ostream out(encoded);
  out << kMagic;
  support::endian::Writer(out, endianness::little)
      .write<uint32_t>(kFormatVersion);
  std::array<uint8_t, 32> sum = checksum(key, body);
  out << StringRef(reinterpret_cast<const char *>(sum.data()), sum.size());
  out << body;
  return encoded;
}

namespace {
/// Reads little-endian fields from a byte range, failing past its end.
class Reader {
public:
  explicit Reader(StringRef data) : data(data) {}

  template <typename T> std::optional<T> read() {
    if (data.size() < sizeof(T))
      return std::nullopt;
    T value = support::endian::read<T, endianness::little>(data.data());
    data = data.drop_front(sizeof(T));
    return value;
  }

  std::optional<StringRef> readBytes(uint64_t size) {
    if (data.size() < size)
      return std::nullopt;
    StringRef bytes = data.take_front(size);
    data = data.drop_front(size);
    return bytes;
  }

  bool atEnd() const { return data.empty(); }

private:
  StringRef data;
};
} // namespace

static std::optional<CachedObject> decodeEntry(StringRef key,
                                               StringRef encoded) {
  if (encoded.size() < kHeaderSize || !encoded.starts_with(kMagic))
    return std::nullopt;
  Reader header(encoded.drop_front(kMagic.size()));
  if (header.read<uint32_t>() != kFormatVersion)
    return std::nullopt;
  StringRef storedSum = *header.readBytes(kChecksumSize);
  StringRef body = encoded.drop_front(kHeaderSize);
  std::array<uint8_t, 32> sum = checksum(key, body);
  if (storedSum !=
      StringRef(reinterpret_cast<const char *>(sum.data()), sum.size()))
    return std::nullopt;

  // The checksum matched, so the fields are as written; the reads are checked
  // all the same, as a hash collision must not become an out-of-bounds read.
  Reader reader(body);
  CachedObject entry;
  std::optional<uint64_t> objectSize = reader.read<uint64_t>();
  std::optional<StringRef> object =
      objectSize ? reader.readBytes(*objectSize) : std::nullopt;
  std::optional<uint32_t> remarkCount = reader.read<uint32_t>();
  if (!object || !remarkCount)
    return std::nullopt;
  entry.object.assign(object->begin(), object->end());
  for (uint32_t i = 0; i < *remarkCount; ++i) {
    std::optional<uint32_t> size = reader.read<uint32_t>();
    std::optional<StringRef> remark =
        size ? reader.readBytes(*size) : std::nullopt;
    if (!remark)
      return std::nullopt;
    entry.remarks.push_back(remark->str());
  }
  if (!reader.atEnd())
    return std::nullopt;
  return entry;
}

//===----------------------------------------------------------------------===//
// ObjectCache
//===----------------------------------------------------------------------===//

static constexpr uint64_t kDefaultMaxSize = 1ull << 30;

static Expected<uint64_t> parseSize(StringRef text) {
  auto invalid = [&] {
    return createStringError(
        "OFFLOAD_CACHE_SIZE=" + text +
        ": expected a positive number of bytes, with an optional K, M or G");
  };
  uint64_t scale = 1;
  StringRef digits = text;
  if (!digits.empty()) {
    switch (toUpper(digits.back())) {
    case 'K':
      scale = 1ull << 10;
      break;
    case 'M':
      scale = 1ull << 20;
      break;
    case 'G':
      scale = 1ull << 30;
      break;
    }
    if (scale != 1)
      digits = digits.drop_back();
  }
  uint64_t value;
  if (digits.empty() || !llvm::all_of(digits, isDigit) ||
      digits.getAsInteger(10, value) || value == 0 ||
      value > UINT64_MAX / scale)
    return invalid();
  return value * scale;
}

Expected<std::optional<ObjectCache>> ObjectCache::fromEnvironment() {
  std::optional<std::string> enabled = sys::Process::GetEnv("OFFLOAD_CACHE");
  if (enabled && *enabled != "on" && *enabled != "off")
    return createStringError("OFFLOAD_CACHE=" + *enabled +
                             ": expected `on` or `off`");
  if (enabled && *enabled == "off")
    return std::nullopt;

  uint64_t maxSize = kDefaultMaxSize;
  if (std::optional<std::string> size =
          sys::Process::GetEnv("OFFLOAD_CACHE_SIZE")) {
    Expected<uint64_t> parsed = parseSize(*size);
    if (!parsed)
      return parsed.takeError();
    maxSize = *parsed;
  }

  std::optional<std::string> directory =
      sys::Process::GetEnv("OFFLOAD_CACHE_DIR");
  if (directory && directory->empty())
    return createStringError(
        "OFFLOAD_CACHE_DIR is empty: name a directory, or set "
        "OFFLOAD_CACHE=off");
  if (!directory) {
    SmallString<128> path;
    if (std::optional<std::string> xdg = sys::Process::GetEnv("XDG_CACHE_HOME");
        xdg && sys::path::is_absolute(*xdg)) {
      path = *xdg;
    } else if (std::optional<std::string> home = sys::Process::GetEnv("HOME");
               home && sys::path::is_absolute(*home)) {
      path = *home;
      sys::path::append(path, ".cache");
    } else {
      LLVM_DEBUG(dbgs() << "no cache: neither $XDG_CACHE_HOME nor $HOME\n");
      return std::nullopt;
    }
    sys::path::append(path, "mlir-offload");
    directory = std::string(path);
  }
  return ObjectCache(std::move(*directory), maxSize);
}

ObjectCache::ObjectCache(std::string directory, uint64_t maxSize)
    : directory(std::move(directory)), maxSize(maxSize) {}

// Sixteen shards keep directories short and let trim() see every entry with
// one walk.
std::string ObjectCache::getEntryPath(StringRef key) const {
  SmallString<256> path(directory);
  sys::path::append(path, key.take_front(1), key);
  return std::string(path);
}

/// Opens the entry at `path` for reading if it is a regular file, and only
/// then: a FIFO would block the open or the read, a device never end, and a
/// symbolic link lead anywhere. -1 when there is none; `notRegular` when
/// something else stands there.
static int openEntry(const std::string &path, bool &notRegular) {
  notRegular = false;
  int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    // O_NOFOLLOW fails on a symbolic link with ELOOP.
    notRegular = errno == ELOOP;
    return -1;
  }
  struct stat status;
  if (::fstat(fd, &status) != 0 || !S_ISREG(status.st_mode)) {
    ::close(fd);
    notRegular = true;
    return -1;
  }
  return fd;
}

std::optional<CachedObject> ObjectCache::lookup(StringRef key) const {
  std::string path = getEntryPath(key);
  bool notRegular;
  int fd = openEntry(path, notRegular);
  if (fd < 0) {
    if (notRegular) {
      LLVM_DEBUG(dbgs() << "entry that is not a regular file removed: " << path
                        << "\n");
      // unlink itself: sys::fs::remove leaves FIFOs and devices alone.
      if (::unlink(path.c_str()) != 0 && errno == EISDIR)
        ::rmdir(path.c_str());
    }
    LLVM_DEBUG(dbgs() << "miss " << key << "\n");
    return std::nullopt;
  }
  auto closeFile = make_scope_exit([&] { ::close(fd); });
  ErrorOr<std::unique_ptr<MemoryBuffer>> buffer =
      MemoryBuffer::getOpenFile(fd, path, /*FileSize=*/-1,
                                /*RequiresNullTerminator=*/false);
  std::optional<CachedObject> entry =
      buffer ? decodeEntry(key, (*buffer)->getBuffer()) : std::nullopt;
  if (!entry) {
    LLVM_DEBUG(dbgs() << "corrupt entry removed: " << path << "\n");
    sys::fs::remove(path);
    return std::nullopt;
  }
  // The modification time orders entries for trim(): a hit is a use.
  (void)sys::fs::setLastAccessAndModificationTime(
      fd, std::chrono::system_clock::now());
  LLVM_DEBUG(dbgs() << "hit " << key << "\n");
  return entry;
}

/// Bytes this process stored since it last trimmed, and whether it has yet.
static std::atomic<uint64_t> bytesSinceTrim{0};
static std::atomic<bool> trimmedOnce{false};

void ObjectCache::store(StringRef key, const CachedObject &entry) const {
  std::string path = getEntryPath(key);
  StringRef shard = sys::path::parent_path(path);
  if (std::error_code ec = sys::fs::create_directories(shard)) {
    LLVM_DEBUG(dbgs() << "cannot create " << shard << ": " << ec.message()
                      << "\n");
    return;
  }
  std::string encoded = encodeEntry(key, entry);
  int fd;
  SmallString<256> temporary;
  if (std::error_code ec = sys::fs::createUniqueFile(path + ".tmp-%%%%%%%%%%%%",
                                                     fd, temporary)) {
    LLVM_DEBUG(dbgs() << "cannot create a file in " << shard << ": "
                      << ec.message() << "\n");
    return;
  }
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << encoded;
    os.close();
    if (os.has_error()) {
      LLVM_DEBUG(dbgs() << "cannot write " << temporary << ": "
                        << os.error().message() << "\n");
      os.clear_error();
      sys::fs::remove(temporary);
      return;
    }
  }
  if (std::error_code ec = sys::fs::rename(temporary, path)) {
    LLVM_DEBUG(dbgs() << "cannot rename " << temporary << ": " << ec.message()
                      << "\n");
    sys::fs::remove(temporary);
    return;
  }
  LLVM_DEBUG(dbgs() << "stored " << key << " (" << encoded.size()
                    << " bytes)\n");

  uint64_t written = bytesSinceTrim.fetch_add(encoded.size()) + encoded.size();
  if (!trimmedOnce.exchange(true) || written > maxSize / 10) {
    bytesSinceTrim = 0;
    trim();
  }
}

static bool isEntryName(StringRef name) {
  return name.size() == 64 && llvm::all_of(name, isHexDigit);
}

void ObjectCache::trim() const {
  struct Entry {
    std::string path;
    uint64_t size;
    sys::TimePoint<> used;
  };
  std::vector<Entry> entries;
  uint64_t total = 0;
  auto staleBefore = std::chrono::system_clock::now() - std::chrono::hours(1);
  std::error_code ec;
  for (sys::fs::directory_iterator shard(directory, ec), end;
       !ec && shard != end; shard.increment(ec)) {
    if (shard->type() != sys::fs::file_type::directory_file ||
        sys::path::filename(shard->path()).size() != 1)
      continue;
    std::error_code shardError;
    for (sys::fs::directory_iterator file(shard->path(), shardError);
         !shardError && file != end; file.increment(shardError)) {
      StringRef name = sys::path::filename(file->path());
      sys::fs::file_status status;
      if (sys::fs::status(file->path(), status))
        continue;
      if (name.contains(".tmp-")) {
        // A writer that died left it; a live one finishes in seconds.
        if (status.getLastModificationTime() < staleBefore)
          sys::fs::remove(file->path());
        continue;
      }
      if (!isEntryName(name))
        continue;
      entries.push_back(
          {file->path(), status.getSize(), status.getLastModificationTime()});
      total += status.getSize();
    }
  }
  if (total <= maxSize)
    return;
  llvm::sort(entries,
             [](const Entry &a, const Entry &b) { return a.used < b.used; });
  uint64_t target = maxSize / 10 * 8;
  for (const Entry &entry : entries) {
    if (total <= target)
      break;
    if (!sys::fs::remove(entry.path))
      total -= entry.size;
  }
  LLVM_DEBUG(dbgs() << "trimmed " << directory << " to " << total
                    << " bytes\n");
}

} // namespace mlir::offload
