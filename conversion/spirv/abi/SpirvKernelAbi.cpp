//===- SpirvKernelAbi.cpp - A kernel's parameters as Vulkan passes them ---===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/abi/SpirvKernelAbi.h"

#include "conversion/spirv/abi/SpirvDynamicSharedMemory.h"
#include "conversion/spirv/abi/SpirvStridedMemRefs.h"

#include "object_format/spirv/SpirvReflect.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/MathExtras.h"

#define DEBUG_TYPE "offload-lower-gpu-to-spirv"

using namespace mlir;
using namespace mlir::offload;

namespace {
/// One member of a kernel's argument struct: a scalar or pointer, aligned
/// to its size, or a memref's descriptor, of 8-byte fields.
struct Member {
  Type type;
  uint32_t bytes;
  uint32_t alignment;
};

/// The fields of a memref's descriptor, as members of its struct.
enum DescriptorField : unsigned {
  kAllocated = 0,
  kAligned = 1,
  kOffset = 2,
  kSizes = 3,
  kStrides = 4,
};

/// Where each parameter's value comes from: the member that holds it, and
/// what the kernel sees it as.
struct Parameter {
  unsigned member;
  Type type;
  /// A memref passed as its descriptor, whose aligned pointer is the
  /// kernel's value, rather than as that pointer alone (kernel-bare-ptr).
  bool descriptor = false;
  /// A memref whose strides or offset only its descriptor has, which the
  /// kernel indexes itself.
  bool strided = false;
};

/// The argument struct of a kernel and its parameters' places in it.
struct ArgumentLayout {
  SmallVector<Member> members;
  SmallVector<Parameter> parameters;

  spirv::StructType getStructType() const {
    SmallVector<Type> types;
    SmallVector<spirv::StructType::OffsetInfo> offsets;
    uint32_t offset = 0;
    for (const Member &member : members) {
      offset = llvm::alignTo(offset, member.alignment);
      types.push_back(member.type);
      offsets.push_back(offset);
      offset += member.bytes;
    }
    return spirv::StructType::get(types, offsets);
  }
};
} // namespace

/// The bytes a scalar member takes, or 0 if it cannot be one.
static uint32_t getScalarBytes(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return integer.isSignless() &&
                   llvm::is_contained({8u, 16u, 32u, 64u}, integer.getWidth())
               ? integer.getWidth() / 8
               : 0;
  if (type.isF16() || type.isF32() || type.isF64())
    return type.getIntOrFloatBitWidth() / 8;
  return 0;
}

/// The memref of one dimension that a strided memref is indexed through.
static MemRefType getFlatType(MemRefType type) {
  return MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                         MemRefLayoutAttrInterface(), type.getMemorySpace());
}

/// The struct of a memref's descriptor of `rank`, whose pointers are
/// `pointer`: its fields where the host lowering passes them, one after
/// another, so that the runtime knows which launch parameters are one
/// memref's, its rank, and its element's size (the stride of the array that
/// `pointer` points at).
static spirv::StructType getDescriptorType(spirv::PointerType pointer,
                                           int64_t rank) {
  Type i64 = IntegerType::get(pointer.getContext(), 64);
  SmallVector<Type> fields = {pointer, pointer, i64};
  SmallVector<spirv::StructType::OffsetInfo> offsets = {0, 8, 16};
  if (rank > 0) {
    auto array = spirv::ArrayType::get(i64, rank, /*stride=*/8);
    fields.append({array, array});
    offsets.append({24, uint32_t(24 + 8 * rank)});
  }
  return spirv::StructType::get(fields, offsets);
}

/// Lays out the members of `kernel`'s parameters, as the host lowering
/// passes them.
static FailureOr<ArgumentLayout>
layOutArguments(gpu::GPUFuncOp kernel, const SPIRVTypeConverter &types,
                bool barePtr) {
  ArgumentLayout layout;
  Builder builder(kernel.getContext());
  Type i64 = builder.getI64Type();
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    auto fail = [&, index = index, type = type](const Twine &why) {
      return kernel.emitError()
             << "kernel parameter #" << index << " of type " << type
             << " has no place in the Vulkan kernel ABI: " << why;
    };
    if (auto memref = dyn_cast<MemRefType>(type)) {
      // A strided memref's pointer is that of its elements in a row.
      bool strided = !isIndexedBySpirv(memref);
      auto pointer = dyn_cast_or_null<spirv::PointerType>(
          types.convertType(strided ? getFlatType(memref) : memref));
      if (!pointer || pointer.getStorageClass() !=
                          spirv::StorageClass::PhysicalStorageBuffer)
        return fail("a memref parameter must be global memory");
      if (strided && barePtr && memref.getRank() == 0 &&
          !ShapedType::isDynamic(memref.getStridesAndOffset().second))
        return fail("a bare pointer of rank 0 does not carry its offset, and "
                    "upstream's conversion drops it: without kernel-bare-ptr "
                    "the kernel indexes it with its descriptor's");
      if (strided && barePtr)
        return fail("its strides or offset are known at launch, or it has "
                    "more elements than a SPIR-V array (2^32 - 1), and a bare "
                    "pointer has no descriptor: without kernel-bare-ptr the "
                    "kernel indexes it with its descriptor's");
      layout.parameters.push_back(
          {unsigned(layout.members.size()), type, !barePtr, strided});
      if (barePtr) {
        layout.members.push_back({pointer, 8, 8});
        continue;
      }
      spirv::StructType descriptor =
          getDescriptorType(pointer, memref.getRank());
      layout.members.push_back(
          {descriptor, uint32_t(8 * (3 + 2 * memref.getRank())), 8});
      continue;
    }
    if (isa<IndexType>(type)) {
      layout.parameters.push_back({unsigned(layout.members.size()), type});
      layout.members.push_back({i64, 8, 8});
      continue;
    }
    // checkVulkanKernelParameters refused any other type.
    uint32_t bytes = getScalarBytes(type);
    layout.parameters.push_back({unsigned(layout.members.size()), type});
    layout.members.push_back({type, bytes, bytes});
  }
  uint64_t launchParameters = 0;
  for (const Member &member : layout.members)
    launchParameters +=
        isa<spirv::StructType>(member.type) ? member.bytes / 8 : 1;
  if (launchParameters > object_format::kSpirvMaxLaunchParameters)
    return kernel.emitError()
           << "kernel has " << launchParameters
           << " launch parameters (a memref's descriptor is 3 + 2 x rank of "
              "them), more than the Vulkan kernel ABI's "
           << object_format::kSpirvMaxLaunchParameters;
  return layout;
}

namespace {
/// Builds the SPIR-V side of a kernel's parameters at the start of its body.
class AbiBuilder {
public:
  AbiBuilder(gpu::GPUFuncOp kernel, const SPIRVTypeConverter &types)
      : kernel(kernel), types(types), builder(kernel.getContext()) {}

  /// The push constants' variable, made beside the kernel, with the
  /// argument struct's pointer when `arguments`, then the block size when
  /// `blockSize`.
  spirv::GlobalVariableOp makePushConstants(spirv::StructType arguments,
                                            bool blockSize) {
    SmallVector<Type> memberTypes;
    SmallVector<spirv::StructType::OffsetInfo> offsets;
    if (arguments) {
      memberTypes.push_back(spirv::PointerType::get(
          arguments, spirv::StorageClass::PhysicalStorageBuffer));
      offsets.push_back(0);
    }
    if (blockSize) {
      uint32_t offset = arguments ? 8 : 0;
      for (int i = 0; i < 3; ++i) {
        blockSizeMember[i] = memberTypes.size();
        memberTypes.push_back(builder.getI32Type());
        offsets.push_back(offset + 4 * i);
      }
    }
    auto type =
        spirv::PointerType::get(spirv::StructType::get(memberTypes, offsets),
                                spirv::StorageClass::PushConstant);
    builder.setInsertionPoint(kernel);
    return spirv::GlobalVariableOp::create(
        builder, kernel.getLoc(), type, getPushConstantsName(kernel.getName()));
  }

  /// The kernel's parameters, loaded at the start of its body; a strided
  /// memref's uses are rewritten instead, its value left null.
  FailureOr<SmallVector<Value>>
  loadParameters(spirv::GlobalVariableOp pushConstants,
                 const ArgumentLayout &layout) {
    Location loc = kernel.getLoc();
    builder.setInsertionPointToStart(&kernel.front());
    Value arguments = spirv::LoadOp::create(
        builder, loc,
        accessMember(spirv::AddressOfOp::create(builder, loc, pushConstants),
                     0));
    SmallVector<Value> values;
    for (auto [index, parameter] : llvm::enumerate(layout.parameters)) {
      Value value = parameter.descriptor
                        ? loadField(arguments, {parameter.member, kAligned})
                        : loadField(arguments, {parameter.member},
                                    layout.members[parameter.member].bytes);
      if (!parameter.strided) {
        values.push_back(toKernelType(value, parameter.type));
        continue;
      }
      if (failed(linearizeParameter(kernel.getArgument(index), value, arguments,
                                    layout, parameter)))
        return failure();
      values.push_back(Value());
    }
    return values;
  }

  /// Makes every gpu.block_dim read the push constants.
  void readBlockSizeFromPushConstants(spirv::GlobalVariableOp pushConstants) {
    kernel.walk([&](gpu::BlockDimOp op) {
      Location loc = op.getLoc();
      builder.setInsertionPoint(op);
      Value member =
          accessMember(spirv::AddressOfOp::create(builder, loc, pushConstants),
                       blockSizeMember[static_cast<int>(op.getDimension())]);
      Value size = spirv::LoadOp::create(builder, loc, member);
      if (types.getIndexType() != size.getType())
        size =
            spirv::UConvertOp::create(builder, loc, types.getIndexType(), size);
      op.replaceAllUsesWith(toKernelType(size, op.getType()));
      op.erase();
    });
  }

  /// A workgroup attribution as a variable of the gpu.module, a private one
  /// as a variable of the kernel.
  LogicalResult replaceAttributions() {
    Location loc = kernel.getLoc();
    for (auto [index, constAttribution] :
         llvm::enumerate(kernel.getWorkgroupAttributions())) {
      BlockArgument attribution = constAttribution;
      Type pointer = types.convertType(attribution.getType());
      if (!pointer)
        return kernel.emitError()
               << "workgroup attribution #" << index << " of type "
               << attribution.getType() << " has no SPIR-V type";
      builder.setInsertionPoint(kernel);
      auto variable = spirv::GlobalVariableOp::create(
          builder, loc, pointer, getWorkgroupVariableName(index));
      builder.setInsertionPointToStart(&kernel.front());
      attribution.replaceAllUsesWith(
          toKernelType(spirv::AddressOfOp::create(builder, loc, variable),
                       attribution.getType()));
    }
    for (auto [index, constAttribution] :
         llvm::enumerate(kernel.getPrivateAttributions())) {
      BlockArgument attribution = constAttribution;
      Type pointer = types.convertType(attribution.getType());
      auto pointerType = dyn_cast_or_null<spirv::PointerType>(pointer);
      if (!pointerType ||
          pointerType.getStorageClass() != spirv::StorageClass::Function)
        return kernel.emitError()
               << "private attribution #" << index << " of type "
               << attribution.getType() << " has no SPIR-V type";
      builder.setInsertionPointToStart(&kernel.front());
      Value variable = spirv::VariableOp::create(
          builder, loc, pointer, spirv::StorageClass::Function, Value());
      attribution.replaceAllUsesWith(
          toKernelType(variable, attribution.getType()));
    }
    return success();
  }

private:
  /// The scalar of `bytes` (a descriptor's fields: 8) at `path` in the
  /// argument struct.
  Value loadField(Value arguments, ArrayRef<unsigned> path,
                  uint32_t bytes = 8) {
    return spirv::LoadOp::create(
        builder, kernel.getLoc(), accessMember(arguments, path),
        spirv::MemoryAccessAttr::get(builder.getContext(),
                                     spirv::MemoryAccess::Aligned),
        builder.getI32IntegerAttr(bytes));
  }

  /// Indexes the strided memref `parameter` through `pointer` as a memref of
  /// one dimension, with its descriptor's offset, sizes and strides.
  LogicalResult linearizeParameter(BlockArgument memref, Value pointer,
                                   Value arguments,
                                   const ArgumentLayout &layout,
                                   const Parameter &parameter) {
    auto type = cast<MemRefType>(parameter.type);
    Type index = builder.getIndexType();
    auto field = [&](ArrayRef<unsigned> path) {
      SmallVector<unsigned> full = {parameter.member};
      full.append(path.begin(), path.end());
      return toKernelType(loadField(arguments, full), index);
    };
    int64_t rank = type.getRank();
    SmallVector<Value> sizes, strides;
    for (int64_t i = 0; i < rank; ++i) {
      sizes.push_back(field({kSizes, unsigned(i)}));
      strides.push_back(field({kStrides, unsigned(i)}));
    }
    return linearizeStridedMemRef(memref,
                                  toKernelType(pointer, getFlatType(type)),
                                  field({kOffset}), sizes, strides);
  }

  /// Dynamic shared memory's variable has a name of its own, which the
  /// serializer finds it by.
  std::string getWorkgroupVariableName(unsigned index) {
    auto dynamic =
        kernel->getAttrOfType<IntegerAttr>(kDynamicSharedAttributionAttr);
    if (dynamic && dynamic.getInt() == index)
      return getDynamicSharedVariableName(kernel.getName());
    return ("__offload_workgroup_" + kernel.getName() + "_" + Twine(index))
        .str();
  }

  /// A pointer to the member at `path` (member, field, element) of the
  /// struct `structPointer` points at.
  Value accessMember(Value structPointer, ArrayRef<unsigned> path) {
    Location loc = kernel.getLoc();
    SmallVector<Value> indices;
    for (unsigned index : path)
      indices.push_back(
          spirv::ConstantOp::create(builder, loc, builder.getI32Type(),
                                    builder.getI32IntegerAttr(index)));
    return spirv::AccessChainOp::create(builder, loc, structPointer, indices);
  }

  /// `value`, of a SPIR-V type, as the kernel's `type`.
  Value toKernelType(Value value, Type type) {
    Location loc = value.getLoc();
    if (isa<IndexType>(type) && value.getType() != types.getIndexType())
      value =
          spirv::SConvertOp::create(builder, loc, types.getIndexType(), value);
    if (value.getType() == type)
      return value;
    return UnrealizedConversionCastOp::create(builder, loc, type, value)
        .getResult(0);
  }

  gpu::GPUFuncOp kernel;
  const SPIRVTypeConverter &types;
  OpBuilder builder;
  unsigned blockSizeMember[3] = {0, 0, 0};
};
} // namespace

/// Leaves `kernel` without parameters or attributions, their values
/// replaced already.
static void dropSignature(gpu::GPUFuncOp kernel) {
  Block &entry = kernel.front();
  entry.eraseArguments(0, entry.getNumArguments());
  kernel.setFunctionType(FunctionType::get(kernel.getContext(), {}, {}));
  kernel->setAttr(gpu::GPUFuncOp::getNumWorkgroupAttributionsAttrName(),
                  Builder(kernel.getContext()).getI64IntegerAttr(0));
  kernel->removeAttr(kernel.getArgAttrsAttrName());
  kernel->removeAttr(kernel.getWorkgroupAttribAttrsAttrName());
  kernel->removeAttr(kernel.getPrivateAttribAttrsAttrName());
  kernel->removeAttr(kDynamicSharedAttributionAttr);
}

std::string mlir::offload::getPushConstantsName(StringRef kernel) {
  return ("__offload_push_constants_" + kernel).str();
}

void mlir::offload::listPushConstantsInInterfaces(spirv::ModuleOp module) {
  SymbolTable symbols(module);
  for (auto entryPoint : module.getOps<spirv::EntryPointOp>()) {
    std::string name = getPushConstantsName(entryPoint.getFn());
    if (!symbols.lookup(name))
      continue;
    auto reference = FlatSymbolRefAttr::get(module.getContext(), name);
    SmallVector<Attribute> interface(entryPoint.getInterface().begin(),
                                     entryPoint.getInterface().end());
    if (llvm::is_contained(interface, reference))
      continue;
    interface.push_back(reference);
    entryPoint.setInterfaceAttr(ArrayAttr::get(module.getContext(), interface));
  }
}

LogicalResult
mlir::offload::checkVulkanKernelParameters(gpu::GPUFuncOp kernel) {
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    StringRef why;
    if (isa<UnrankedMemRefType>(type))
      why = "an unranked memref has no sizes or strides a kernel can index "
            "with; pass a ranked one";
    else if (!isa<MemRefType, IndexType>(type) && !getScalarBytes(type))
      why = "it takes memrefs, index, signless integers of 8 to 64 bits, f16, "
            "f32 and f64";
    if (why.empty())
      continue;
    return kernel.emitError()
           << "kernel parameter #" << index << " of type " << type
           << " has no place in the Vulkan kernel ABI: " << why;
  }
  return success();
}

LogicalResult mlir::offload::materializeVulkanKernelAbi(
    gpu::GPUFuncOp kernel, const SPIRVTypeConverter &types, bool barePtr) {
  FailureOr<ArgumentLayout> layout = layOutArguments(kernel, types, barePtr);
  if (failed(layout))
    return failure();
  std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize();
  // Without a known size the push constants carry the launch's block,
  // read or not: their presence tells the runtime that the kernel runs with
  // any block size, its LocalSize replaced for each.
  bool readsBlockSize = !known;
  AbiBuilder abi(kernel, types);
  if (failed(abi.replaceAttributions()))
    return failure();
  bool hasArguments = !layout->members.empty();
  if (hasArguments || readsBlockSize) {
    spirv::GlobalVariableOp pushConstants = abi.makePushConstants(
        hasArguments ? layout->getStructType() : spirv::StructType(),
        readsBlockSize);
    if (hasArguments) {
      FailureOr<SmallVector<Value>> values =
          abi.loadParameters(pushConstants, *layout);
      if (failed(values))
        return failure();
      for (auto [argument, value] : llvm::zip_first(
               kernel.getArguments().take_front(values->size()), *values))
        if (value)
          argument.replaceAllUsesWith(value);
    }
    if (readsBlockSize)
      abi.readBlockSizeFromPushConstants(pushConstants);
  }
  dropSignature(kernel);
  SmallVector<int32_t, 3> workgroupSize(3, 1);
  if (known)
    workgroupSize.assign(known->begin(), known->end());
  kernel->setAttr(
      spirv::getEntryPointABIAttrName(),
      spirv::getEntryPointABIAttr(kernel.getContext(), workgroupSize));
  LLVM_DEBUG(llvm::dbgs() << "kernel @" << kernel.getName() << ": "
                          << layout->members.size() << " argument members"
                          << (readsBlockSize ? ", block size at run time" : "")
                          << "\n");
  return success();
}
