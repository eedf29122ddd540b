//===- LowerGpuToSpirv.cpp - A gpu.module for #offload.vulkan -------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// offload-lower-gpu-to-spirv: upstream's SPIR-V conversion of a copy of the
// gpu.module, after the kernel ABI (SpirvKernelAbi.h) and the checks that
// name what has no Vulkan meaning. The spirv.module goes into the
// gpu.module, whose kernels stay as declarations for gpu.launch_func to
// name, as upstream does for OpenCL.
//
//===----------------------------------------------------------------------===//

#include "conversion/spirv/Passes.h"

#include "conversion/common/InlineDeviceFunctions.h"
#include "conversion/common/WorkgroupAllReduce.h"
#include "conversion/common/WorkgroupAllocs.h"
#include "conversion/spirv/SpirvArithmetic.h"
#include "conversion/spirv/SpirvAtomics.h"
#include "conversion/spirv/SpirvControlFlow.h"
#include "conversion/spirv/SpirvSubgroups.h"
#include "conversion/spirv/SpirvUnsupported.h"
#include "conversion/spirv/abi/SpirvDynamicSharedMemory.h"
#include "conversion/spirv/abi/SpirvKernelAbi.h"
#include "conversion/spirv/abi/SpirvMemorySpaces.h"
#include "conversion/spirv/abi/SpirvWorkgroupMemory.h"
#include "dialects/OffloadDialect.h"
#include "dialects/vulkan/VulkanEnv.h"
#include "dialects/vulkan/VulkanTargetAttr.h"
#include "transforms/CountedLoops.h"

#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/ControlFlowToSPIRV/ControlFlowToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/IndexToSPIRV/IndexToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Conversion/UBToSPIRV/UBToSPIRV.h"
#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "offload-lower-gpu-to-spirv"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADLOWERGPUTOSPIRV
#include "conversion/spirv/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
/// gpu.barrier orders global memory too, as CUDA's __syncthreads does, not
/// workgroup memory alone (upstream's lowering).
struct BarrierToControlBarrier final
    : public OpConversionPattern<gpu::BarrierOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::BarrierOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto semantics = spirv::MemorySemantics::AcquireRelease |
                     spirv::MemorySemantics::WorkgroupMemory |
                     spirv::MemorySemantics::UniformMemory;
    rewriter.replaceOpWithNewOp<spirv::ControlBarrierOp>(
        op, spirv::Scope::Workgroup, spirv::Scope::Workgroup, semantics);
    return success();
  }
};
} // namespace

namespace {
/// gpu.subgroup_reduce as Vulkan's non-uniform group operations, every kind
/// (upstream's lowering makes the Kernel capability's group operations of
/// uniform reductions, and has no bitwise ones).
struct SubgroupReduceToNonUniform final
    : public OpConversionPattern<gpu::SubgroupReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(gpu::SubgroupReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value value = adaptor.getValue();
    Type type = value.getType();
    if (op.getClusterSize() || !type.isIntOrFloat() || type.isInteger(1))
      return rewriter.notifyMatchFailure(op,
                                         "not a scalar of a whole subgroup");
    bool isFloat = isa<FloatType>(type);
    Value result = build(rewriter, op.getLoc(), op.getOp(), isFloat, value);
    if (!result)
      return rewriter.notifyMatchFailure(op, "no reduction of this kind");
    rewriter.replaceOp(op, result);
    return success();
  }

private:
  template <typename GroupOp>
  static Value make(OpBuilder &b, Location loc, Value value) {
    return GroupOp::create(b, loc, value.getType(), spirv::Scope::Subgroup,
                           spirv::GroupOperation::Reduce, value, Value());
  }

  static Value build(OpBuilder &b, Location loc, gpu::AllReduceOperation kind,
                     bool isFloat, Value value) {
    using Kind = gpu::AllReduceOperation;
    switch (kind) {
    case Kind::ADD:
      return isFloat ? make<spirv::GroupNonUniformFAddOp>(b, loc, value)
                     : make<spirv::GroupNonUniformIAddOp>(b, loc, value);
    case Kind::MUL:
      return isFloat ? make<spirv::GroupNonUniformFMulOp>(b, loc, value)
                     : make<spirv::GroupNonUniformIMulOp>(b, loc, value);
    case Kind::MINUI:
      return isFloat ? Value()
                     : make<spirv::GroupNonUniformUMinOp>(b, loc, value);
    case Kind::MINSI:
      return isFloat ? Value()
                     : make<spirv::GroupNonUniformSMinOp>(b, loc, value);
    case Kind::MAXUI:
      return isFloat ? Value()
                     : make<spirv::GroupNonUniformUMaxOp>(b, loc, value);
    case Kind::MAXSI:
      return isFloat ? Value()
                     : make<spirv::GroupNonUniformSMaxOp>(b, loc, value);
    case Kind::MINNUMF:
    case Kind::MINIMUMF:
      return isFloat ? make<spirv::GroupNonUniformFMinOp>(b, loc, value)
                     : Value();
    case Kind::MAXNUMF:
    case Kind::MAXIMUMF:
      return isFloat ? make<spirv::GroupNonUniformFMaxOp>(b, loc, value)
                     : Value();
    case Kind::AND:
      return isFloat ? Value()
                     : make<spirv::GroupNonUniformBitwiseAndOp>(b, loc, value);
    case Kind::OR:
      return isFloat ? Value()
                     : make<spirv::GroupNonUniformBitwiseOrOp>(b, loc, value);
    case Kind::XOR:
      return isFloat ? Value()
                     : make<spirv::GroupNonUniformBitwiseXorOp>(b, loc, value);
    }
    return Value();
  }
};
} // namespace

/// Why SPIR-V has no type for `type`, or "": the element that has none, with
/// what SPIR-V has instead.
static std::string whyNoSpirvType(Type type, const SPIRVTypeConverter &types) {
  if (types.convertType(type))
    return "";
  std::string text;
  llvm::raw_string_ostream os(text);
  Type element = getElementTypeOrSelf(type);
  if (isa<ShapedType>(type) && !types.convertType(element))
    return whyNoSpirvType(element, types);
  os << "its '" << type << "' has no SPIR-V type";
  if (auto vector = dyn_cast<VectorType>(type))
    os << " (SPIR-V vectors have 2 to 4 elements, and only elementwise "
          "operations are split into them)";
  else if (isa<IntegerType>(type))
    os << " (SPIR-V integers have 8, 16, 32 or 64 bits)";
  return text;
}

/// One error at the first operation of `module` (a constant's first user:
/// folding loses a constant's location) that takes or makes a value SPIR-V
/// has no type for, such as a vector of 5 elements that is left after the
/// elementwise operations are unrolled into vectors of 2 to 4, or an i48.
static LogicalResult checkSpirvTypes(gpu::GPUModuleOp module,
                                     const SPIRVTypeConverter &types) {
  WalkResult result = module.walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::ConstantLike>() || isa<gpu::GPUFuncOp>(op))
      return WalkResult::advance();
    for (Type type : llvm::concat<const Type>(op->getOperandTypes(),
                                              op->getResultTypes())) {
      std::string why = whyNoSpirvType(type, types);
      if (why.empty())
        continue;
      op->emitError() << "'" << op->getName()
                      << "' has no meaning for #offload.vulkan: " << why;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

static void populateSpirvPatterns(const SPIRVTypeConverter &types,
                                  ScfToSPIRVContext &scf,
                                  RewritePatternSet &patterns) {
  populateGPUToSPIRVPatterns(types, patterns);
  populateSCFToSPIRVPatterns(types, scf, patterns);
  arith::populateArithToSPIRVPatterns(types, patterns);
  cf::populateControlFlowToSPIRVPatterns(types, patterns);
  populateFuncToSPIRVPatterns(types, patterns);
  populateMemRefToSPIRVPatterns(types, patterns);
  populateMathToSPIRVPatterns(types, patterns);
  index::populateIndexToSPIRVPatterns(types, patterns);
  populateVectorToSPIRVPatterns(types, patterns);
  ub::populateUBToSPIRVConversionPatterns(types, patterns);
  patterns.add<BarrierToControlBarrier, SubgroupReduceToNonUniform>(
      types, patterns.getContext(), /*benefit=*/2);
  populateSpirvAtomicPatterns(types, patterns);
  populateSpirvArithmeticPatterns(types, patterns);
}

/// Converts `copy` (a gpu.module) into a spirv.module in its place, naming
/// what does not convert as having no Vulkan meaning.
static FailureOr<spirv::ModuleOp>
convertToSpirv(gpu::GPUModuleOp copy, const SPIRVTypeConverter &types) {
  MLIRContext *context = copy.getContext();
  std::unique_ptr<ConversionTarget> target =
      SPIRVConversionTarget::get(types.getTargetEnv());
  // What the kernel ABI made; the conversion folds each into its uses.
  target->addLegalOp<UnrealizedConversionCastOp>();
  ScfToSPIRVContext scf;
  RewritePatternSet patterns(context);
  populateSpirvPatterns(types, scf, patterns);
  Block *parent = copy->getBlock();
  // Folding hoists constants without a location; a diagnostic about one
  // points at its kernel instead of nowhere.
  copy.walk([](Operation *op) {
    if (!isa<UnknownLoc>(op->getLoc()))
      return;
    if (auto kernel = op->getParentOfType<gpu::GPUFuncOp>())
      op->setLoc(kernel.getLoc());
  });
  {
    // Upstream's message is about legalization: say what it means here.
    ScopedDiagnosticHandler rename(context, [&](Diagnostic &diagnostic) {
      std::string message = diagnostic.str();
      StringRef prefix = "failed to legalize operation ";
      if (diagnostic.getSeverity() != DiagnosticSeverity::Error ||
          !StringRef(message).starts_with(prefix))
        return failure();
      emitError(diagnostic.getLocation())
          << StringRef(message).drop_front(prefix.size())
          << " has no SPIR-V meaning for #offload.vulkan here: upstream's "
             "SPIR-V conversion does not take it";
      return success();
    });
    if (failed(applyFullConversion(copy, *target, std::move(patterns))))
      return failure();
  }
  auto modules = parent->getOps<spirv::ModuleOp>();
  if (modules.empty())
    return failure();
  return *modules.begin();
}

/// The alignment a load or store of a `type` in global memory may assume:
/// its scalar's (a vector.load reads at any element).
static uint32_t getScalarAlignment(Type type) {
  if (isa<spirv::PointerType>(type))
    return 8;
  Type scalar = getElementTypeOrSelf(type);
  return scalar.isIntOrFloat()
             ? std::max<uint32_t>(1, scalar.getIntOrFloatBitWidth() / 8)
             : 0;
}

/// Gives each load and store through a buffer device address that has no
/// memory operands the Aligned one, which Vulkan requires of them
/// (upstream's vector.load and vector.store lowering leaves it out).
static void alignPhysicalAccesses(spirv::ModuleOp module) {
  auto align = [](auto op, Value pointer) {
    auto type = cast<spirv::PointerType>(pointer.getType());
    if (type.getStorageClass() != spirv::StorageClass::PhysicalStorageBuffer ||
        op.getMemoryAccess())
      return;
    if (uint32_t alignment = getScalarAlignment(type.getPointeeType())) {
      op.setMemoryAccess(spirv::MemoryAccess::Aligned);
      op.setAlignment(alignment);
    }
  };
  module.walk([&](Operation *op) {
    if (auto load = dyn_cast<spirv::LoadOp>(op))
      align(load, load.getPtr());
    else if (auto store = dyn_cast<spirv::StoreOp>(op))
      align(store, store.getPtr());
  });
}

/// What the SPIR-V module needs after conversion: entry points and their
/// interfaces, the casts folded, and the capabilities it uses declared.
static LogicalResult finishSpirvModule(
    spirv::ModuleOp module,
    function_ref<LogicalResult(OpPassManager &, Operation *)> runPipeline) {
  OpPassManager pm(spirv::ModuleOp::getOperationName());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(spirv::createSPIRVLowerABIAttributesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(spirv::createSPIRVUpdateVCEPass());
  return runPipeline(pm, module);
}

/// What spirv-update-vce does not deduce, added to `capabilities` from those
/// of `env`: the capabilities of the built-ins the module reads
/// (GroupNonUniform for the subgroup ids and sizes) and of atomics on 64-bit
/// integers (Int64Atomics).
static void
addUndeducedCapabilities(spirv::ModuleOp module, spirv::TargetEnvAttr env,
                         SmallVectorImpl<spirv::Capability> &capabilities) {
  auto requireAnyOf = [&](ArrayRef<spirv::Capability> anyOf) {
    auto has = [&](spirv::Capability capability) {
      return llvm::is_contained(capabilities, capability);
    };
    if (llvm::any_of(anyOf, has))
      return;
    for (spirv::Capability capability : anyOf)
      if (llvm::is_contained(env.getCapabilities(), capability)) {
        capabilities.push_back(capability);
        return;
      }
  };
  module.walk([&](Operation *op) {
    if (auto variable = dyn_cast<spirv::GlobalVariableOp>(op)) {
      std::optional<StringRef> name = variable.getBuiltIn();
      if (std::optional<spirv::BuiltIn> builtIn =
              name ? spirv::symbolizeBuiltIn(*name) : std::nullopt)
        if (auto anyOf = spirv::getCapabilities(*builtIn))
          requireAnyOf(*anyOf);
      return;
    }
    bool atomic =
        isa<spirv::AtomicAndOp, spirv::AtomicCompareExchangeOp,
            spirv::AtomicCompareExchangeWeakOp, spirv::AtomicExchangeOp,
            spirv::AtomicIAddOp, spirv::AtomicIDecrementOp,
            spirv::AtomicIIncrementOp, spirv::AtomicISubOp, spirv::AtomicOrOp,
            spirv::AtomicSMaxOp, spirv::AtomicSMinOp, spirv::AtomicUMaxOp,
            spirv::AtomicUMinOp, spirv::AtomicXorOp>(op);
    if (atomic && op->getNumResults() &&
        op->getResult(0).getType().isInteger(64))
      requireAnyOf(spirv::Capability::Int64Atomics);
  });
}

/// Declares the module of the target's SPIR-V version, which the ABI needs
/// (an entry point lists every variable it uses from 1.4 on), rather than
/// the lowest its instructions allow; and of the target's extensions only,
/// the others it needs being core in that version; with the capabilities
/// spirv-update-vce misses.
static void declareTargetVersion(spirv::ModuleOp module,
                                 spirv::TargetEnvAttr env) {
  spirv::VerCapExtAttr deduced = module.getVceTripleAttr();
  SmallVector<spirv::Capability> capabilities(deduced.getCapabilities());
  addUndeducedCapabilities(module, env, capabilities);
  SmallVector<spirv::Extension> extensions;
  for (spirv::Extension extension : deduced.getExtensions())
    if (llvm::is_contained(env.getExtensions(), extension))
      extensions.push_back(extension);
  module.setVceTripleAttr(spirv::VerCapExtAttr::get(
      env.getVersion(), capabilities, extensions, module.getContext()));
}

/// Leaves in `module` its spirv.module and, for gpu.launch_func to name,
/// each kernel as an empty func.func of the same type.
static void keepKernelDeclarations(gpu::GPUModuleOp module) {
  OpBuilder builder(module.getContext());
  for (Operation &op : llvm::make_early_inc_range(module.getOps())) {
    if (isa<spirv::ModuleOp>(op))
      continue;
    auto kernel = dyn_cast<gpu::GPUFuncOp>(op);
    if (kernel && kernel.isKernel()) {
      builder.setInsertionPoint(kernel);
      auto declaration = func::FuncOp::create(
          builder, kernel.getLoc(), kernel.getName(), kernel.getFunctionType());
      builder.setInsertionPointToEnd(declaration.addEntryBlock());
      func::ReturnOp::create(builder, kernel.getLoc());
      declaration->setAttr(gpu::GPUDialect::getKernelFuncAttrName(),
                           builder.getUnitAttr());
    }
    op.erase();
  }
}

namespace {
struct LowerGpuToSpirvPass
    : public offload::impl::OffloadLowerGpuToSpirvBase<LowerGpuToSpirvPass> {
  using Base::Base;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    FailureOr<VulkanTargetAttr> target = getVulkanTarget(module);
    if (failed(target) || failed(checkVulkanKernels(module)) ||
        failed(checkKernelParameters(module)) ||
        failed(checkWorkgroupAllocsNotCarried(module)) ||
        failed(inlineDeviceFunctions(module)) ||
        failed(liftControlFlowToScf(module)) ||
        failed(
            replaceDynamicSharedMemory(module, target->getMaxSharedMemory())) ||
        failed(expandAllReducesInWorkgroupMemory(module,
                                                 target->getMaxInvocations())))
      return signalPassFailure();
    spirv::TargetEnvAttr env = vulkan::getTargetEnv(*target);

    OpBuilder builder(module.getContext());
    builder.setInsertionPointToStart(module.getBody());
    auto copy = cast<gpu::GPUModuleOp>(builder.clone(*module));
    copy->setAttr(spirv::getTargetEnvAttrName(), env);
    copy.removeTargetsAttr();
    SPIRVConversionOptions options;
    options.use64bitIndex = indexBitwidth == 64;
    SPIRVTypeConverter types(env, options);
    mapMemorySpaces(copy);
    countPartialSubgroups(copy);
    expandFloatRemainders(copy);
    countLoopsThatMayWrap(copy);
    guardZeroTripLoops(copy);
    for (auto kernel :
         llvm::make_early_inc_range(copy.getOps<gpu::GPUFuncOp>()))
      if (kernel.isKernel() &&
          failed(materializeVulkanKernelAbi(kernel, types, kernelBarePtr)))
        return signalPassFailure();
    // SPIR-V vectors have 2 to 4 elements.
    if (failed(spirv::unrollVectorsInFuncBodies(copy)) ||
        failed(checkSpirvTypes(copy, types)))
      return signalPassFailure();
    FailureOr<spirv::ModuleOp> spirvModule = convertToSpirv(copy, types);
    if (succeeded(spirvModule))
      alignPhysicalAccesses(*spirvModule);
    if (failed(spirvModule) ||
        failed(finishSpirvModule(*spirvModule,
                                 [&](OpPassManager &pm, Operation *op) {
                                   return runPipeline(pm, op);
                                 })))
      return signalPassFailure();
    if (failed(
            checkWorkgroupMemory(*spirvModule, target->getMaxSharedMemory())))
      return signalPassFailure();
    listPushConstantsInInterfaces(*spirvModule);
    declareTargetVersion(*spirvModule, env);
    keepKernelDeclarations(module);
    LLVM_DEBUG(llvm::dbgs()
               << "gpu.module @" << module.getName() << " lowered to SPIR-V\n");
  }

  static LogicalResult checkKernelParameters(gpu::GPUModuleOp module) {
    for (auto kernel : module.getOps<gpu::GPUFuncOp>())
      if (kernel.isKernel() && failed(checkVulkanKernelParameters(kernel)))
        return failure();
    return success();
  }

  /// The one Vulkan target of `module`: one lowering serves one environment.
  FailureOr<VulkanTargetAttr> getVulkanTarget(gpu::GPUModuleOp module) {
    VulkanTargetAttr found;
    if (ArrayAttr targets = module.getTargetsAttr())
      for (Attribute target : targets) {
        auto vulkan = dyn_cast<VulkanTargetAttr>(target);
        if (!vulkan)
          continue;
        if (found && found != vulkan)
          return module.emitError()
                 << "gpu.module @" << module.getName()
                 << " lists two #offload.vulkan targets, " << found << " and "
                 << vulkan
                 << ": one SPIR-V lowering serves one environment; give each "
                    "its own gpu.module";
        found = vulkan;
      }
    if (!found)
      return module.emitError()
             << "offload-lower-gpu-to-spirv lowers gpu.modules for "
                "#offload.vulkan, and gpu.module @"
             << module.getName() << " lists none";
    return found;
  }
};
} // namespace
