//===- HostKernelAbi.cpp - What libmgpu's host backend looks up -----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/host/HostKernelAbi.h"

#include "abi/RuntimeAbi.h"
#include "conversion/host/BlockRows.h"
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

/// The parameters, loaded from where `params[i]` points.
static SmallVector<Value> loadParams(OpBuilder &b, Location loc, Value params,
                                     ArrayRef<Type> types,
                                     const DataLayout &layout) {
  Type ptr = LLVM::LLVMPointerType::get(b.getContext());
  SmallVector<Value> values;
  for (auto [i, type] : llvm::enumerate(types)) {
    Value slot = LLVM::GEPOp::create(b, loc, ptr, ptr, params,
                                     ArrayRef<LLVM::GEPArg>{int32_t(i)});
    Value where = LLVM::LoadOp::create(b, loc, ptr, slot);
    // The runtime aligns each copy to MGPU_HOST_PARAM_ALIGNMENT only, less
    // than a wide vector's own alignment.
    unsigned alignment = std::min<uint64_t>(layout.getTypeABIAlignment(type),
                                            MGPU_HOST_PARAM_ALIGNMENT);
    values.push_back(LLVM::LoadOp::create(b, loc, type, where, alignment));
  }
  return values;
}

/// The place (x, y, z, as i32) of the block of linear index `index` (i64)
/// in a grid of `gridX` by `gridY` (i32) blocks.
static SmallVector<Value> placeOf(OpBuilder &b, Location loc, Value index,
                                  Value gridX, Value gridY) {
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Value gridX64 = LLVM::ZExtOp::create(b, loc, i64, gridX);
  Value gridY64 = LLVM::ZExtOp::create(b, loc, i64, gridY);
  Value rows = LLVM::UDivOp::create(b, loc, index, gridX64);
  SmallVector<Value> place = {LLVM::URemOp::create(b, loc, index, gridX64),
                              LLVM::URemOp::create(b, loc, rows, gridY64),
                              LLVM::UDivOp::create(b, loc, rows, gridY64)};
  for (Value &v : place)
    v = LLVM::TruncOp::create(b, loc, i32, v);
  return place;
}

/// The place `blocks` (i32) after `place` (x fastest), by counting, where x
/// + `blocks` is at most the row's end: x + blocks, wrapping into y, and y
/// into z.
static SmallVector<Value> nextPlace(OpBuilder &b, Location loc,
                                    ValueRange place, Value blocks, Value gridX,
                                    Value gridY) {
  Type i32 = b.getI32Type();
  Value zero = LLVM::ConstantOp::create(b, loc, i32, 0);
  Value carry = blocks;
  SmallVector<Value> next;
  const Value sizes[2] = {gridX, gridY};
  for (auto [v, size] : llvm::zip(place.take_front(2), sizes)) {
    Value sum = LLVM::AddOp::create(b, loc, v, carry);
    Value wraps =
        LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq, sum, size);
    next.push_back(LLVM::SelectOp::create(b, loc, wraps, zero, sum));
    carry = LLVM::ZExtOp::create(b, loc, i32, wraps);
  }
  next.push_back(LLVM::AddOp::create(b, loc, place[2], carry));
  return next;
}

/// The most blocks of `sizes` (i32 x, y, z) that one call of a kernel that
/// runs at most `mostThreads` threads a call (kBlocksInXAttrName) may run:
/// one at least.
static Value mostBlocksPerCall(OpBuilder &b, Location loc,
                               ArrayRef<Value> sizes, int64_t mostThreads) {
  Type i64 = b.getI64Type();
  Value threads = LLVM::ConstantOp::create(b, loc, i64, 1);
  for (Value size : sizes)
    threads = LLVM::MulOp::create(b, loc, threads,
                                  LLVM::ZExtOp::create(b, loc, i64, size));
  return LLVM::UMaxOp::create(
      b, loc,
      LLVM::UDivOp::create(
          b, loc, LLVM::ConstantOp::create(b, loc, i64, mostThreads), threads),
      LLVM::ConstantOp::create(b, loc, i64, 1));
}

/// The blocks that the call at linear index `index` (i64), place x `x` (i32)
/// in a row of `gridX` (i32) blocks runs together: the rest of the row, or
/// of the range that ends at `end` where it ends first, or `mostBlocks`.
static Value blocksOfCall(OpBuilder &b, Location loc, Value index, Value end,
                          Value x, Value gridX, Value mostBlocks) {
  Type i64 = b.getI64Type();
  Value rowLeft =
      LLVM::ZExtOp::create(b, loc, i64, LLVM::SubOp::create(b, loc, gridX, x));
  Value rangeLeft = LLVM::SubOp::create(b, loc, end, index);
  return LLVM::UMinOp::create(
      b, loc, LLVM::UMinOp::create(b, loc, rowLeft, rangeLeft), mostBlocks);
}

/// run(void **params, MgpuHostBlock *block, uint64_t begin, uint64_t end):
/// loads each parameter once, then runs the blocks [begin, end) of the
/// launch's linear order (x fastest), each after storing its place in
/// `block`; or, for a kernel that runs the blocks of a row together
/// (kBlocksInXAttrName), each row's blocks in the range in one call, after
/// storing the place of the first. One call for many blocks, rather than one
/// each: the parameters are loaded once, and what the kernel reads of `block`
/// but its place is loaded once too (`block` is noalias: nothing else reaches
/// it during the call). Reloading them before each block, behind the stores of
/// the one before, made a kernel that streams through memory 10% to 20% slower.
static LLVM::LLVMFuncOp
createRunFunction(OpBuilder &b, Location loc, StringRef name,
                  LLVM::LLVMFuncOp kernel, ArrayRef<Type> params,
                  const DataLayout &layout, IntegerAttr blocksInX) {
  MLIRContext *context = b.getContext();
  Type ptr = LLVM::LLVMPointerType::get(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto run = LLVM::LLVMFuncOp::create(
      b, loc, name,
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                  {ptr, ptr, i64, i64}),
      LLVM::Linkage::Internal);
  run.setArgAttr(1, LLVM::LLVMDialect::getNoAliasAttrName(),
                 UnitAttr::get(context));
  Block *entry = run.addEntryBlock(b);
  Value block = entry->getArgument(1), begin = entry->getArgument(2),
        end = entry->getArgument(3);
  Block *first = run.addBlock(), *body = run.addBlock(), *exit = run.addBlock();
  for (Type type : {i64, i32, i32, i32})
    body->addArgument(type, loc);
  auto blockType = abi::getStructType(context, abi::Struct::MgpuHostBlock, 64);
  auto field = [&](OpBuilder &fb, unsigned index) {
    return LLVM::GEPOp::create(fb, loc, ptr, blockType, block,
                               ArrayRef<LLVM::GEPArg>{0, int32_t(index)});
  };
  namespace F = abi::MgpuHostBlockField;

  OpBuilder eb = OpBuilder::atBlockBegin(entry);
  SmallVector<Value> args = {block};
  llvm::append_range(
      args, loadParams(eb, loc, entry->getArgument(0), params, layout));
  LLVM::CondBrOp::create(
      eb, loc,
      LLVM::ICmpOp::create(eb, loc, LLVM::ICmpPredicate::ult, begin, end),
      first, exit);

  OpBuilder fb = OpBuilder::atBlockBegin(first);
  Value gridX = LLVM::LoadOp::create(fb, loc, i32, field(fb, F::gridDimX));
  Value gridY = LLVM::LoadOp::create(fb, loc, i32, field(fb, F::gridDimY));
  Value mostBlocks;
  if (blocksInX) {
    const unsigned sizeFields[3] = {F::blockDimX, F::blockDimY, F::blockDimZ};
    SmallVector<Value> sizes;
    for (unsigned index : sizeFields)
      sizes.push_back(LLVM::LoadOp::create(fb, loc, i32, field(fb, index)));
    mostBlocks = mostBlocksPerCall(fb, loc, sizes, blocksInX.getInt());
  }
  SmallVector<Value> firstArgs = {begin};
  llvm::append_range(firstArgs, placeOf(fb, loc, begin, gridX, gridY));
  LLVM::BrOp::create(fb, loc, firstArgs, body);

  OpBuilder bb = OpBuilder::atBlockBegin(body);
  ValueRange place = body->getArguments().drop_front();
  const unsigned placeFields[3] = {F::blockIdX, F::blockIdY, F::blockIdZ};
  for (auto [v, index] : llvm::zip(place, placeFields))
    LLVM::StoreOp::create(bb, loc, v, field(bb, index));
  Value blocks = blocksInX ? blocksOfCall(bb, loc, body->getArgument(0), end,
                                          place[0], gridX, mostBlocks)
                           : LLVM::ConstantOp::create(bb, loc, i64, 1);
  if (blocksInX)
    args.insert(args.begin() + 1, blocks);
  LLVM::CallOp::create(bb, loc, kernel, args);
  Value next = LLVM::AddOp::create(bb, loc, body->getArgument(0), blocks);
  SmallVector<Value> nextArgs = {next};
  llvm::append_range(nextArgs,
                     nextPlace(bb, loc, place,
                               LLVM::TruncOp::create(bb, loc, i32, blocks),
                               gridX, gridY));
  LLVM::CondBrOp::create(
      bb, loc,
      LLVM::ICmpOp::create(bb, loc, LLVM::ICmpPredicate::ult, next, end), body,
      nextArgs, exit, ValueRange{});
  OpBuilder xb = OpBuilder::atBlockBegin(exit);
  LLVM::ReturnOp::create(xb, loc, ValueRange{});
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

  // The first parameter is the MgpuHostBlock, which run() passes itself, as
  // it does the second of a kernel that runs the blocks of a row together.
  auto blocksInX = kernel->getAttrOfType<IntegerAttr>(kBlocksInXAttrName);
  ArrayRef<Type> params =
      kernel.getFunctionType().getParams().drop_front(blocksInX ? 2 : 1);
  SmallVector<int32_t> sizes;
  for (Type param : params)
    sizes.push_back(static_cast<int32_t>(layout.getTypeSize(param)));
  LLVM::GlobalOp paramSizes = createParamSizes(b, loc, sizesName, sizes);
  LLVM::LLVMFuncOp run =
      createRunFunction(b, loc, runName, kernel, params, layout, blocksInX);
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
