//===- translation_fuzzer.cc - gpu.binary and gpu.launch_func to LLVM IR --===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Parses the input as a module and, if it parses and verifies, translates it
// to LLVM IR with #offload.loader's translation, as offload-translate does.
// A module the translation cannot take, or that gives invalid LLVM IR, must
// fail with a diagnostic. Crashes, aborts, sanitizer reports and failures
// without a diagnostic are findings.
//
//===----------------------------------------------------------------------===//

#include "dialects/OffloadDialect.h"
#include "dialects/cuda/NvvmTargetMapping.h"
#include "dialects/rocm/RocdlTargetMapping.h"
#include "translation/LoaderTranslation.h"
#include "translation/VerifiedTranslation.h"
#include "translation/cuda/CudaObjects.h"
#include "translation/host/HostObjects.h"
#include "translation/rocm/RocmObjects.h"
#include "translation/vulkan/VulkanObjects.h"

#include "fuzz/FuzzInput.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdlib>
#include <memory>
#include <string>

using namespace mlir;

/// The context the inputs are parsed in.
static std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  registry.insert<offload::OffloadDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                  NVVM::NVVMDialect, func::FuncDialect, DLTIDialect>();
  // As offload-translate: every translation, #gpu.select_object's too (a
  // gpu.binary without a handler gets it), then ours.
  registerAllToLLVMIRTranslations(registry);
  offload::registerLoaderTranslationInterfaceExternalModels(registry);
  // What registerOffloadToLLVMIRTranslationModels registers: this fuzzer
  // compiles the sources it needs itself, without the registration library.
  offload::registerNvvmTargetMapping(registry);
  offload::registerRocdlTargetMapping(registry);
  offload::registerCudaEmbeddedObjects(registry);
  offload::registerHostEmbeddedObjects(registry);
  offload::registerRocmEmbeddedObjects(registry);
  offload::registerVulkanEmbeddedObjects(registry);
  auto context = std::make_unique<MLIRContext>(registry);
  context->loadAllAvailableDialects();
  context->disableMultithreading();
  return context;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  offload::fuzz::FuzzInput input(data, size, makeContext, 20000);
  OwningOpRef<ModuleOp> module = input.parseModule();
  if (!module)
    return 0;
  llvm::LLVMContext llvmContext;
  // Invalid LLVM IR is a diagnostic of translateToVerifiedLLVMIR, like any
  // other failure; only a failure without one is a finding.
  if (!offload::translateToVerifiedLLVMIR(*module, llvmContext) &&
      !input.diagnosed)
    llvm::report_fatal_error("the translation failed without a diagnostic");
  return 0;
}
