//===- EmbeddedObjects.h - The objects #offload.loader embeds ---*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSLATION_EMBEDDEDOBJECTS_H
#define OFFLOAD_TRANSLATION_EMBEDDEDOBJECTS_H

#include "dialects/OffloadDialect.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::offload {

/// One object of a gpu.binary as libmgpu's MgpuObject describes it.
struct EmbeddedObject {
  gpu::ObjectAttr object;
  /// MGPU_OBJECT_CUBIN, _FATBIN, _PTX, _HOST, _SPIRV or _AMDGPU.
  int kind;
  /// 10 * major + minor: 90 for sm_90 and sm_90a; a host object's ELF
  /// machine; an AMDGPU object's EF_AMDGPU_MACH.
  int arch;
  /// MGPU_ARCH_PORTABLE, _SPECIFIC ('a') or _FAMILY ('f'); an AMDGPU
  /// object's xnack and sramecc flags.
  int archVariant;
};

/// The objects of `binary` to embed: the one that `loader`'s `object`
/// chooses, or all of them. Reports at `binary` an object that the runtime
/// cannot load (LLVM bitcode, host assembly, another target's), one whose
/// bytes are not what it is embedded as (object_format: a fatbin embedded as
/// a cubin, a host object that is no host shared object) or are truncated,
/// and a choice that matches nothing.
FailureOr<SmallVector<EmbeddedObject>> getObjectsToEmbed(gpu::BinaryOp binary,
                                                         LoaderAttr loader);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSLATION_EMBEDDEDOBJECTS_H
