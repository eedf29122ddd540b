//===- worker_stack.cc - A worker's stack for the calling thread ----------===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#include "offload_runtime/host/worker_stack.h"

#include "offload_runtime/host/thread_pool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cfenv>
#include <cstddef>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif
#include <cstdint>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MGPU_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define MGPU_ASAN 1
#endif
#ifdef MGPU_ASAN
#include <sanitizer/common_interface_defs.h>
#endif

#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define MGPU_VALGRIND 1
#endif

#if defined(__x86_64__) && defined(__ELF__)
#define MGPU_HAVE_STACK_SWITCH 1
// Calls body(arg) with the stack pointer at `top` (16-byte aligned), then
// returns on the caller's stack. The frame pointer keeps the caller's stack
// pointer, and the CFI says so: debuggers and unwinders walk from the body's
// frames back to the caller's.
extern "C" void mgpu_host_call_on_stack(void (*body)(void *), void *arg,
                                        void *top)
    __attribute__((visibility("hidden")));
asm(R"(
  .text
  .globl mgpu_host_call_on_stack
  .hidden mgpu_host_call_on_stack
  .type mgpu_host_call_on_stack, @function
  .p2align 4
mgpu_host_call_on_stack:
  .cfi_startproc
  pushq %rbp
  .cfi_def_cfa_offset 16
  .cfi_offset %rbp, -16
  movq %rsp, %rbp
  .cfi_def_cfa_register %rbp
  movq %rdx, %rsp
  movq %rdi, %rax
  movq %rsi, %rdi
  callq *%rax
  movq %rbp, %rsp
  popq %rbp
  .cfi_def_cfa %rsp, 8
  retq
  .cfi_endproc
  .size mgpu_host_call_on_stack, .-mgpu_host_call_on_stack
)");
#endif

namespace mgpu::host {
namespace {

/// The calling thread's stack for blocks: kWorkerStackBytes above a guard
/// page, mapped at its first use, unmapped when the thread ends. A launch
/// after that (from a later thread-local destructor, or from an atexit
/// handler or a static destructor of the main thread, whose thread-locals
/// glibc's exit() destroys first) has none: it is queued.
class OwnStack {
public:
  ~OwnStack() {
    gone = true;
    if (!mapping)
      return;
#ifdef MGPU_VALGRIND
    VALGRIND_STACK_DEREGISTER(valgrindId);
#endif
    munmap(mapping, mappedBytes);
    mapping = nullptr;
  }

  /// Whether the stack can take a call now: mapped, the thread not ending,
  /// and not already in use (a task that runs another one would start
  /// again at the top, over its own frames).
  bool Map() {
    if (gone || inUse)
      return false;
    if (mapping)
      return true;
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    const size_t bytes = kWorkerStackBytes + page;
    void *memory =
        mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
             MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (memory == MAP_FAILED)
      return false;
    // An overflow faults, as on a worker's stack, rather than writing over
    // whatever lies below.
    if (mprotect(memory, page, PROT_NONE) != 0) {
      munmap(memory, bytes);
      return false;
    }
    mapping = memory;
    mappedBytes = bytes;
    bottom = static_cast<char *>(memory) + page;
#ifdef MGPU_VALGRIND
    valgrindId = VALGRIND_STACK_REGISTER(bottom, bottom + kWorkerStackBytes);
#endif
    return true;
  }

  char *Bottom() const { return bottom; }
  char *Top() const { return bottom + kWorkerStackBytes; }

  bool inUse = false;

private:
  bool gone = false;
  void *mapping = nullptr;
  size_t mappedBytes = 0;
  char *bottom = nullptr;
#ifdef MGPU_VALGRIND
  unsigned valgrindId = 0;
#endif
};

thread_local OwnStack ownStack;

/// What the body's side of the switch needs.
struct Switch {
  void (*body)(void *);
  void *arg;
  const void *callerBottom = nullptr;
  size_t callerBytes = 0;
};

#ifdef MGPU_HAVE_STACK_SWITCH
/// Whether the SSE and x87 controls are the default ones (round to nearest,
/// no flush to zero, exceptions masked), the flags they have raised aside:
/// two reads, where saving and setting the whole environment cost a third
/// of a launch's round trip.
bool HasDefaultFloatingPointControls() {
  unsigned short x87;
  __asm__ volatile("fnstcw %0" : "=m"(x87));
  constexpr unsigned kSseFlags = 0x3f;
  return (_mm_getcsr() & ~kSseFlags) == 0x1f80 && x87 == 0x037f;
}
#endif

[[maybe_unused]] void RunSwitched(void *data) {
  auto &to = *static_cast<Switch *>(data);
#ifdef MGPU_ASAN
  __sanitizer_finish_switch_fiber(nullptr, &to.callerBottom, &to.callerBytes);
#endif
  to.body(to.arg);
#ifdef MGPU_ASAN
  // The body's frames are gone: nothing of them (their fake stack) is kept.
  __sanitizer_start_switch_fiber(nullptr, to.callerBottom, to.callerBytes);
#endif
}

} // namespace

bool HaveWorkerStack() {
#ifdef MGPU_HAVE_STACK_SWITCH
  return ownStack.Map();
#else
  return false;
#endif
}

void RunOnWorkerStack(void (*body)(void *), void *arg) {
#ifdef MGPU_HAVE_STACK_SWITCH
  Switch to{body, arg};
  ownStack.inUse = true;
  // Blocks run in the default floating-point environment, as on a worker
  // (StartThread), whatever rounding the caller set for its own code.
  std::fenv_t callerEnvironment;
  const bool ownEnvironment = !HasDefaultFloatingPointControls();
  if (ownEnvironment) {
    std::fegetenv(&callerEnvironment);
    std::fesetenv(FE_DFL_ENV);
  }
#ifdef MGPU_ASAN
  void *callerFakeStack = nullptr;
  __sanitizer_start_switch_fiber(&callerFakeStack, ownStack.Bottom(),
                                 kWorkerStackBytes);
#endif
  mgpu_host_call_on_stack(&RunSwitched, &to, ownStack.Top());
#ifdef MGPU_ASAN
  __sanitizer_finish_switch_fiber(callerFakeStack, nullptr, nullptr);
#endif
  if (ownEnvironment)
    std::fesetenv(&callerEnvironment);
  ownStack.inUse = false;
#else
  // HaveWorkerStack() said no: never called.
  body(arg);
#endif
}

} // namespace mgpu::host
