//===- SpirvUnsupported.cpp - What has no Vulkan meaning ------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/SpirvUnsupported.h"

#include "conversion/spirv/abi/SpirvMemorySpaces.h"
#include "conversion/spirv/abi/SpirvStridedMemRefs.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::offload;

/// The GLSL.std.450 instruction that upstream lowers `op` to when that
/// instruction takes 16- and 32-bit floats only, or "".
static StringRef getNarrowGlslInstruction(Operation *op) {
  return llvm::TypeSwitch<Operation *, StringRef>(op)
      .Case([](math::SinOp) { return "Sin"; })
      .Case([](math::CosOp) { return "Cos"; })
      .Case([](math::TanOp) { return "Tan"; })
      .Case([](math::AsinOp) { return "Asin"; })
      .Case([](math::AcosOp) { return "Acos"; })
      .Case([](math::AtanOp) { return "Atan"; })
      .Case([](math::SinhOp) { return "Sinh"; })
      .Case([](math::CoshOp) { return "Cosh"; })
      .Case([](math::TanhOp) { return "Tanh"; })
      .Case([](math::AsinhOp) { return "Asinh"; })
      .Case([](math::AcoshOp) { return "Acosh"; })
      .Case([](math::AtanhOp) { return "Atanh"; })
      .Case<math::ExpOp, math::ExpM1Op>([](Operation *) { return "Exp"; })
      .Case<math::LogOp, math::Log2Op, math::Log10Op, math::Log1pOp>(
          [](Operation *) { return "Log"; })
      .Case([](math::PowFOp) { return "Pow"; })
      .Default([](Operation *) { return ""; });
}

/// Whether a memref of `type` is a logical pointer in SPIR-V, to a thread's
/// or the workgroup's memory, rather than a buffer device address.
static bool isLogicalPointer(Type type) {
  auto memref = dyn_cast<BaseMemRefType>(type);
  if (!memref)
    return false;
  std::optional<spirv::StorageClass> storage =
      getVulkanStorageClass(memref.getMemorySpace());
  return storage && *storage != spirv::StorageClass::PhysicalStorageBuffer;
}

/// Why `op`, a memref.atomic_rmw, has no SPIR-V atomic, or "".
static std::string whyNoAtomic(memref::AtomicRMWOp op) {
  Type element = op.getMemRefType().getElementType();
  std::string what = (stringifyAtomicRMWKind(op.getKind()) + " of " +
                      llvm::formatv("{0}", element).str())
                         .str();
  if (auto integer = dyn_cast<IntegerType>(element))
    return integer.getWidth() == 32 || integer.getWidth() == 64
               ? ""
               : what + " is no atomic of Vulkan's, whose integer atomics "
                        "take 32 and 64 bits";
  if (op.getKind() == arith::AtomicRMWKind::assign ||
      (op.getKind() == arith::AtomicRMWKind::addf && element.isF32()))
    return "";
  return what + " is no atomic of Vulkan's, whose float atomics here are "
                "f32 additions (SPV_EXT_shader_atomic_float_add) and "
                "exchanges";
}

constexpr StringLiteral kTooManyElements =
    "it has more elements than a SPIR-V array holds (2^32 - 1)";

/// Why a thread's memory from `alloca` has no Vulkan meaning, or "".
static std::string whyNoAlloca(memref::AllocaOp alloca) {
  if (!fitsSpirvArray(alloca.getType()))
    return kTooManyElements.str();
  if (!alloca.getType().hasStaticShape())
    return "its size is known at launch only, and SPIR-V sizes a "
           "thread's memory at compile time";
  for (Operation *user : alloca->getUsers())
    if (isa<BranchOpInterface, RegionBranchOpInterface,
            RegionBranchTerminatorOpInterface>(user))
      return "it flows through a branch or a loop's values, and "
             "SPIR-V's pointers to a thread's memory are not values: "
             "index one memref instead";
  return "";
}

/// Why a kernel's `alloc` has no Vulkan meaning, or "".
static std::string whyNoAlloc(memref::AllocOp alloc) {
  MemRefType type = alloc.getType();
  std::optional<spirv::StorageClass> storage =
      getVulkanStorageClass(type.getMemorySpace());
  if (storage == spirv::StorageClass::Workgroup && !fitsSpirvArray(type))
    return kTooManyElements.str();
  if (storage == spirv::StorageClass::Workgroup)
    return type.hasStaticShape()
               ? ""
               : "its size is known at launch only, and SPIR-V sizes "
                 "workgroup memory at compile time (dynamic shared "
                 "memory is gpu.dynamic_shared_memory's)";
  if (storage == spirv::StorageClass::Function)
    return "a thread's own memory is memref.alloca's";
  return "a kernel cannot allocate global memory";
}

/// Why `op` has no Vulkan meaning, or "" if it may have one.
static std::string whyUnsupported(Operation *op) {
  StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace() : "";
  if (dialect == "nvvm" || dialect == "nvgpu" || dialect == "llvm")
    return "it is NVIDIA's or LLVM's, and SPIR-V has neither";
  if (StringRef glsl = getNarrowGlslInstruction(op);
      !glsl.empty() && llvm::any_of(op->getResultTypes(), [](Type type) {
        return getElementTypeOrSelf(type).isF64();
      }))
    return ("Vulkan's GLSL.std.450 has no f64 form of " + glsl +
            " (its transcendental functions take 16- and 32-bit floats): "
            "compute it in f32")
        .str();
  return llvm::TypeSwitch<Operation *, std::string>(op)
      .Case([](gpu::PrintfOp) {
        return "a Vulkan shader has no printf (debugPrintf is a validation "
               "layer's)";
      })
      .Case(
          [](cf::AssertOp) { return "a Vulkan shader cannot fail its launch"; })
      .Case<gpu::ShuffleOp, gpu::RotateOp>([](Operation *) {
        return "it assumes a subgroup of a given width, and Vulkan devices "
               "have subgroups of 4 to 128 lanes (lavapipe's are 8): use "
               "gpu.subgroup_reduce or gpu.all_reduce";
      })
      .Case<gpu::ClusterIdOp, gpu::ClusterDimOp, gpu::ClusterBlockIdOp,
            gpu::ClusterDimBlocksOp>(
          [](Operation *) { return "Vulkan has no thread block clusters"; })
      .Case([](gpu::SubgroupReduceOp reduce) -> std::string {
        if (!reduce.getClusterSize())
          return "";
        return "clustered reductions are not lowered for Vulkan (they need "
               "the GroupNonUniformClustered capability, which not every "
               "device has): reduce the whole subgroup";
      })
      .Case([](gpu::SubgroupMmaLoadMatrixOp) {
        return "warp matrix operations are not lowered for Vulkan";
      })
      .Case([](memref::AllocaOp alloca) { return whyNoAlloca(alloca); })
      .Case([](memref::AllocOp alloc) { return whyNoAlloc(alloc); })
      .Case([](arith::SelectOp select) -> std::string {
        // memref.alloca in the default memory space is a thread's memory.
        auto fromAlloca = [](Value value) {
          return value.getDefiningOp<memref::AllocaOp>() != nullptr;
        };
        if (!isLogicalPointer(select.getType()) &&
            !fromAlloca(select.getTrueValue()) &&
            !fromAlloca(select.getFalseValue()))
          return "";
        return "it selects between memrefs of a thread's or the workgroup's "
               "memory, and SPIR-V's pointers to them are not values: "
               "select the index or the value instead";
      })
      .Case<memref::SubViewOp, memref::ReinterpretCastOp, memref::ExpandShapeOp,
            memref::CollapseShapeOp>([](Operation *) {
        return "views of memory with offsets, sizes or strides of their own "
               "are not lowered for Vulkan (expand-strided-metadata writes "
               "memref.subview, expand_shape and collapse_shape as "
               "memref.reinterpret_cast): index the memref they view";
      })
      .Case([](memref::AtomicRMWOp atomic) -> std::string {
        return whyNoAtomic(atomic);
      })
      .Default([](Operation *) { return ""; });
}

LogicalResult mlir::offload::checkVulkanKernels(gpu::GPUModuleOp module) {
  bool failed = false;
  for (auto function : module.getOps<gpu::GPUFuncOp>()) {
    auto attributions = llvm::concat<const BlockArgument>(
        function.getWorkgroupAttributions(), function.getPrivateAttributions());
    for (const BlockArgument &attribution : attributions) {
      auto type = dyn_cast<MemRefType>(attribution.getType());
      if (!type || fitsSpirvArray(type))
        continue;
      function.emitError() << "the attribution of type " << type
                           << " has no meaning for #offload.vulkan: "
                           << kTooManyElements;
      failed = true;
    }
  }
  module.walk([&](Operation *op) {
    std::string why = whyUnsupported(op);
    if (why.empty())
      return;
    op->emitError() << "'" << op->getName()
                    << "' has no meaning for #offload.vulkan: " << why;
    failed = true;
  });
  return failure(failed);
}
