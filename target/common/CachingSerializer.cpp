//===- CachingSerializer.cpp - ModuleToObject with an object cache --------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/CachingSerializer.h"

#include "target/common/Backend.h"
#include "target/common/LlvmOptions.h"

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

#define DEBUG_TYPE "offload-object-cache"

using namespace llvm;

namespace mlir::offload {

/// What stands for this compiler in keys: LLVM's version and the file that
/// holds this code (a tool, or the plugin loaded into mlir-opt), so that a
/// rebuilt compiler never takes objects of the one before.
static StringRef getCompilerIdentity() {
  static const std::string identity = [] {
    CacheKey key;
    key.add(LLVM_VERSION_STRING);
    Dl_info info;
    if (dladdr(reinterpret_cast<void *>(&getCompilerIdentity), &info) &&
        info.dli_fname)
      key.addFileIdentity(info.dli_fname);
    return key.finalize();
  }();
  return identity;
}

CachingSerializer::CachingSerializer(gpu::GPUModuleOp module, Attribute target,
                                     StringRef triple, StringRef chip,
                                     StringRef features, int optLevel,
                                     const gpu::TargetOptions &options)
    : ModuleToObject(
          *module, triple, chip, features, optLevel,
          options.getInitialLlvmIRCallback(), options.getLinkedLlvmIRCallback(),
          options.getOptimizedLlvmIRCallback(), options.getISACallback()),
      gpuModule(module), options(options), target(target) {}

std::optional<SmallVector<char, 0>> CachingSerializer::run() {
  // Upstream's gpu-module-to-binary reports a format name it does not know
  // ("Invalid format specified.") and goes on with whatever value it has.
  switch (options.getCompilationTarget()) {
  case gpu::CompilationTarget::Offload:
  case gpu::CompilationTarget::Assembly:
  case gpu::CompilationTarget::Binary:
  case gpu::CompilationTarget::Fatbin:
    break;
  default:
    emitModuleError() << "no object format to compile to: the formats are "
                         "offloading (llvm), assembly (isa), binary (bin) "
                         "and fatbinary (fatbin)";
    return std::nullopt;
  }
  bool showsIntermediates = initialLlvmIRCallback || linkedLlvmIRCallback ||
                            optimizedLlvmIRCallback || isaCallback;
  if (!showsIntermediates) {
    Expected<std::optional<ObjectCache>> fromEnvironment =
        ObjectCache::fromEnvironment();
    if (!fromEnvironment) {
      emitModuleError() << toString(fromEnvironment.takeError());
      return std::nullopt;
    }
    cache = std::move(*fromEnvironment);
    // Such an option changes the object without changing the key.
    std::optional<std::string> option =
        cache ? findCodeChangingOption() : std::nullopt;
    if (option) {
      LLVM_DEBUG(dbgs() << "cache bypassed for gpu.module @"
                        << gpuModule.getName() << ": --" << *option
                        << " is set, and LLVM's options are not in the key\n");
      cache.reset();
    }
  }
  std::optional<SmallVector<char, 0>> object = ModuleToObject::run();
  finishCompile();
  return object;
}

void CachingSerializer::emitToolRemark(const Twine &message) {
  remarks.push_back(message.str());
  gpuModule.emitRemark() << remarks.back();
}

void CachingSerializer::handleModulePostLink(llvm::Module &llvmModule) {
  if (!cache)
    return;
  CacheKey builder;
  builder.add(getCompilerIdentity());
  std::string attribute;
  raw_string_ostream(attribute) << target;
  builder.add(attribute);
  builder.add(static_cast<uint64_t>(options.getCompilationTarget()));
  builder.add(options.getCmdOptions());
  if (failed(addToolsToKey(builder))) {
    keyFailed = true;
    return;
  }
  SmallVector<char, 0> bitcode;
  raw_svector_ostream os(bitcode);
  WriteBitcodeToFile(llvmModule, os);
  builder.add(StringRef(bitcode.data(), bitcode.size()));
  key = builder.finalize();
  hit = cache->lookup(key);
}

LogicalResult CachingSerializer::optimizeModule(llvm::Module &llvmModule,
                                                int level) {
  if (keyFailed)
    return failure();
  if (hit)
    return success();
  prepareToCompile();
  const TargetLibraryInfoImpl *library = getLibraryInfo();
  if (!library)
    return ModuleToObject::optimizeModule(llvmModule, level);
  FailureOr<TargetMachine *> machine = getOrCreateTargetMachine();
  if (failed(machine))
    return emitModuleError() << "LLVM has no target machine for " << triple;
  runOptimizer(llvmModule, **machine, level, *library);
  return success();
}

FailureOr<SmallVector<char, 0>>
CachingSerializer::moduleToObject(llvm::Module &llvmModule) {
  if (hit) {
    for (const std::string &remark : hit->remarks)
      gpuModule.emitRemark() << remark;
    return std::move(hit->object);
  }
  FailureOr<SmallVector<char, 0>> object = compileObject(llvmModule);
  if (succeeded(object) && cache)
    cache->store(key, CachedObject{*object, remarks});
  return object;
}

} // namespace mlir::offload
