//===- ModuleToBinary.cpp - gpu.module to gpu.binary in parallel ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "transforms/Passes.h"

#include "dialects/KernelLowering.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/ThreadPool.h"

#include <mutex>

#define DEBUG_TYPE "offload-module-to-binary"

namespace mlir::offload {
#define GEN_PASS_DEF_OFFLOADMODULETOBINARY
#include "transforms/Passes.h.inc"
} // namespace mlir::offload

using namespace mlir;

namespace {
/// One object to compile: a module for one of its targets.
struct Serialization {
  gpu::GPUModuleOp module;
  gpu::TargetAttrInterface target;
  std::optional<SmallVector<char, 0>> object;
  /// Whether the target reported an error of its own.
  bool diagnosed = false;
};

/// Fails, at `module`, unless this tool registered a serializer for `target`.
/// A dialect may only promise one (ours does, as its serializers link LLVM's
/// backends): asking such an attribute for the interface would abort.
static LogicalResult checkSerializer(gpu::GPUModuleOp module,
                                     Attribute target) {
  if (target.getAbstractAttribute().hasInterface(
          gpu::TargetAttrInterface::getInterfaceID()))
    return success();
  return module.emitError()
         << "cannot compile gpu.module @" << module.getName() << " for "
         << target << ": this tool has no serializer for it ("
         << offload::kLoadDialectPluginHint << ")";
}

/// Whether the serialization that this thread runs has reported an error.
thread_local bool errorOnThisThread = false;

struct ModuleToBinaryPass
    : public offload::impl::OffloadModuleToBinaryBase<ModuleToBinaryPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<gpu::CompilationTarget> format =
        llvm::StringSwitch<std::optional<gpu::CompilationTarget>>(
            compilationTarget)
            .Cases({"offloading", "llvm"}, gpu::CompilationTarget::Offload)
            .Cases({"assembly", "isa"}, gpu::CompilationTarget::Assembly)
            .Cases({"binary", "bin"}, gpu::CompilationTarget::Binary)
            .Cases({"fatbinary", "fatbin"}, gpu::CompilationTarget::Fatbin)
            .Default(std::nullopt);
    if (!format) {
      getOperation()->emitError()
          << "unknown format '" << compilationTarget
          << "': one of offloading (llvm), assembly (isa), binary (bin), "
             "fatbinary (fatbin)";
      return signalPassFailure();
    }

    SmallVector<gpu::GPUModuleOp> modules;
    for (Region &region : getOperation()->getRegions())
      for (Block &block : region)
        llvm::append_range(modules, block.getOps<gpu::GPUModuleOp>());
    bool failedAny = false;
    SmallVector<Serialization> serializations;
    for (gpu::GPUModuleOp module : modules) {
      ArrayAttr targets = module.getTargetsAttr();
      if (!targets || targets.empty()) {
        module.emitError() << "gpu.module @" << module.getName()
                           << " has no target attribute to compile it for";
        failedAny = true;
        continue;
      }
      for (Attribute target : targets) {
        if (failed(checkSerializer(module, target))) {
          failedAny = true;
          continue;
        }
        serializations.push_back(
            {module, cast<gpu::TargetAttrInterface>(target)});
      }
    }
    if (failedAny)
      return signalPassFailure();

    // Targets look symbols up from any thread; the table is built once.
    std::optional<SymbolTable> symbolTable;
    std::once_flag symbolTableBuilt;
    Operation *tableOp = SymbolTable::getNearestSymbolTable(getOperation());
    auto getSymbolTable = [&]() -> SymbolTable * {
      if (!tableOp)
        return nullptr;
      std::call_once(symbolTableBuilt, [&] { symbolTable.emplace(tableOp); });
      return &*symbolTable;
    };
    SmallVector<Attribute> libraries;
    for (const std::string &path : linkFiles)
      libraries.push_back(StringAttr::get(&getContext(), path));
    gpu::TargetOptions options(toolkitPath, libraries, cmdOptions, elfSection,
                               *format, getSymbolTable);

    serializeAll(serializations, options);

    for (Serialization &serialization : serializations) {
      if (serialization.object || serialization.diagnosed)
        continue;
      serialization.module.emitError()
          << "cannot compile gpu.module @" << serialization.module.getName()
          << " for " << serialization.target;
    }
    for (gpu::GPUModuleOp module : modules)
      failedAny |= failed(replaceByBinary(module, serializations, options));
    if (failedAny)
      signalPassFailure();
  }

  /// Compiles every object, each on its own thread of the pool, with the
  /// diagnostics in the order of `serializations`.
  void serializeAll(MutableArrayRef<Serialization> serializations,
                    const gpu::TargetOptions &options) {
    MLIRContext *context = &getContext();
    ParallelDiagnosticHandler ordered(context);
    // Registered after `ordered`, so it sees each diagnostic first.
    ScopedDiagnosticHandler noteErrors(context, [](Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() == DiagnosticSeverity::Error)
        errorOnThisThread = true;
      return failure();
    });
    auto serialize = [&](size_t index) {
      Serialization &serialization = serializations[index];
      ordered.setOrderIDForThread(index);
      errorOnThisThread = false;
      LLVM_DEBUG(llvm::dbgs()
                 << "compiling gpu.module @" << serialization.module.getName()
                 << " for " << serialization.target << "\n");
      serialization.object =
          serialization.target.serializeToObject(serialization.module, options);
      serialization.diagnosed = errorOnThisThread;
      ordered.eraseOrderIDForThread();
    };
    // Not mlir::parallelFor: its own ordering handler would take the
    // diagnostics before `noteErrors` sees them.
    if (!context->isMultithreadingEnabled()) {
      for (size_t index = 0; index < serializations.size(); ++index)
        serialize(index);
      return;
    }
    llvm::ThreadPoolTaskGroup tasks(context->getThreadPool());
    for (size_t index = 0; index < serializations.size(); ++index)
      tasks.async([&serialize, index] { serialize(index); });
    tasks.wait();
  }

  /// Replaces `module` by a gpu.binary of its objects, if all compiled.
  LogicalResult replaceByBinary(gpu::GPUModuleOp module,
                                ArrayRef<Serialization> serializations,
                                const gpu::TargetOptions &options) {
    SmallVector<Attribute> objects;
    bool complete = true;
    for (const Serialization &serialization : serializations) {
      if (serialization.module != module)
        continue;
      if (!serialization.object) {
        complete = false;
        continue;
      }
      Attribute object = serialization.target.createObject(
          module, *serialization.object, options);
      if (!object)
        return module.emitError()
               << "cannot make an object of gpu.module @" << module.getName()
               << " for " << serialization.target;
      objects.push_back(object);
    }
    if (!complete)
      return failure();
    OpBuilder builder(module);
    gpu::BinaryOp::create(builder, module.getLoc(), module.getName(),
                          module.getOffloadingHandlerAttr(),
                          builder.getArrayAttr(objects));
    module->erase();
    return success();
  }
};
} // namespace
