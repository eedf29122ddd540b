//===- CudaToolkitTest.cpp - Tests of the CUDA toolkit search -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/cuda/CudaToolkit.h"
#include "target/common/tests/FakeDirectory.h"
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
using FakeToolkit = mlir::offload::test::FakeDirectory;

constexpr llvm::StringRef kAssemblers[] = {kNvJitLinkPath, kPtxasPath};
constexpr llvm::StringRef kFatbinaries[] = {kFatbinaryPath};
constexpr llvm::StringRef kLibdevices[] = {kLibdevicePath};
const ToolkitSearchPath::Need kAssembler{kAssemblers, "to assemble"};
const ToolkitSearchPath::Need kFatbinary{kFatbinaries, "for a fatbin"};
const ToolkitSearchPath::Need kLibdevice{kLibdevices, "for __nv_expf"};

TEST(CudaToolkit, ExplicitToolkitIsTheOnlyPlaceSearched) {
  FakeToolkit toolkit;
  toolkit.addFile(kPtxasPath);
  ScopedEnv env("CUDA_PATH", "/somewhere/else");
  ToolkitSearchPath search = ToolkitSearchPath::get(toolkit.path());
  ASSERT_EQ(search.getCandidates().size(), 1u);
  llvm::Expected<Toolkit> chosen = search.choose({kAssembler});
  ASSERT_TRUE(static_cast<bool>(chosen)) << llvm::toString(chosen.takeError());
  llvm::Expected<std::string> ptxas = chosen->find(kPtxasPath);
  ASSERT_TRUE(static_cast<bool>(ptxas)) << llvm::toString(ptxas.takeError());
  EXPECT_EQ(*ptxas, toolkit.path() + "/bin/ptxas");
}

TEST(CudaToolkit, WhatNoPlaceHasSaysWhatEachLacks) {
  FakeToolkit toolkit;
  toolkit.addFile(kPtxasPath);
  ToolkitSearchPath search = ToolkitSearchPath::get(toolkit.path());
  llvm::Expected<Toolkit> chosen = search.choose({kAssembler, kLibdevice});
  ASSERT_FALSE(static_cast<bool>(chosen));
  std::string message = llvm::toString(chosen.takeError());
  EXPECT_THAT(message, HasSubstr("cannot find a CUDA toolkit with what this "
                                 "compile needs; looked in:"));
  EXPECT_THAT(message,
              HasSubstr(toolkit.path() +
                        " (the toolkit option): no "
                        "nvvm/libdevice/libdevice.10.bc (for __nv_expf)"));
}

TEST(CudaToolkit, OneToolkitHoldsEveryFileOfACompile) {
  // $CUDA_ROOT holds ptxas alone; /usr/local/cuda-like $CUDA_PATH holds
  // everything. A fatbin needs fatbinary too: the whole compile takes
  // $CUDA_PATH's files, never ptxas from one and fatbinary from the other.
  FakeToolkit onlyPtxas, complete;
  onlyPtxas.addFile(kPtxasPath);
  for (llvm::StringRef file :
       {kPtxasPath, kNvJitLinkPath, kFatbinaryPath, kLibdevicePath})
    complete.addFile(file);
  ScopedEnv root("CUDA_ROOT", onlyPtxas.path());
  ScopedEnv home("CUDA_HOME", "");
  ScopedEnv path("CUDA_PATH", complete.path());
  ToolkitSearchPath search = ToolkitSearchPath::get("");
  llvm::Expected<Toolkit> fatbin = search.choose({kAssembler, kFatbinary});
  ASSERT_TRUE(static_cast<bool>(fatbin)) << llvm::toString(fatbin.takeError());
  EXPECT_EQ(fatbin->getRoot(), complete.path());
  EXPECT_EQ(fatbin->getOrigin(), "$CUDA_PATH");
  EXPECT_EQ(llvm::cantFail(fatbin->find(kPtxasPath)),
            complete.path() + "/bin/ptxas");
  // A cubin needs an assembler only: the first place, which has ptxas.
  llvm::Expected<Toolkit> cubin = search.choose({kAssembler});
  ASSERT_TRUE(static_cast<bool>(cubin)) << llvm::toString(cubin.takeError());
  EXPECT_EQ(cubin->getRoot(), onlyPtxas.path());
  llvm::Expected<std::string> nvJitLink = cubin->find(kNvJitLinkPath);
  ASSERT_FALSE(static_cast<bool>(nvJitLink));
  EXPECT_THAT(llvm::toString(nvJitLink.takeError()),
              HasSubstr("the CUDA toolkit at " + onlyPtxas.path() +
                        " ($CUDA_ROOT) has no lib64/libnvJitLink.so"));
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
  EXPECT_EQ(search.getCandidates()[0].getOrigin(), "$CUDA_ROOT");
  EXPECT_EQ(search.getCandidates()[1].getOrigin(), "$CUDA_HOME");
  EXPECT_EQ(search.getCandidates()[2].getOrigin(), "$CUDA_PATH");
  EXPECT_EQ(search.getCandidates()[3].getRoot(), "/usr/local/cuda");
  // $CUDA_ROOT has no fatbinary, so the search goes on to $CUDA_HOME, which
  // wins over $CUDA_PATH.
  llvm::Expected<Toolkit> chosen = search.choose({kFatbinary});
  ASSERT_TRUE(static_cast<bool>(chosen)) << llvm::toString(chosen.takeError());
  EXPECT_EQ(chosen->getRoot(), fromCudaHome.path());
}

TEST(CudaToolkit, UnsetAndEmptyVariablesAreSkipped) {
  ScopedEnv root("CUDA_ROOT", "");
  ScopedEnv home("CUDA_HOME", "");
  ScopedEnv path("CUDA_PATH", "");
  ToolkitSearchPath search = ToolkitSearchPath::get("");
  ASSERT_EQ(search.getCandidates().size(), 1u);
  EXPECT_EQ(search.getCandidates()[0].getRoot(), "/usr/local/cuda");
  constexpr llvm::StringRef kNothings[] = {"no/such/file"};
  llvm::Expected<Toolkit> missing =
      search.choose({ToolkitSearchPath::Need{kNothings, "nothing"}});
  ASSERT_FALSE(static_cast<bool>(missing));
  EXPECT_THAT(llvm::toString(missing.takeError()),
              HasSubstr("toolkit option of gpu-module-to-binary or $CUDA_ROOT, "
                        "$CUDA_HOME, $CUDA_PATH."));
}

TEST(CudaToolkit, DirectoriesAreNotFiles) {
  FakeToolkit toolkit;
  toolkit.addFile("bin/ptxas/inside");
  llvm::Expected<Toolkit> chosen =
      ToolkitSearchPath::get(toolkit.path()).choose({kAssembler});
  EXPECT_FALSE(static_cast<bool>(chosen));
  llvm::consumeError(chosen.takeError());
}

} // namespace
