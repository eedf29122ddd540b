//===- RuntimeAbiTest.cpp - The ABI table's IR types against C ------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Compiled code builds the runtime's structs with the IR types of
// RuntimeAbi.h, the runtime reads them as the C structs of mgpu.h: both come
// from mgpu_abi.def, and here each struct's IR layout on this machine is
// checked against the C compiler's, field by field.
//
//===----------------------------------------------------------------------===//

#include "abi/RuntimeAbi.h"

#include "mgpu/mgpu.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/TypeToLLVM.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Host.h"

#include "gtest/gtest.h"

#include <cstddef>
#include <memory>
#include <vector>

using namespace mlir;

namespace {

struct CLayout {
  const char *name;
  size_t size;
  std::vector<size_t> offsets;
};

const CLayout kCLayouts[] = {
#define MGPU_STRUCT_BEGIN(name)                                                \
  {                                                                            \
    #name, sizeof(name), [] {                                                   \
     using Struct = name;                                                      \
     return std::vector<size_t>{
#define MGPU_FIELD(type, kind, field) offsetof(Struct, field),
#define MGPU_STRUCT_END(name)                                                  \
  }                                                                            \
  ;                                                                            \
  }                                                                            \
  ()                                                                           \
  }                                                                            \
  ,
#include "mgpu/mgpu_abi.def"
};

std::unique_ptr<llvm::TargetMachine> hostMachine() {
  llvm::InitializeNativeTarget();
  llvm::Triple triple(llvm::sys::getProcessTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return nullptr;
  return std::unique_ptr<llvm::TargetMachine>(
      target->createTargetMachine(triple, "generic", "", {}, std::nullopt));
}

TEST(RuntimeAbi, StructLayoutsMatchTheCCompilers) {
  std::unique_ptr<llvm::TargetMachine> machine = hostMachine();
  ASSERT_NE(machine, nullptr);
  llvm::DataLayout layout = machine->createDataLayout();
  MLIRContext context;
  context.loadDialect<LLVM::LLVMDialect>();
  llvm::LLVMContext llvmContext;
  LLVM::TypeToLLVMIRTranslator translator(llvmContext);
  unsigned intPtrBits = layout.getPointerSizeInBits();

  ASSERT_GT(std::size(kCLayouts), 0u);
  for (size_t i = 0; i < std::size(kCLayouts); ++i) {
    const CLayout &c = kCLayouts[i];
    auto *type = cast<llvm::StructType>(
        translator.translateType(offload::abi::getStructType(
            &context, static_cast<offload::abi::Struct>(i), intPtrBits)));
    const llvm::StructLayout *ir = layout.getStructLayout(type);
    EXPECT_EQ(ir->getSizeInBytes(), c.size) << c.name;
    ASSERT_EQ(type->getNumElements(), c.offsets.size()) << c.name;
    for (size_t field = 0; field < c.offsets.size(); ++field)
      EXPECT_EQ(ir->getElementOffset(field), c.offsets[field])
          << c.name << " field " << field;
  }
}

TEST(RuntimeAbi, EntryPointsHaveTheirTableTypes) {
  MLIRContext context;
  context.loadDialect<LLVM::LLVMDialect>();
  EXPECT_EQ(offload::abi::getName(offload::abi::EntryPoint::mgpuLaunchKernel),
            "mgpuLaunchKernel");
  LLVM::LLVMFunctionType launch = offload::abi::getFunctionType(
      &context, offload::abi::EntryPoint::mgpuLaunchKernel, /*intPtrBits=*/64);
  EXPECT_EQ(launch.getNumParams(), 12u);
  EXPECT_TRUE(isa<LLVM::LLVMVoidType>(launch.getReturnType()));
  // intptr_t follows the target; the i64 of upstream's declarations does not.
  LLVM::LLVMFunctionType narrow = offload::abi::getFunctionType(
      &context, offload::abi::EntryPoint::mgpuLaunchKernel, /*intPtrBits=*/32);
  EXPECT_EQ(narrow.getParamType(1), IntegerType::get(&context, 32));
  EXPECT_EQ(narrow.getParamType(11), IntegerType::get(&context, 64));
  LLVM::LLVMFunctionType alloc = offload::abi::getFunctionType(
      &context, offload::abi::EntryPoint::mgpuMemAlloc, /*intPtrBits=*/64);
  EXPECT_EQ(alloc.getParamType(2), IntegerType::get(&context, 8));
  LLVM::LLVMFunctionType create = offload::abi::getFunctionType(
      &context, offload::abi::EntryPoint::mgpuStreamCreate, /*intPtrBits=*/64);
  EXPECT_EQ(create.getNumParams(), 0u);
  EXPECT_TRUE(isa<LLVM::LLVMPointerType>(create.getReturnType()));
}

} // namespace
