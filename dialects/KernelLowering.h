//===- KernelLowering.h - How a target's kernels lower ----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The interface through which the passes that split a gpu.module by
// lowering, lower each copy and merge the binaries back learn what each
// target's kernels need. Each lowering attaches it to its targets from its
// own folder (registerKernelLowering), so those passes name no target, and
// a new target adds its lowering without editing them.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_KERNELLOWERING_H
#define OFFLOAD_DIALECTS_KERNELLOWERING_H

#include "dialects/OffloadDialect.h"
#include "dialects/UpstreamTargets.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

namespace mlir {
class LLVMTypeConverter;

namespace offload {

/// What every lowering of kernels takes from offload-lower-kernels.
struct KernelLoweringOptions {
  /// Bit width of index in the kernels, 64 or 32.
  unsigned indexBitwidth = 64;
  /// Kernels take memrefs of static shape as bare pointers.
  bool kernelBarePtr = false;
};

} // namespace offload
} // namespace mlir

#include "dialects/KernelLoweringInterface.h.inc"

namespace mlir::offload {

/// The lowering of `target`: that of getOffloadTarget(target), which maps
/// upstream's targets to ours. Fails with one error through `emitError`
/// where that does, or where no lowering is registered for the target.
FailureOr<KernelLoweringAttrInterface>
getKernelLowering(Attribute target,
                  function_ref<InFlightDiagnostic()> emitError);

/// The one lowering that all of `module`'s targets take: that of its first
/// target, or of a default #offload.cuda when it lists none, as upstream
/// lowers a gpu.module without targets for NVIDIA GPUs. Fails with one error
/// at the module where its targets need different lowerings.
FailureOr<KernelLoweringAttrInterface>
getModuleLowering(gpu::GPUModuleOp module);

namespace detail {
/// Loads the dialects of the passes that `addPasses` adds.
void loadLoweringDialects(MLIRContext *context,
                          void (*addPasses)(OpPassManager &,
                                            const KernelLoweringOptions &));
/// Adds the dialects (and their extensions) of the passes that `addPasses`
/// adds to `registry`.
void registerLoweringDialects(DialectRegistry &registry,
                              void (*addPasses)(OpPassManager &,
                                                const KernelLoweringOptions &));
} // namespace detail

/// The base of a lowering's model of KernelLoweringAttrInterface for
/// `Attr`: `Model` gives getLoweringName, describeLowering, a static
/// `addPasses(OpPassManager &, const KernelLoweringOptions &)` and, if its
/// lowering ends in the LLVM dialect, configureLLVMTypeConverter.
template <typename Model, typename Attr>
struct KernelLoweringModel
    : public KernelLoweringAttrInterface::ExternalModel<Model, Attr> {
  void addLoweringPasses(Attribute, OpPassManager &pm,
                         const KernelLoweringOptions &options) const {
    Model::addPasses(pm, options);
  }

  /// Attaches the model to `Attr` in every context made with `registry`.
  /// The lowering runs as a dynamic pipeline, whose dialects must be loaded
  /// before passes run on several threads: they load with the offload
  /// dialect.
  static void registerWith(DialectRegistry &registry) {
    detail::registerLoweringDialects(registry, &Model::addPasses);
    registry.addExtension(+[](MLIRContext *context, OffloadDialect *) {
      Attr::template attachInterface<Model>(*context);
      detail::loadLoweringDialects(context, &Model::addPasses);
    });
  }
};

} // namespace mlir::offload

#endif // OFFLOAD_DIALECTS_KERNELLOWERING_H
