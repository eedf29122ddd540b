//===- HostSerializer.h - gpu.module to a shared object ---------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_HOST_HOSTSERIALIZER_H
#define OFFLOAD_TARGET_HOST_HOSTSERIALIZER_H

#include "dialects/OffloadDialect.h"
#include "dialects/host/HostTargetAttr.h"
#include "target/common/CachingSerializer.h"
#include "target/host/HostMachine.h"
#include "target/host/HostVectorMath.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <optional>
#include <string>

namespace mlir::offload::host {

/// Compiles one gpu.module, lowered by offload-lower-gpu-to-host, for an
/// #offload.host target: LLVM IR optimized at `O` for the CPU, then bitcode
/// (`offload`), assembly (`isa`), or an object linked by ld.lld into a shared
/// object (`bin`, `fatbin`), which the runtime loads from memory. Loops of
/// math calls vectorize through glibc's libmvec where the compiling machine
/// has it, and the shared object then needs it.
class HostSerializer : public CachingSerializer {
public:
  HostSerializer(gpu::GPUModuleOp module, HostTargetAttr target,
                 const HostMachine &machine, const gpu::TargetOptions &options);

protected:
  FailureOr<SmallVector<char, 0>>
  compileObject(llvm::Module &llvmModule) override;
  LogicalResult addToolsToKey(CacheKey &key) override;
  InFlightDiagnostic emitModuleError() override;
  const llvm::TargetLibraryInfoImpl *getLibraryInfo() override;

private:
  /// The object file, position-independent for a shared object.
  FailureOr<SmallVector<char, 0>> emitObject(llvm::Module &llvmModule);
  FailureOr<SmallVector<char, 0>> linkSharedObject(ArrayRef<char> object);

  /// Finds the vector math library once, for the key and the compile.
  LogicalResult findVectorMath();

  HostTargetAttr target;
  HostMachine machine;
  bool vectorMathFound = false;
  std::optional<VectorMathLibrary> vectorMath;
  std::optional<llvm::TargetLibraryInfoImpl> libraryInfo;
};

} // namespace mlir::offload::host

#endif // OFFLOAD_TARGET_HOST_HOSTSERIALIZER_H
