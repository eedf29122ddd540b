//===- CodeObject.h - What an HSA code object must be -----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TARGET_ROCM_CODEOBJECT_H
#define OFFLOAD_TARGET_ROCM_CODEOBJECT_H

#include "object_format/amdgpu/AmdgpuChips.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace mlir::offload::rocm {

/// Why `bytes` is not an HSA code object that the HIP runtime would load for
/// `id`, or "" when it is one: an EM_AMDGPU ELF shared object that its bytes
/// hold whole, whose e_flags name `id`'s chip and carry the xnack and
/// sramecc settings of `id` (getAmdgpuFeatureFlags), and whose dynamic
/// symbols are all defined (the loader resolves nothing for a kernel). The
/// text follows "the code object ": "is a CUDA cubin, ...".
std::string checkCodeObject(llvm::ArrayRef<char> bytes,
                            const object_format::AmdgpuTargetId &id);

} // namespace mlir::offload::rocm

#endif // OFFLOAD_TARGET_ROCM_CODEOBJECT_H
