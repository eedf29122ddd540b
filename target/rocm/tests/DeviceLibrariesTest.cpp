//===- DeviceLibrariesTest.cpp - Tests of the device library search -------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/rocm/DeviceLibraries.h"
#include "target/common/tests/FakeDirectory.h"
#include "target/common/tests/ScopedEnv.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include "gmock/gmock.h"
#include "gtest/gtest.h"

using namespace mlir::offload::rocm;
using mlir::offload::test::FakeDirectory;
using mlir::offload::test::ScopedEnv;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

namespace {

const DeviceLibrary &ocml = getDeviceLibraries()[0];
const DeviceLibrary &ockl = getDeviceLibraries()[1];
const LibraryNeed kOcml{&ocml, "__ocml_exp_f32"};
const LibraryNeed kOckl{&ockl, "__ockl_printf_begin"};

/// A ROCm root whose amdgcn/bitcode holds `files`.
void addLibraries(FakeDirectory &root,
                  std::initializer_list<llvm::StringRef> files) {
  for (llvm::StringRef file : files)
    root.addFile(("amdgcn/bitcode/" + file).str());
}

TEST(DeviceLibraries, TheOrderIsBuildDefsOne) {
  llvm::ArrayRef<llvm::StringRef> order =
      DeviceLibrarySearchPath::getDefaultSearchOrder();
  ASSERT_GE(order.size(), 3u);
  EXPECT_EQ(order[0], "$ROCM_PATH");
  EXPECT_EQ(order[1], "/opt/rocm");
  EXPECT_THAT(order, Contains("/usr/lib/x86_64-linux-gnu"));
  ScopedEnv rocmPath("ROCM_PATH", "/rocm");
  DeviceLibrarySearchPath search = DeviceLibrarySearchPath::get("/toolkit");
  llvm::ArrayRef<BitcodeDirectory> directories = search.getDirectories();
  ASSERT_EQ(directories.size(), 1 + order.size());
  EXPECT_EQ(directories[0].path, "/toolkit/amdgcn/bitcode");
  EXPECT_EQ(directories[0].origin, "the toolkit option");
  EXPECT_EQ(directories[1].path, "/rocm/amdgcn/bitcode");
  EXPECT_EQ(directories[1].origin, "$ROCM_PATH");
  for (size_t i = 2; i < directories.size(); ++i) {
    EXPECT_EQ(directories[i].path, (order[i - 1] + "/amdgcn/bitcode").str());
    EXPECT_EQ(directories[i].origin, "the default location");
  }
}

TEST(DeviceLibraries, UnsetAndEmptyRocmPathAreSkipped) {
  for (std::optional<std::string> value :
       {std::optional<std::string>(), std::optional<std::string>("")}) {
    ScopedEnv rocmPath("ROCM_PATH", value);
    DeviceLibrarySearchPath search = DeviceLibrarySearchPath::get("");
    ASSERT_EQ(search.getDirectories().size(),
              DeviceLibrarySearchPath::getDefaultSearchOrder().size() - 1);
    EXPECT_EQ(search.getDirectories()[0].path, "/opt/rocm/amdgcn/bitcode");
  }
}

TEST(DeviceLibraries, TheToolkitComesFirstAndHidesNothing) {
  FakeDirectory toolkit, rocm;
  addLibraries(toolkit, {"ocml.bc"});
  addLibraries(rocm, {"ocml.bc", "ockl.bc"});
  ScopedEnv rocmPath("ROCM_PATH", rocm.path());
  DeviceLibrarySearchPath search =
      DeviceLibrarySearchPath::get(toolkit.path(), {"$ROCM_PATH"});
  llvm::Expected<llvm::SmallVector<std::string>> math = search.choose({kOcml});
  ASSERT_TRUE(static_cast<bool>(math)) << llvm::toString(math.takeError());
  EXPECT_THAT(*math, ElementsAre(toolkit.path() + "/amdgcn/bitcode/ocml.bc"));
  // The toolkit lacks ockl: a compile that needs it takes both libraries
  // from $ROCM_PATH, never one from each.
  llvm::Expected<llvm::SmallVector<std::string>> both =
      search.choose({kOcml, kOckl});
  ASSERT_TRUE(static_cast<bool>(both)) << llvm::toString(both.takeError());
  EXPECT_THAT(*both, ElementsAre(rocm.path() + "/amdgcn/bitcode/ocml.bc",
                                 rocm.path() + "/amdgcn/bitcode/ockl.bc"));
}

TEST(DeviceLibraries, OnlyRegularFilesAreLibraries) {
  FakeDirectory rocm, fallback;
  rocm.addDirectory("amdgcn/bitcode/ocml.bc");
  addLibraries(fallback, {"ocml.bc"});
  DeviceLibrarySearchPath search =
      DeviceLibrarySearchPath::get(rocm.path(), {fallback.path()});
  llvm::Expected<llvm::SmallVector<std::string>> found = search.choose({kOcml});
  ASSERT_TRUE(static_cast<bool>(found)) << llvm::toString(found.takeError());
  EXPECT_THAT(*found, ElementsAre(fallback.path() + "/amdgcn/bitcode/ocml.bc"));
}

TEST(DeviceLibraries, NotFoundSaysWhoNeedsWhatAndWhereItLooked) {
  FakeDirectory rocm;
  addLibraries(rocm, {"ocml.bc"});
  ScopedEnv rocmPath("ROCM_PATH", rocm.path());
  DeviceLibrarySearchPath search = DeviceLibrarySearchPath::get(
      "/nonexistent", {"$ROCM_PATH", "/also/nonexistent"});
  llvm::Expected<llvm::SmallVector<std::string>> found =
      search.choose({kOcml, kOckl});
  ASSERT_FALSE(static_cast<bool>(found));
  EXPECT_EQ(llvm::toString(found.takeError()),
            "cannot find the ROCm device libraries it needs, ocml.bc (ocml, "
            "which defines __ocml_exp_f32) and ockl.bc (ockl, which defines "
            "__ockl_printf_begin); looked in:\n"
            "  /nonexistent/amdgcn/bitcode (the toolkit option): no such "
            "directory\n"
            "  " +
                rocm.path() +
                "/amdgcn/bitcode ($ROCM_PATH): no ockl.bc\n"
                "  /also/nonexistent/amdgcn/bitcode (the default location): "
                "no such directory\n"
                "Install rocm-device-libs (Debian) or set ROCM_PATH.");
}

TEST(DeviceLibraries, AModuleNeedsWhatItDeclaresOnly) {
  llvm::LLVMContext context;
  llvm::Module module("m", context);
  auto *type = llvm::FunctionType::get(llvm::Type::getVoidTy(context), false);
  auto declare = [&](llvm::StringRef name) {
    return llvm::Function::Create(type, llvm::GlobalValue::ExternalLinkage,
                                  name, module);
  };
  // Defined here: ocml is not needed for it.
  llvm::Function *own = declare("__ocml_own_f32");
  llvm::BasicBlock::Create(context, "entry", own);
  EXPECT_TRUE(findNeededLibraries(module).empty());
  declare("__ockl_printf_begin");
  declare("__ocml_exp_f32");
  declare("__ocml_sin_f32");
  llvm::SmallVector<LibraryNeed> needs = findNeededLibraries(module);
  ASSERT_EQ(needs.size(), 2u);
  EXPECT_EQ(needs[0].library, &ocml);
  EXPECT_EQ(needs[0].user, "__ocml_exp_f32");
  EXPECT_EQ(needs[1].library, &ockl);
  EXPECT_EQ(needs[1].user, "__ockl_printf_begin");
}

} // namespace
