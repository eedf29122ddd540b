//===- SpirvUnsupported.cpp - What has no Vulkan meaning ------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/SpirvUnsupported.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::offload;

/// Why `op` has no Vulkan meaning, or "" if it may have one.
static StringRef whyUnsupported(Operation *op) {
  StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace() : "";
  if (dialect == "nvvm" || dialect == "nvgpu" || dialect == "llvm")
    return "it is NVIDIA's or LLVM's, and SPIR-V has neither";
  return llvm::TypeSwitch<Operation *, StringRef>(op)
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
      .Case([](gpu::SubgroupReduceOp reduce) -> StringRef {
        if (!reduce.getClusterSize())
          return "";
        return "clustered reductions are not lowered for Vulkan (they need "
               "the GroupNonUniformClustered capability, which not every "
               "device has): reduce the whole subgroup";
      })
      .Case([](gpu::SubgroupMmaLoadMatrixOp) {
        return "warp matrix operations are not lowered for Vulkan";
      })
      .Case([](memref::AllocaOp alloca) -> StringRef {
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
      })
      .Case([](memref::AllocOp alloc) -> StringRef {
        Attribute space = alloc.getType().getMemorySpace();
        auto gpuSpace = dyn_cast_or_null<gpu::AddressSpaceAttr>(space);
        if (gpuSpace && gpuSpace.getValue() == gpu::AddressSpace::Workgroup)
          return "";
        return "a kernel cannot allocate global memory";
      })
      .Default([](Operation *) { return ""; });
}

LogicalResult mlir::offload::checkVulkanKernels(gpu::GPUModuleOp module) {
  bool failed = false;
  module.walk([&](Operation *op) {
    StringRef why = whyUnsupported(op);
    if (why.empty())
      return;
    op->emitError() << "'" << op->getName()
                    << "' has no meaning for #offload.vulkan: " << why;
    failed = true;
  });
  return failure(failed);
}
