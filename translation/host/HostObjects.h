//===- HostObjects.h - #offload.host's objects for the runtime --*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSLATION_HOST_HOSTOBJECTS_H
#define OFFLOAD_TRANSLATION_HOST_HOSTOBJECTS_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::offload {

/// Attaches EmbeddedObjectAttrInterface to #offload.host.
void registerHostEmbeddedObjects(DialectRegistry &registry);

} // namespace mlir::offload

#endif // OFFLOAD_TRANSLATION_HOST_HOSTOBJECTS_H
