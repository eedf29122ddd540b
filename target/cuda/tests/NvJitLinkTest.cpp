//===- NvJitLinkTest.cpp - Tests of the in-process PTX assembler ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/cuda/NvJitLink.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <cstdlib>
#include <thread>
#include <vector>

using namespace mlir::offload::cuda;
using ::testing::HasSubstr;

namespace {

/// The toolkit's libnvJitLink.so, from the files Bazel gave the test.
std::string getLibraryPath() {
  const char *files = std::getenv("NVJITLINK_FILES");
  if (!files)
    return "";
  llvm::SmallVector<llvm::StringRef> paths;
  llvm::StringRef(files).split(paths, ' ', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef path : paths)
    if (path.ends_with("libnvJitLink.so"))
      return path.str();
  return "";
}

constexpr const char *kPtx = R"(
.version 7.8
.target sm_90
.address_size 64
.visible .entry zero(.param .u64 out)
{
  .reg .b64 %rd<2>;
  .reg .b32 %r<1>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd1, %rd1;
  mov.u32 %r0, 0;
  st.global.u32 [%rd1], %r0;
  ret;
}
)";

TEST(NvJitLinkTest, MissingLibraryIsAnError) {
  llvm::Expected<const NvJitLink *> library =
      NvJitLink::load("/nonexistent/libnvJitLink.so");
  ASSERT_FALSE(library);
  EXPECT_THAT(llvm::toString(library.takeError()),
              HasSubstr("cannot load /nonexistent/libnvJitLink.so"));
}

TEST(NvJitLinkTest, OtherLibraryIsNotNvJitLink) {
  // A library that loads but has none of nvJitLink's entry points.
  llvm::Expected<const NvJitLink *> library = NvJitLink::load("libm.so.6");
  ASSERT_FALSE(library);
  EXPECT_THAT(llvm::toString(library.takeError()),
              HasSubstr("libm.so.6 is not a usable nvJitLink"));
}

TEST(NvJitLinkTest, BackgroundLoadIsSharedByEveryThread) {
  std::string path = getLibraryPath();
  ASSERT_FALSE(path.empty()) << "NVJITLINK_FILES names no libnvJitLink.so";
  NvJitLink::startLoading(path);
  // A second start is not a second load.
  NvJitLink::startLoading(path);
  std::vector<const NvJitLink *> seen(4, nullptr);
  std::vector<std::thread> threads;
  for (size_t i = 0; i < seen.size(); ++i)
    threads.emplace_back([&, i] {
      llvm::Expected<const NvJitLink *> library = NvJitLink::load(path);
      if (library)
        seen[i] = *library;
      else
        llvm::consumeError(library.takeError());
    });
  for (std::thread &thread : threads)
    thread.join();
  ASSERT_NE(seen[0], nullptr);
  for (const NvJitLink *library : seen)
    EXPECT_EQ(library, seen[0]);
  EXPECT_GE(seen[0]->getVersion(), 120u);

  llvm::Expected<NvJitLink::Output> output =
      seen[0]->assemble(kPtx, "zero", "sm_90", {"--opt-level=2"});
  ASSERT_TRUE(static_cast<bool>(output)) << llvm::toString(output.takeError());
  ASSERT_GE(output->cubin.size(), 4u);
  EXPECT_EQ(llvm::StringRef(output->cubin.data(), 4), "\x7f"
                                                      "ELF");
}

TEST(NvJitLinkTest, PtxErrorCarriesTheLog) {
  std::string path = getLibraryPath();
  ASSERT_FALSE(path.empty());
  llvm::Expected<const NvJitLink *> library = NvJitLink::load(path);
  ASSERT_TRUE(static_cast<bool>(library))
      << llvm::toString(library.takeError());
  llvm::Expected<NvJitLink::Output> output = (*library)->assemble(
      ".version 7.8\n.target sm_90\nbogus;\n", "broken", "sm_90", {});
  ASSERT_FALSE(output);
  EXPECT_THAT(llvm::toString(output.takeError()),
              HasSubstr("nvJitLink failed"));
}

} // namespace
