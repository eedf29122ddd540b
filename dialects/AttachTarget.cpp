//===- AttachTarget.cpp - Attach #offload.cuda to gpu.modules -------------===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#include "dialects/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/Regex.h"

#define DEBUG_TYPE "offload-attach-target"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADATTACHTARGET
#include "dialects/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;
using namespace mlir::offload;

namespace {
struct AttachTargetPass
    : public offload::impl::OffloadAttachTargetBase<AttachTargetPass> {
  using Base::Base;

  void runOnOperation() override;

private:
  /// Builds the target from the options, reporting bad ones at `loc`.
  CudaTargetAttr buildTarget(Location loc);
};
} // namespace

static ArrayAttr getStringArray(Builder &builder, ArrayRef<std::string> list) {
  if (list.empty())
    return nullptr;
  return builder.getStrArrayAttr(llvm::to_vector(llvm::map_range(
      list, [](const std::string &s) { return StringRef(s); })));
}

CudaTargetAttr AttachTargetPass::buildTarget(Location loc) {
  Builder builder(&getContext());
  SmallVector<NamedAttribute> flags;
  if (fastFlag)
    flags.push_back(builder.getNamedAttr("fast", builder.getUnitAttr()));
  if (ftzFlag)
    flags.push_back(builder.getNamedAttr("ftz", builder.getUnitAttr()));
  return CudaTargetAttr::getChecked(
      [&] { return emitError(loc, "offload-attach-target: "); }, &getContext(),
      static_cast<int>(optLevel), StringRef(triple), StringRef(chip),
      StringRef(features),
      flags.empty() ? nullptr : builder.getDictionaryAttr(flags),
      getStringArray(builder, linkLibs), getStringArray(builder, ptxasOptions));
}

void AttachTargetPass::runOnOperation() {
  ModuleOp module = getOperation();
  llvm::Regex matcher("^(" + moduleMatcher + ")$");
  std::string regexError;
  if (!matcher.isValid(regexError)) {
    emitError(module.getLoc())
        << "offload-attach-target: invalid module pattern '" << moduleMatcher
        << "': " << regexError;
    return signalPassFailure();
  }
  CudaTargetAttr target = buildTarget(module.getLoc());
  if (!target)
    return signalPassFailure();

  for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
    if (!matcher.match(gpuModule.getName()))
      continue;
    SmallVector<Attribute> targets;
    if (ArrayAttr existing = gpuModule.getTargetsAttr())
      targets.append(existing.begin(), existing.end());
    if (llvm::is_contained(targets, target))
      continue;
    targets.push_back(target);
    gpuModule.setTargetsAttr(ArrayAttr::get(&getContext(), targets));
    LLVM_DEBUG(llvm::dbgs() << "attached " << target << " to gpu.module @"
                            << gpuModule.getName() << "\n");
  }
}
