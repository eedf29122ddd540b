//===- CudaChips.h - NVIDIA chips and PTX ISA versions ----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//
//
// The SM architectures that both LLVM 22's NVPTX backend and CUDA 13's ptxas
// accept, with the oldest PTX ISA version that can target each, so that bad
// combinations are diagnosed in MLIR instead of aborting in the backend.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_DIALECTS_CUDA_CUDACHIPS_H
#define OFFLOAD_DIALECTS_CUDA_CUDACHIPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace mlir::offload::cuda {

/// What code for a chip runs on, besides the chip itself.
enum class ArchVariant {
  /// sm_90: later minors of its major run it.
  Portable,
  /// sm_90a: only sm_90 runs it.
  Specific,
  /// sm_100f: later minors of its major run it; needs their common features.
  Family,
};

struct Chip {
  llvm::StringLiteral name;
  /// Compute capability as major * 10 + minor: 90 for sm_90 and sm_90a.
  unsigned arch;
  ArchVariant variant;
  /// PTX ISA version as major * 10 + minor.
  unsigned minPtxVersion;
};

/// The chip of a target that names none: the oldest that the CUDA 13
/// toolkit supports, so the first of the table. The attribute's default,
/// the attach pass's and the CUDA pipelines' when given no chips.
inline constexpr llvm::StringLiteral kDefaultChip = "sm_75";

/// Every supported chip, oldest first.
llvm::ArrayRef<Chip> getSupportedChips();

/// The chip called `name`, or null.
const Chip *lookupChip(llvm::StringRef name);

/// "sm_75, sm_80, ...": for diagnostics.
std::string listSupportedChips();

/// The architecture suffix that ptxas and fatbinary take: "sm_90a" -> "90a".
llvm::StringRef getArchSuffix(const Chip &chip);

/// Whether LLVM's NVPTX backend knows PTX ISA `version`.
bool isKnownPtxVersion(unsigned version);

/// The first CUDA release (130 for 13.0) whose assembler takes PTX ISA
/// `version`; 110 for those older than 7.8.
unsigned getCudaVersionForPtx(unsigned version);

/// 78 -> "7.8".
std::string formatPtxVersion(unsigned version);

/// Parses a feature string: empty, or comma-separated `+ptxNN` entries (the
/// last one wins, as in LLVM), spelled exactly so: no spaces, no leading
/// zeros. Returns the requested PTX ISA version, if any.
llvm::Expected<std::optional<unsigned>>
parsePtxFeatures(llvm::StringRef features);

} // namespace mlir::offload::cuda

#endif // OFFLOAD_DIALECTS_CUDA_CUDACHIPS_H
