//===- LinkedFunctions.h - `link` files' code, fit for the target -*- C++
//-*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A function keeps its own "target-cpu" and "target-features" when it is
// linked, and the AMDGPU backend compiles each function for what they say,
// whatever the code object is for: a file built for gfx942 would put
// gfx942's instructions in a gfx90a object. So every function of a `link`
// file must be for the target's chip, xnack and sramecc modes and wave
// size, as the file is for one target; and of its functions, those left
// once the module is optimized (the inliner keeps apart functions of other
// features; code of another chip that the target's libraries, ockl, guard
// by a check of the chip is gone by then) may ask for no feature that the
// target lacks.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_ROCM_LINKEDFUNCTIONS_H
#define OFFLOAD_TARGET_ROCM_LINKEDFUNCTIONS_H

#include "object_format/amdgpu/AmdgpuChips.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class MCSubtargetInfo;
class Module;
} // namespace llvm

namespace mlir::offload::rocm {

/// What code linked into a module must run on.
struct LinkTarget {
  object_format::AmdgpuTargetId id;
  /// 32 or 64.
  unsigned waveSize;
  /// The backend's subtarget for the chip and the target's features.
  const llvm::MCSubtargetInfo &subtarget;
};

/// Why a function that `file` (called `name`) defines is for another chip,
/// xnack or sramecc mode, or wave size than `target`, as its "target-cpu"
/// and "target-features" say ("the bitcode file "f.bc" to link is for
/// gfx942 (...), not gfx90a"), or "".
std::string checkLinkFileTarget(const llvm::Module &file, llvm::StringRef name,
                                const LinkTarget &target);

/// Marks each function that `file` defines as coming from `name`.
void markLinkFileFunctions(llvm::Module &file, llvm::StringRef name);

/// Why the first marked function left in `module` asks for a feature that
/// `target` does not have or that the backend does not know, or "" when
/// none does. Removes the marks.
std::string checkLinkedFunctions(llvm::Module &module,
                                 const LinkTarget &target);

} // namespace mlir::offload::rocm

#endif // OFFLOAD_TARGET_ROCM_LINKEDFUNCTIONS_H
