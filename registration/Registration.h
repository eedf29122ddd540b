//===- Registration.h - Everything mlir-offload registers -------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// The one place where the layers below meet: tools and the plugin call these
// (as upstream tools call InitAllDialects.h and InitAllPasses.h), never the
// libraries of the layers themselves.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_REGISTRATION_REGISTRATION_H
#define OFFLOAD_REGISTRATION_REGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// The offload dialect with every interface model it promises: each
/// target's (#offload.cuda, #offload.host), #offload.loader's translation,
/// and the LLVM IR translations that serializing a gpu.module needs. Models
/// reach a context only through its registry: call this before making the
/// context, as upstream tools call registerAllExtensions.
void registerOffloadDialect(DialectRegistry &registry);

/// Our passes and the pipelines, once: the dialect plugin, the pass plugin
/// and the tools may all ask, and registering a pipeline twice aborts.
void registerOffloadPassesOnce();

/// What a tool of ours registers, as its upstream counterpart does: every
/// upstream dialect and extension with ours (offload-opt, offload-reduce,
/// offload-lsp-server).
void registerAllDialectsWithOffload(DialectRegistry &registry);

/// Every upstream pass with ours, once.
void registerAllPassesWithOffload();

} // namespace mlir::offload

#endif // OFFLOAD_REGISTRATION_REGISTRATION_H
