//===- object_selection.h - The object that fits a device -------*- C++ -*-===//
//
// Part of mlir-offload.
//
// One gpu.binary can hold objects for several architectures; at load time the
// runtime picks the one to give the driver, as CUDA's own rules for running
// SASS and PTX allow.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_OBJECT_SELECTION_H
#define OFFLOAD_RUNTIME_OBJECT_SELECTION_H

#include "mgpu/mgpu.h"

#include <string>

namespace mgpu {

/// The index of the best object for a device of compute capability
/// `computeCapability` (90 for sm_90), or -1 if none can run there.
int SelectObject(const MgpuObject *objects, int count, int computeCapability);

/// "cubin sm_90, PTX sm_100a": what the objects are, for messages.
std::string DescribeObjects(const MgpuObject *objects, int count);

} // namespace mgpu

#endif // OFFLOAD_RUNTIME_OBJECT_SELECTION_H
