//===- CachingSerializer.h - ModuleToObject with an object cache -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_COMMON_CACHINGSERIALIZER_H
#define OFFLOAD_TARGET_COMMON_CACHINGSERIALIZER_H

#include "target/common/ObjectCache.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Target/LLVM/ModuleToObject.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class TargetLibraryInfoImpl;
} // namespace llvm

namespace mlir::offload {

/// A target's serializer whose objects go through the ObjectCache: once the
/// module is translated and linked, its bitcode, the target attribute, the
/// format, the pass options, this compiler and the target's tools make the
/// key; a hit skips the optimizer, the backend and the tools, and repeats the
/// remarks the tools made. The cache stays out of the way when the caller
/// asked to see intermediate LLVM IR or ISA, which a hit would not produce.
class CachingSerializer : public LLVM::ModuleToObject {
public:
  CachingSerializer(gpu::GPUModuleOp module, Attribute target, StringRef triple,
                    StringRef chip, StringRef features, int optLevel,
                    const gpu::TargetOptions &options);

  std::optional<SmallVector<char, 0>> run() override;

protected:
  /// The object of `llvmModule`, linked and optimized.
  virtual FailureOr<SmallVector<char, 0>>
  compileObject(llvm::Module &llvmModule) = 0;

  /// Adds the tools that compileObject() will use, with their versions, to
  /// `key`. Failure, reported at the module, when they cannot be had.
  virtual LogicalResult addToolsToKey(CacheKey &key) = 0;

  /// Called once the object is known to be compiled, not taken from the
  /// cache, before the optimizer runs: a target begins here what its tools
  /// need later (loading a library), so that it overlaps the optimizer and
  /// the backend.
  virtual void prepareToCompile() {}

  /// Called once the compile is over, failed or not, before run() returns:
  /// a target ends here what prepareToCompile() began.
  virtual void finishCompile() {}

  /// An error at the module, prefixed with what was being compiled.
  virtual InFlightDiagnostic emitModuleError() = 0;

  /// What the optimizer knows of the C library the object will call, where
  /// the target knows more than LLVM does from the triple (a vector math
  /// library); null for LLVM's default. Asked after addToolsToKey().
  virtual const llvm::TargetLibraryInfoImpl *getLibraryInfo() {
    return nullptr;
  }

  /// A tool's message, as a remark at the module, which a cache hit repeats.
  void emitToolRemark(const Twine &message);

  gpu::GPUModuleOp gpuModule;
  const gpu::TargetOptions &options;

private:
  void handleModulePostLink(llvm::Module &llvmModule) final;
  LogicalResult optimizeModule(llvm::Module &llvmModule, int level) final;
  FailureOr<SmallVector<char, 0>>
  moduleToObject(llvm::Module &llvmModule) final;

  Attribute target;
  std::optional<ObjectCache> cache;
  std::string key;
  std::optional<CachedObject> hit;
  std::vector<std::string> remarks;
  bool keyFailed = false;
};

} // namespace mlir::offload

#endif // OFFLOAD_TARGET_COMMON_CACHINGSERIALIZER_H
