//===- RocdlUnsupported.cpp - What has no meaning on AMD GPUs -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "conversion/rocdl/RocdlUnsupported.h"

#include "conversion/common/AssertReport.h"

#include "mgpu/mgpu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

/// Why `op` has no meaning on an AMD GPU, and what to do instead; an empty
/// reason where it has one.
static std::pair<StringRef, StringRef> getWhyUnsupported(Operation *op) {
  static constexpr StringLiteral kNvidiaOnly =
      "compile this gpu.module for NVIDIA targets only";
  Dialect *dialect = op->getDialect();
  if (isa_and_nonnull<nvgpu::NVGPUDialect>(dialect))
    return {"it is NVIDIA's (TMA, warpgroup MMA, mbarriers and asynchronous "
            "copies of Hopper and later)",
            kNvidiaOnly};
  if (isa_and_nonnull<NVVM::NVVMDialect>(dialect))
    return {"it is an intrinsic of NVIDIA's PTX", kNvidiaOnly};
  if (isa<gpu::ClusterIdOp, gpu::ClusterDimOp, gpu::ClusterBlockIdOp,
          gpu::ClusterDimBlocksOp>(op))
    return {"it names a thread block cluster, which NVIDIA's GPUs of Hopper "
            "and later have",
            kNvidiaOnly};
  if (isa<gpu::SubgroupMmaLoadMatrixOp, gpu::SubgroupMmaStoreMatrixOp,
          gpu::SubgroupMmaComputeOp, gpu::SubgroupMmaConstantMatrixOp,
          gpu::SubgroupMmaElementwiseOp, gpu::SubgroupMmaExtractThreadLocalOp,
          gpu::SubgroupMmaInsertThreadLocalOp>(op))
    return {"it is NVIDIA's warp matrix multiply (WMMA)",
            "AMD's matrix cores are the amdgpu dialect's mfma and wmma"};
  // Upstream's conversion makes calls to malloc and free, which nothing
  // defines for AMD GPUs (and which take a generic pointer, not workgroup
  // memory's).
  if (isa<memref::AllocOp, memref::ReallocOp, memref::DeallocOp>(op) &&
      op->getParentOfType<gpu::GPUFuncOp>())
    return {"it would take memory from a heap on the device, which AMD "
            "kernels here have none of",
            "allocate before the launch (gpu.alloc), or use memref.alloca or "
            "the kernel's workgroup memory"};
  // What the reduction through workgroup memory (WorkgroupAllReduce.h)
  // needs, said for AMD GPUs with what to do instead. Upstream's rewrite
  // into shuffles does not serve: it shuffles a partial subgroup with a
  // width that is not a power of two, which ROCDL's shuffle gets wrong.
  if (auto reduce = dyn_cast<gpu::AllReduceOp>(op)) {
    if (!reduce.getType().isIntOrFloat() ||
        !op->getParentOfType<gpu::GPUFuncOp>())
      return {"it reduces an integer or a float in a kernel",
              "reduce the elements one by one"};
    if (!reduce.getUniform())
      return {"it waits at barriers, which every thread of the block must "
              "reach, and it is not marked uniform",
              "reach it from every thread and mark it uniform"};
  }
  return {};
}

LogicalResult mlir::offload::checkRocdlSupported(gpu::GPUModuleOp module) {
  // The backend would clamp the kernel's block size to what the chip runs,
  // and every launch of the kernel would fail.
  for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
    std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize();
    if (!known)
      continue;
    int64_t threads = int64_t((*known)[0]) * (*known)[1] * (*known)[2];
    if (threads > MGPU_MAX_BLOCK_THREADS)
      return emitError(kernel.getLoc())
             << "kernel @" << kernel.getName() << " has known_block_size of "
             << threads << " threads, more than a block of an AMD GPU holds ("
             << int64_t(MGPU_MAX_BLOCK_THREADS) << "): no launch could run it";
  }
  WalkResult result = module.walk([](Operation *op) {
    auto [why, instead] = getWhyUnsupported(op);
    if (why.empty())
      return WalkResult::advance();
    InFlightDiagnostic diag = op->emitError();
    diag << "'" << op->getName() << "'";
    if (isa<gpu::AllReduceOp>(op))
      diag << " of " << op->getResult(0).getType();
    diag << " has no meaning on AMD GPUs (#offload.rocm): " << why << "; "
         << instead;
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

void mlir::offload::lowerAssertsToTraps(gpu::GPUModuleOp module) {
  SmallVector<cf::AssertOp> asserts;
  module.walk([&](cf::AssertOp op) { asserts.push_back(op); });
  for (cf::AssertOp op : asserts) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    Value failed = arith::XOrIOp::create(
        b, loc, op.getArg(), arith::ConstantIntOp::create(b, loc, 1, 1));
    auto ifFailed = scf::IfOp::create(b, loc, failed);
    OpBuilder tb = OpBuilder::atBlockBegin(ifFailed.thenBlock());
    SmallVector<Value> ids;
    for (bool thread : {false, true})
      for (gpu::Dimension dim :
           {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z}) {
        Value id = thread ? gpu::ThreadIdOp::create(tb, loc, dim).getResult()
                          : gpu::BlockIdOp::create(tb, loc, dim).getResult();
        ids.push_back(
            arith::IndexCastUIOp::create(tb, loc, tb.getI32Type(), id));
      }
    gpu::PrintfOp::create(tb, loc, tb.getStringAttr(getAssertReportFormat(op)),
                          ids);
    LLVM::Trap::create(tb, loc);
    op.erase();
  }
}
