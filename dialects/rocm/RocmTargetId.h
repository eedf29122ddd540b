//===- RocmTargetId.h - What #offload.rocm's parameters mean ----*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The meaning of #offload.rocm's parameters, for its verifier, the lowering
// (the wave size) and the serializer (LLVM's CPU and features, the device
// libraries' controls). The chips themselves are object_format's table,
// which the runtime reads too.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_ROCM_ROCMTARGETID_H
#define OFFLOAD_DIALECTS_ROCM_ROCMTARGETID_H

#include "object_format/amdgpu/AmdgpuChips.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::offload::rocm {

/// The chip of a target that names none, as upstream's #rocdl.target.
inline constexpr llvm::StringLiteral kDefaultChip = "gfx900";
/// Code object version 5: what ROCm 6 and later load by default.
inline constexpr llvm::StringLiteral kDefaultAbi = "500";

/// `chip` as a target ID, or an error through `emitError` that lists the
/// known chips or says which feature is wrong.
FailureOr<object_format::AmdgpuTargetId>
parseTargetId(function_ref<InFlightDiagnostic()> emitError,
              llvm::StringRef chip);

/// Checks every parameter of #offload.rocm but the chip's own spelling.
LogicalResult verifyParameters(function_ref<InFlightDiagnostic()> emitError,
                               int optLevel, llvm::StringRef triple,
                               const object_format::AmdgpuTargetId &id,
                               llvm::StringRef features, llvm::StringRef abi,
                               bool wave64, DictionaryAttr flags);

/// The lanes of a wave for `id`'s chip: 64 on gfx9 and older, else 32 unless
/// `wave64` asks for 64.
unsigned getWaveSize(const object_format::AmdgpuTargetId &id, bool wave64);

/// LLVM's target features for `id` and the attribute's `features`:
/// "+xnack,-sramecc,+wavefrontsize64,..." in a fixed order.
std::string getLlvmFeatures(const object_format::AmdgpuTargetId &id,
                            bool wave64, llvm::StringRef features);

} // namespace mlir::offload::rocm

#endif // OFFLOAD_DIALECTS_ROCM_ROCMTARGETID_H
