//===- CudaToolkitTest.cpp - Tests of the CUDA toolkit search -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/cuda/CudaToolkit.h"
#include "target/common/tests/ScopedEnv.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

#include <cstdlib>

using namespace mlir::offload::cuda;
using mlir::offload::test::ScopedEnv;
using ::testing::HasSubstr;

namespace {

/// A directory with a fake toolkit layout, removed at the end of the test.
class FakeToolkit {
public:
  FakeToolkit() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("toolkit", root));
  }
  ~FakeToolkit() { llvm::sys::fs::remove_directories(root); }

  void addFile(llvm::StringRef relativePath) {
    llvm::SmallString<256> path(root);
    llvm::sys::path::append(path, relativePath);
    ASSERT_FALSE(
        llvm::sys::fs::create_directories(llvm::sys::path::parent_path(path)));
    std::error_code ec;
    llvm::raw_fd_ostream(path, ec) << "fake";
    ASSERT_FALSE(ec);
  }

  std::string path() const { return std::string(root); }

private:
  llvm::SmallString<128> root;
};

TEST(CudaToolkit, ExplicitToolkitIsTheOnlyPlaceSearched) {
  FakeToolkit toolkit;
  toolkit.addFile(kPtxasPath);
  ScopedEnv env("CUDA_PATH", "/somewhere/else");
  ToolkitSearchPath search = ToolkitSearchPath::get(toolkit.path());
  ASSERT_EQ(search.getCandidates().size(), 1u);
  llvm::Expected<std::string> ptxas = search.find(kPtxasPath);
  ASSERT_TRUE(static_cast<bool>(ptxas)) << llvm::toString(ptxas.takeError());
  EXPECT_EQ(*ptxas, toolkit.path() + "/bin/ptxas");
}

TEST(CudaToolkit, MissingFileSaysWhereItLooked) {
  FakeToolkit toolkit;
  toolkit.addFile(kPtxasPath);
  ToolkitSearchPath search = ToolkitSearchPath::get(toolkit.path());
  llvm::Expected<std::string> libdevice = search.find(kLibdevicePath);
  ASSERT_FALSE(static_cast<bool>(libdevice));
  std::string message = llvm::toString(libdevice.takeError());
  EXPECT_THAT(message, HasSubstr("cannot find the CUDA toolkit's "
                                 "nvvm/libdevice/libdevice.10.bc"));
  EXPECT_THAT(message,
              HasSubstr(toolkit.path() + "/nvvm/libdevice/libdevice.10.bc (the "
                                         "toolkit option)"));
}

TEST(CudaToolkit, EnvironmentComesBeforeTheDefaultInUpstreamsOrder) {
  FakeToolkit fromCudaRoot, fromCudaHome, fromCudaPath;
  fromCudaHome.addFile(kFatbinaryPath);
  fromCudaPath.addFile(kFatbinaryPath);
  ScopedEnv root("CUDA_ROOT", fromCudaRoot.path());
  ScopedEnv home("CUDA_HOME", fromCudaHome.path());
  ScopedEnv path("CUDA_PATH", fromCudaPath.path());
  ToolkitSearchPath search = ToolkitSearchPath::get("");
  ASSERT_EQ(search.getCandidates().size(), 4u);
  EXPECT_EQ(search.getCandidates()[0].origin, "$CUDA_ROOT");
  EXPECT_EQ(search.getCandidates()[1].origin, "$CUDA_HOME");
  EXPECT_EQ(search.getCandidates()[2].origin, "$CUDA_PATH");
  EXPECT_EQ(search.getCandidates()[3].root, "/usr/local/cuda");
  // $CUDA_ROOT has no fatbinary, so the search goes on to $CUDA_HOME, which
  // wins over $CUDA_PATH.
  llvm::Expected<std::string> fatbinary = search.find(kFatbinaryPath);
  ASSERT_TRUE(static_cast<bool>(fatbinary))
      << llvm::toString(fatbinary.takeError());
  EXPECT_EQ(*fatbinary, fromCudaHome.path() + "/bin/fatbinary");
}

TEST(CudaToolkit, UnsetAndEmptyVariablesAreSkipped) {
  ScopedEnv root("CUDA_ROOT", "");
  ScopedEnv home("CUDA_HOME", "");
  ScopedEnv path("CUDA_PATH", "");
  ToolkitSearchPath search = ToolkitSearchPath::get("");
  ASSERT_EQ(search.getCandidates().size(), 1u);
  EXPECT_EQ(search.getCandidates()[0].root, "/usr/local/cuda");
  llvm::Expected<std::string> missing = search.find("no/such/file");
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_THAT(llvm::toString(missing.takeError()),
              HasSubstr("toolkit option of gpu-module-to-binary or $CUDA_ROOT, "
                        "$CUDA_HOME, $CUDA_PATH."));
}

TEST(CudaToolkit, DirectoriesAreNotFiles) {
  FakeToolkit toolkit;
  toolkit.addFile("bin/ptxas/inside");
  llvm::Expected<std::string> ptxas =
      ToolkitSearchPath::get(toolkit.path()).find(kPtxasPath);
  EXPECT_FALSE(static_cast<bool>(ptxas));
  llvm::consumeError(ptxas.takeError());
}

} // namespace
