//===- TargetModelTest.cpp - The target model every target shares ---------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/TargetModel.h"

#include "dialects/OffloadDialect.h"
#include "dialects/host/HostTargetAttr.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <string>

using namespace mlir;
using namespace mlir::offload;

namespace {

/// A target that compiles a module to its name, counting what it is asked.
struct NameTarget {
  using Attr = HostTargetAttr;
  static constexpr llvm::StringLiteral name = "#offload.name";
  static inline int initializations = 0;
  static inline int serializations = 0;

  static void initializeBackends() { ++initializations; }

  static std::optional<SmallVector<char, 0>>
  serialize(gpu::GPUModuleOp module, HostTargetAttr target,
            const gpu::TargetOptions &options) {
    ++serializations;
    StringRef name = module.getName();
    return SmallVector<char, 0>(name.begin(), name.end());
  }
};

constexpr llvm::StringLiteral kInput = R"mlir(
  gpu.module @kernels [#offload.host] {
    llvm.func @scale() attributes {gpu.kernel} {
      llvm.return
    }
  }
  func.func private @host()
)mlir";

class TargetModelTest : public ::testing::Test {
protected:
  void SetUp() override {
    DialectRegistry registry;
    registry.insert<OffloadDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                    func::FuncDialect>();
    registerHostTargetAttr(registry);
    registerTargetModel<NameTarget>(registry);
    context.appendDialectRegistry(registry);
    module = parseSourceString<ModuleOp>(kInput, &context);
    ASSERT_TRUE(module);
    gpuModule = *module->getOps<gpu::GPUModuleOp>().begin();
    target = dyn_cast<gpu::TargetAttrInterface>(gpuModule.getTargetsAttr()[0]);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  gpu::GPUModuleOp gpuModule;
  gpu::TargetAttrInterface target;
};

TEST_F(TargetModelTest, CompilesThroughTheTargetAndInitializesOnce) {
  ASSERT_TRUE(target) << "the model is not attached";
  int serializations = NameTarget::serializations;
  gpu::TargetOptions options;
  std::optional<SmallVector<char, 0>> first =
      target.serializeToObject(gpuModule, options);
  std::optional<SmallVector<char, 0>> second =
      target.serializeToObject(gpuModule, options);
  ASSERT_TRUE(first && second);
  EXPECT_EQ(std::string(first->begin(), first->end()), "kernels");
  EXPECT_EQ(NameTarget::serializations, serializations + 2);
  EXPECT_EQ(NameTarget::initializations, 1);
}

TEST_F(TargetModelTest, MakesAnObjectWithTheModulesKernels) {
  ASSERT_TRUE(target);
  gpu::TargetOptions options({}, {}, {}, {}, gpu::CompilationTarget::Binary);
  SmallVector<char, 0> bytes{'o', 'b', 'j'};
  auto object = dyn_cast_or_null<gpu::ObjectAttr>(
      target.createObject(gpuModule, bytes, options));
  ASSERT_TRUE(object);
  EXPECT_EQ(object.getTarget(), gpuModule.getTargetsAttr()[0]);
  EXPECT_EQ(object.getFormat(), gpu::CompilationTarget::Binary);
  EXPECT_EQ(object.getObject().getValue(), "obj");
  ASSERT_TRUE(object.getKernels());
  EXPECT_EQ(object.getKernels().size(), 1u);
  EXPECT_TRUE(object.getKernels().lookup("scale"));
}

TEST_F(TargetModelTest, RefusesWhatIsNotAGpuModule) {
  ASSERT_TRUE(target);
  std::string message;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &diagnostic) {
    message = diagnostic.str();
    return success();
  });
  int serializations = NameTarget::serializations;
  Operation *host = *module->getOps<func::FuncOp>().begin();
  gpu::TargetOptions options;
  EXPECT_FALSE(target.serializeToObject(host, options));
  EXPECT_EQ(message, "#offload.name compiles gpu.module ops only");
  EXPECT_EQ(NameTarget::serializations, serializations);
}

} // namespace
