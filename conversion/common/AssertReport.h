//===- AssertReport.h - What a failed cf.assert prints ----------*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A failed cf.assert prints one line in each thread that fails it, in the
// words of CUDA's device-side assert, on every target that runs asserts:
//
//   file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `msg`
//   failed.
//
// so that one program's output reads the same on every GPU and on the
// host.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_COMMON_ASSERTREPORT_H
#define OFFLOAD_CONVERSION_COMMON_ASSERTREPORT_H

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"

#include <string>

namespace mlir::offload {

/// The gpu.printf format of the line that `op` prints when it fails: its
/// six arguments are the block's ids and the thread's (x, y, z), as i32.
/// The file, line and function are those that upstream's NVVM lowering
/// passes to __assertfail: of the innermost callee of call-site locations,
/// the function being a name location's name; "(unknown)" and 0 when the
/// location has none.
std::string getAssertReportFormat(cf::AssertOp op);

} // namespace mlir::offload

#endif // OFFLOAD_CONVERSION_COMMON_ASSERTREPORT_H
