//===- HostKernelAbi.cpp - What libmgpu's host backend looks up -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostKernelAbi.h"

#include "abi/RuntimeAbi.h"
#include "mgpu/mgpu.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"

using namespace mlir;
using namespace mlir::offload;

/// A name that is still free in `module`, or an error at `op`.
static LogicalResult checkFree(gpu::GPUModuleOp module, Operation *op,
                               StringRef name) {
  if (!module.lookupSymbol(name))
    return success();
  return op->emitError() << "the host target needs the symbol @" << name
                         << " for this kernel, and the module already has one";
}

/// The parameter sizes, for the runtime to copy them at launch; none (null)
/// for a kernel without parameters.
static LLVM::GlobalOp createParamSizes(OpBuilder &b, Location loc,
                                       StringRef name,
                                       ArrayRef<int32_t> sizes) {
  if (sizes.empty())
    return nullptr;
  Type i32 = b.getI32Type();
  return LLVM::GlobalOp::create(
      b, loc, LLVM::LLVMArrayType::get(i32, sizes.size()),
      /*isConstant=*/true, LLVM::Linkage::Internal, name,
      DenseElementsAttr::get(
          RankedTensorType::get({static_cast<int64_t>(sizes.size())}, i32),
          sizes));
}

/// run(void **params, const MgpuHostBlock *block): loads each parameter from
/// where params[i] points, and calls the kernel.
static LLVM::LLVMFuncOp createRunFunction(OpBuilder &b, Location loc,
                                          StringRef name,
                                          LLVM::LLVMFuncOp kernel,
                                          ArrayRef<Type> params,
                                          const DataLayout &layout) {
  Type ptr = LLVM::LLVMPointerType::get(b.getContext());
  auto run = LLVM::LLVMFuncOp::create(
      b, loc, name,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(b.getContext()),
                                  {ptr, ptr}),
      LLVM::Linkage::Internal);
  Block *entry = run.addEntryBlock(b);
  OpBuilder rb = OpBuilder::atBlockBegin(entry);
  SmallVector<Value> args = {entry->getArgument(1)};
  for (auto [i, type] : llvm::enumerate(params)) {
    Value slot = LLVM::GEPOp::create(rb, loc, ptr, ptr, entry->getArgument(0),
                                     ArrayRef<LLVM::GEPArg>{int32_t(i)});
    Value where = LLVM::LoadOp::create(rb, loc, ptr, slot);
    // The runtime aligns each copy to MGPU_HOST_PARAM_ALIGNMENT only, less
    // than a wide vector's own alignment.
    unsigned alignment = std::min<uint64_t>(layout.getTypeABIAlignment(type),
                                            MGPU_HOST_PARAM_ALIGNMENT);
    args.push_back(LLVM::LoadOp::create(rb, loc, type, where, alignment));
  }
  LLVM::CallOp::create(rb, loc, kernel, args);
  LLVM::ReturnOp::create(rb, loc, ValueRange{});
  return run;
}

/// The kernel's MgpuHostKernel, the one symbol that the object exports.
static void createDescriptor(OpBuilder &b, Location loc, StringRef name,
                             LLVM::LLVMFuncOp kernel, size_t paramCount,
                             LLVM::GlobalOp paramSizes, LLVM::LLVMFuncOp run) {
  MLIRContext *context = b.getContext();
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = b.getI32Type();
  auto descriptorType =
      abi::getStructType(context, abi::Struct::MgpuHostKernel, 64);
  auto descriptor =
      LLVM::GlobalOp::create(b, loc, descriptorType, /*isConstant=*/true,
                             LLVM::Linkage::External, name, Attribute());
  Block *init = &descriptor.getInitializerRegion().emplaceBlock();
  OpBuilder ib = OpBuilder::atBlockBegin(init);
  Value value = LLVM::UndefOp::create(ib, loc, descriptorType);
  auto insert = [&](unsigned field, Value v) {
    value = LLVM::InsertValueOp::create(ib, loc, value, v, field);
  };
  insert(abi::MgpuHostKernelField::abiVersion,
         LLVM::ConstantOp::create(ib, loc, i32, MGPU_HOST_ABI_VERSION));
  insert(abi::MgpuHostKernelField::paramCount,
         LLVM::ConstantOp::create(ib, loc, i32, paramCount));
  insert(abi::MgpuHostKernelField::paramSizes,
         paramSizes ? Value(LLVM::AddressOfOp::create(ib, loc, paramSizes))
                    : Value(LLVM::ZeroOp::create(ib, loc, ptr)));
  insert(abi::MgpuHostKernelField::run,
         LLVM::AddressOfOp::create(ib, loc, run));
  auto privateBytes = kernel->getAttrOfType<IntegerAttr>(kPrivateBytesAttrName);
  insert(abi::MgpuHostKernelField::privateBytes,
         LLVM::ConstantOp::create(ib, loc, i32,
                                  privateBytes ? privateBytes.getInt() : 0));
  insert(abi::MgpuHostKernelField::checked,
         LLVM::ConstantOp::create(ib, loc, i32,
                                  kernel->hasAttr(kCheckedAttrName) ? 1 : 0));
  namespace F = abi::MgpuHostKernelField;
  auto insertKnown = [&](StringRef attrName, const unsigned (&fields)[3]) {
    auto known = kernel->getAttrOfType<DenseI32ArrayAttr>(attrName);
    for (int d = 0; d < 3; ++d)
      insert(fields[d], LLVM::ConstantOp::create(
                            ib, loc, i32, known ? known.asArrayRef()[d] : 0));
  };
  insertKnown(kKnownBlockSizeAttrName,
              {F::knownBlockDimX, F::knownBlockDimY, F::knownBlockDimZ});
  insertKnown(kKnownGridSizeAttrName,
              {F::knownGridDimX, F::knownGridDimY, F::knownGridDimZ});
  LLVM::ReturnOp::create(ib, loc, value);
}

/// What the host backend looks up for `kernel`, which becomes internal.
static LogicalResult addEntry(gpu::GPUModuleOp module, LLVM::LLVMFuncOp kernel,
                              const DataLayout &layout) {
  Location loc = kernel.getLoc();
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  StringRef name = kernel.getSymName();
  std::string sizesName = ("__mgpu_host_param_sizes." + name).str();
  std::string runName = ("__mgpu_host_run." + name).str();
  std::string kernelName = (MGPU_HOST_KERNEL_PREFIX + name).str();
  if (failed(checkFree(module, kernel, sizesName)) ||
      failed(checkFree(module, kernel, runName)) ||
      failed(checkFree(module, kernel, kernelName)))
    return failure();

  // The first parameter is the MgpuHostBlock, which run() passes itself.
  ArrayRef<Type> params = kernel.getFunctionType().getParams().drop_front();
  SmallVector<int32_t> sizes;
  for (Type param : params)
    sizes.push_back(static_cast<int32_t>(layout.getTypeSize(param)));
  LLVM::GlobalOp paramSizes = createParamSizes(b, loc, sizesName, sizes);
  LLVM::LLVMFuncOp run =
      createRunFunction(b, loc, runName, kernel, params, layout);
  createDescriptor(b, loc, kernelName, kernel, sizes.size(), paramSizes, run);
  kernel.setLinkage(LLVM::Linkage::Internal);
  return success();
}

LogicalResult mlir::offload::addHostKernelEntries(gpu::GPUModuleOp module) {
  DataLayout layout(module);
  SmallVector<LLVM::LLVMFuncOp> kernels;
  for (auto function : module.getOps<LLVM::LLVMFuncOp>())
    if (function->hasAttr(gpu::GPUDialect::getKernelFuncAttrName()))
      kernels.push_back(function);
  for (LLVM::LLVMFuncOp kernel : kernels)
    if (failed(addEntry(module, kernel, layout)))
      return failure();
  // Only the descriptors are the shared object's interface.
  for (auto function : module.getOps<LLVM::LLVMFuncOp>())
    if (!function.isExternal())
      function.setLinkage(LLVM::Linkage::Internal);
  return success();
}
