//===- LinkFiles.cpp - The bitcode files a target links -------------------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "target/common/LinkFiles.h"

#include "llvm/Support/FileSystem.h"

using namespace llvm;

namespace mlir::offload {

SmallVector<Attribute> getFilesToLink(ArrayAttr link,
                                      const gpu::TargetOptions &options) {
  SmallVector<Attribute> files;
  if (link)
    files.append(link.begin(), link.end());
  llvm::append_range(files, options.getLibrariesToLink());
  return files;
}

LogicalResult checkFilesToLink(ArrayRef<Attribute> files,
                               function_ref<InFlightDiagnostic()> emitError) {
  for (Attribute file : files) {
    auto path = dyn_cast<StringAttr>(file);
    if (!path)
      continue;
    sys::fs::file_status status;
    std::error_code error = sys::fs::status(path.getValue(), status);
    if (!error && status.type() == sys::fs::file_type::regular_file)
      continue;
    InFlightDiagnostic diag = emitError()
                              << "the bitcode file " << path << " to link ";
    if (error == std::errc::no_such_file_or_directory)
      diag << "does not exist";
    else if (error)
      diag << "cannot be read: " << error.message();
    else if (status.type() == sys::fs::file_type::directory_file)
      diag << "is a directory";
    else
      diag << "is not a regular file (a device, FIFO or socket)";
    return diag;
  }
  return success();
}

} // namespace mlir::offload
