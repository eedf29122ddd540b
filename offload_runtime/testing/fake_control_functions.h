/*===- fake_control_functions.h - Every test driver's control ----*- C -*-===*
 *
 * Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
 * See LICENSE for license information.
 * SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
 *
 * The control functions that every test driver exports (fake_driver.h keeps
 * what they report), each named by the driver's prefix and what it does
 * (fakeCudaCallCount, fakeHipCallCount); FakeDriverControl
 * (fake_driver_control.h) binds them by those names.
 *
 *===----------------------------------------------------------------------===*/

#ifndef OFFLOAD_RUNTIME_TESTING_FAKE_CONTROL_FUNCTIONS_H
#define OFFLOAD_RUNTIME_TESTING_FAKE_CONTROL_FUNCTIONS_H

#include <stdint.h>

/* <prefix>CallCount: how often the entry point `name` (without version
 *   suffix) was called.
 * <prefix>ResetCallCounts: forgets all call counts.
 * <prefix>FailCall: the next call of `name` after `skip` successful ones
 *   fails with `result`, the driver's error code.
 * <prefix>LiveStreams: the streams created and not yet destroyed. */
#define FAKE_DRIVER_CONTROL_FUNCTIONS(prefix)                                  \
  int64_t prefix##CallCount(const char *name);                                 \
  void prefix##ResetCallCounts(void);                                          \
  void prefix##FailCall(const char *name, int result, int64_t skip);           \
  int64_t prefix##LiveStreams(void);

#endif /* OFFLOAD_RUNTIME_TESTING_FAKE_CONTROL_FUNCTIONS_H */
