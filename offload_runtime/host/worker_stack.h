//===- worker_stack.h - A worker's stack for the calling thread -*- C++ -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// A launch that its caller waits for at once runs on the caller's thread
// (HostStream::RunNowIfIdle): a stream's thread in between cost two context
// switches a launch on a machine with fewer cores than threads. Its blocks
// keep their static workgroup memory on the stack (thread_pool.h), up to
// 16 MiB, where the caller's stack may be 8 MiB in all (the main thread's
// usual limit) or less: so they run on a stack as large as a worker's, kept
// for the calling thread from its first such launch to its end.
//
// The stack is mapped without reserving memory: a thread holds the pages
// its blocks touched, until it ends. AddressSanitizer is told of each
// switch, so that a trap's longjmp on that stack finds the right bounds.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_RUNTIME_HOST_WORKER_STACK_H
#define OFFLOAD_RUNTIME_HOST_WORKER_STACK_H

namespace mgpu::host {

/// Whether RunOnWorkerStack can run here: false where the machine has no
/// stack switch (only x86-64 has one), where there is no memory for the
/// calling thread's stack, once the thread's thread-locals are destroyed,
/// and while the thread runs on that stack already.
bool HaveWorkerStack();

/// Calls `body(arg)` on the calling thread's worker stack, which
/// HaveWorkerStack() said it has; nothing may unwind out of `body`.
void RunOnWorkerStack(void (*body)(void *), void *arg);

/// The same for a callable, which must not throw.
template <typename Body> void RunOnWorkerStack(Body &body) {
  RunOnWorkerStack([](void *self) { (*static_cast<Body *>(self))(); },
                   static_cast<void *>(&body));
}

} // namespace mgpu::host

#endif // OFFLOAD_RUNTIME_HOST_WORKER_STACK_H
