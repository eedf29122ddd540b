//===- ObjectCacheTest.cpp - The object cache on disk ---------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/ObjectCache.h"
#include "target/common/tests/ScopedEnv.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <sys/stat.h>

#include <chrono>
#include <cstdlib>
#include <thread>
#include <vector>

using namespace llvm;
using namespace mlir::offload;
using mlir::offload::test::ScopedEnv;

namespace {

class ObjectCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("object-cache-test", root));
  }
  void TearDown() override { sys::fs::remove_directories(root); }

  static std::string keyOf(StringRef text) {
    return CacheKey().add(text).finalize();
  }

  static CachedObject objectOf(StringRef bytes,
                               std::vector<std::string> remarks = {}) {
    CachedObject entry;
    entry.object.assign(bytes.begin(), bytes.end());
    entry.remarks = std::move(remarks);
    return entry;
  }

  std::string entryPath(StringRef key) const {
    SmallString<256> path(root);
    sys::path::append(path, key.take_front(1), key);
    return std::string(path);
  }

  uint64_t totalSize() const {
    uint64_t total = 0;
    std::error_code ec;
    for (sys::fs::recursive_directory_iterator it(root, ec), end;
         !ec && it != end; it.increment(ec)) {
      uint64_t size;
      if (it->type() == sys::fs::file_type::regular_file &&
          !sys::fs::file_size(it->path(), size))
        total += size;
    }
    return total;
  }

  SmallString<128> root;
};

TEST_F(ObjectCacheTest, KeysAreLengthPrefixed) {
  EXPECT_NE(CacheKey().add("ab").add("c").finalize(),
            CacheKey().add("a").add("bc").finalize());
  EXPECT_EQ(CacheKey().add("ab").add(7).finalize(),
            CacheKey().add("ab").add(7).finalize());
  EXPECT_EQ(CacheKey().add("x").finalize().size(), 64u);
}

TEST_F(ObjectCacheTest, FileIdentityFollowsTheFile) {
  SmallString<256> file(root);
  sys::path::append(file, "tool");
  {
    std::error_code ec;
    raw_fd_ostream(file, ec) << "version 1";
  }
  std::string first = CacheKey().addFileIdentity(file).finalize();
  EXPECT_EQ(first, CacheKey().addFileIdentity(file).finalize());
  {
    std::error_code ec;
    raw_fd_ostream(file, ec) << "version 1.1";
  }
  EXPECT_NE(first, CacheKey().addFileIdentity(file).finalize());
  sys::fs::remove(file);
  EXPECT_NE(first, CacheKey().addFileIdentity(file).finalize());
}

TEST_F(ObjectCacheTest, StoredEntriesComeBackWhole) {
  ObjectCache cache(std::string(root), 1 << 20);
  std::string key = keyOf("module");
  EXPECT_FALSE(cache.lookup(key));
  std::string bytes("\x7f"
                    "ELF\0\1\2",
                    7);
  cache.store(key, objectOf(bytes, {"ptxas for sm_90:\nUsed 8 registers", ""}));
  std::optional<CachedObject> hit = cache.lookup(key);
  ASSERT_TRUE(hit);
  EXPECT_EQ(StringRef(hit->object.data(), hit->object.size()), bytes);
  ASSERT_EQ(hit->remarks.size(), 2u);
  EXPECT_EQ(hit->remarks[0], "ptxas for sm_90:\nUsed 8 registers");
  EXPECT_EQ(hit->remarks[1], "");
  EXPECT_FALSE(cache.lookup(keyOf("another module")));
}

TEST_F(ObjectCacheTest, DamagedEntriesAreRemovedNotTrusted) {
  ObjectCache cache(std::string(root), 1 << 20);
  auto damage = [&](StringRef key, auto edit) {
    cache.store(key, objectOf("an object of some length"));
    std::string path = entryPath(key);
    auto buffer = MemoryBuffer::getFile(path);
    ASSERT_TRUE(buffer);
    std::string data = (*buffer)->getBuffer().str();
    edit(data);
    std::error_code ec;
    raw_fd_ostream(path, ec) << data;
    EXPECT_FALSE(cache.lookup(key));
    EXPECT_FALSE(sys::fs::exists(path));
  };
  damage(keyOf("flipped"), [](std::string &data) { data[data.size() - 3]++; });
  damage(keyOf("truncated"),
         [](std::string &data) { data.resize(data.size() / 2); });
  damage(keyOf("extended"), [](std::string &data) { data += "x"; });
  damage(keyOf("magic"), [](std::string &data) { data[0] = 'X'; });
  damage(keyOf("empty"), [](std::string &data) { data.clear(); });

  // An entry renamed to another key does not stand for that key.
  std::string original = keyOf("original"), other = keyOf("other");
  cache.store(original, objectOf("bytes"));
  sys::fs::create_directories(sys::path::parent_path(entryPath(other)));
  ASSERT_FALSE(sys::fs::copy_file(entryPath(original), entryPath(other)));
  EXPECT_FALSE(cache.lookup(other));
  EXPECT_TRUE(cache.lookup(original));
}

TEST_F(ObjectCacheTest, EntriesThatAreNotRegularFilesAreNeverRead) {
  ObjectCache cache(std::string(root), 1 << 20);
  auto standIn = [&](StringRef key, auto make) {
    std::string path = entryPath(key);
    ASSERT_FALSE(sys::fs::create_directories(sys::path::parent_path(path)));
    make(path);
    // Reading a FIFO with no writer would block for ever, /dev/zero never
    // end: the lookup returns at once, with a miss, and clears the way.
    EXPECT_FALSE(cache.lookup(key));
    sys::fs::file_status status;
    EXPECT_TRUE(sys::fs::status(path, status, /*Follow=*/false))
        << path << " is still there";
  };
  standIn(keyOf("fifo"), [](const std::string &path) {
    ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  });
  standIn(keyOf("device"), [](const std::string &path) {
    ASSERT_FALSE(sys::fs::create_link("/dev/zero", path));
  });
  standIn(keyOf("directory"), [](const std::string &path) {
    ASSERT_FALSE(sys::fs::create_directory(path));
  });
  // A link to a sound entry is not an entry either.
  std::string real = keyOf("real"), linked = keyOf("linked");
  cache.store(real, objectOf("bytes"));
  standIn(linked, [&](const std::string &path) {
    ASSERT_FALSE(sys::fs::create_link(entryPath(real), path));
  });
  EXPECT_TRUE(cache.lookup(real));
  // A miss is stored as usual, in place of what stood there.
  cache.store(keyOf("fifo"), objectOf("compiled again"));
  EXPECT_TRUE(cache.lookup(keyOf("fifo")));
}

TEST_F(ObjectCacheTest, StaysWithinItsBound) {
  const uint64_t bound = 20000;
  ObjectCache cache(std::string(root), bound);
  std::string object(1000, 'o');
  for (int i = 0; i < 60; ++i)
    cache.store(keyOf("module " + std::to_string(i)), objectOf(object));
  EXPECT_LE(totalSize(), bound);
  // The newest entries are the ones kept.
  EXPECT_TRUE(cache.lookup(keyOf("module 59")));
  EXPECT_FALSE(cache.lookup(keyOf("module 0")));
}

TEST_F(ObjectCacheTest, TrimRemovesWhatDeadWritersLeft) {
  ObjectCache cache(std::string(root), 1);
  SmallString<256> shard(root);
  sys::path::append(shard, "a");
  ASSERT_FALSE(sys::fs::create_directories(shard));
  auto makeFile = [&](StringRef name, std::chrono::hours age) {
    SmallString<256> path(shard);
    sys::path::append(path, name);
    int fd;
    EXPECT_FALSE(sys::fs::openFileForWrite(path, fd));
    EXPECT_FALSE(sys::fs::setLastAccessAndModificationTime(
        fd, std::chrono::system_clock::now() - age));
    sys::fs::closeFile(fd);
    return std::string(path);
  };
  std::string stale = makeFile("aaaa.tmp-123456", std::chrono::hours(2));
  std::string live = makeFile("aaaa.tmp-654321", std::chrono::hours(0));
  std::string foreign = makeFile("notes.txt", std::chrono::hours(2));
  cache.trim();
  EXPECT_FALSE(sys::fs::exists(stale));
  EXPECT_TRUE(sys::fs::exists(live));
  EXPECT_TRUE(sys::fs::exists(foreign));
}

TEST_F(ObjectCacheTest, ConcurrentWritersAndReadersSeeWholeEntries) {
  ObjectCache cache(std::string(root), 1 << 20);
  std::vector<std::string> keys, objects;
  for (int i = 0; i < 4; ++i) {
    keys.push_back(keyOf("shared " + std::to_string(i)));
    objects.push_back(std::string(5000 + i, static_cast<char>('a' + i)));
  }
  std::atomic<int> wrong{0};
  std::vector<std::thread> threads;
  for (int t = 0; t < 8; ++t)
    threads.emplace_back([&, t] {
      for (int iteration = 0; iteration < 50; ++iteration) {
        int i = (t + iteration) % keys.size();
        if (std::optional<CachedObject> hit = cache.lookup(keys[i]))
          wrong +=
              StringRef(hit->object.data(), hit->object.size()) != objects[i];
        cache.store(keys[i], objectOf(objects[i]));
      }
    });
  for (std::thread &thread : threads)
    thread.join();
  EXPECT_EQ(wrong, 0);
  for (size_t i = 0; i < keys.size(); ++i)
    EXPECT_TRUE(cache.lookup(keys[i]));
}

std::string errorOf(Expected<std::optional<ObjectCache>> result) {
  return result ? "" : toString(result.takeError());
}

/// The environment's cache, which must be valid.
std::optional<ObjectCache> readCache() {
  Expected<std::optional<ObjectCache>> result = ObjectCache::fromEnvironment();
  if (!result) {
    ADD_FAILURE() << toString(result.takeError());
    return std::nullopt;
  }
  return std::move(*result);
}

TEST(ObjectCacheEnvironmentTest, ReadsItsSettings) {
  ScopedEnv home("HOME", "/home/user");
  ScopedEnv xdg("XDG_CACHE_HOME", std::nullopt);
  ScopedEnv dir("OFFLOAD_CACHE_DIR", std::nullopt);
  ScopedEnv size("OFFLOAD_CACHE_SIZE", std::nullopt);
  {
    ScopedEnv on("OFFLOAD_CACHE", std::nullopt);
    std::optional<ObjectCache> cache = readCache();
    ASSERT_TRUE(cache);
    EXPECT_EQ(cache->getDirectory(), "/home/user/.cache/mlir-offload");
  }
  {
    ScopedEnv off("OFFLOAD_CACHE", "off");
    EXPECT_FALSE(readCache());
  }
  {
    ScopedEnv xdgSet("XDG_CACHE_HOME", "/var/cache/user");
    std::optional<ObjectCache> cache = readCache();
    ASSERT_TRUE(cache);
    EXPECT_EQ(cache->getDirectory(), "/var/cache/user/mlir-offload");
  }
  {
    ScopedEnv dirSet("OFFLOAD_CACHE_DIR", "/scratch/objects");
    std::optional<ObjectCache> cache = readCache();
    ASSERT_TRUE(cache);
    EXPECT_EQ(cache->getDirectory(), "/scratch/objects");
  }
  for (const char *valid : {"1", "512", "64K", "64k", "300M", "2G"}) {
    ScopedEnv sizeSet("OFFLOAD_CACHE_SIZE", valid);
    EXPECT_EQ(errorOf(ObjectCache::fromEnvironment()), "") << valid;
  }
}

TEST(ObjectCacheEnvironmentTest, RejectsWhatMeansNothing) {
  ScopedEnv home("HOME", "/home/user");
  ScopedEnv size("OFFLOAD_CACHE_SIZE", std::nullopt);
  {
    ScopedEnv on("OFFLOAD_CACHE", "yes");
    EXPECT_EQ(errorOf(ObjectCache::fromEnvironment()),
              "OFFLOAD_CACHE=yes: expected `on` or `off`");
  }
  for (const char *invalid : {"", "0", "K", "-5", "12X", "1.5G",
                              "99999999999999999999", "17179869184G"}) {
    ScopedEnv sizeSet("OFFLOAD_CACHE_SIZE", invalid);
    EXPECT_NE(errorOf(ObjectCache::fromEnvironment()), "") << invalid;
  }
  {
    ScopedEnv dirSet("OFFLOAD_CACHE_DIR", "");
    EXPECT_NE(errorOf(ObjectCache::fromEnvironment()), "");
  }
}

TEST(ObjectCacheEnvironmentTest, NoHomeNoCache) {
  ScopedEnv home("HOME", std::nullopt);
  ScopedEnv xdg("XDG_CACHE_HOME", std::nullopt);
  ScopedEnv dir("OFFLOAD_CACHE_DIR", std::nullopt);
  ScopedEnv on("OFFLOAD_CACHE", std::nullopt);
  EXPECT_FALSE(readCache());
}

} // namespace
