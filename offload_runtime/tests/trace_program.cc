// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// Calls the runtime as a program would, on the host backend, and then ends
// as its argument says: `exit` (normally), `error` (a call that fails, under
// the default error policy: exit status 1) or `abort` (SIGABRT from the
// program itself), or `name` (a failed lookup of a kernel whose name is not
// UTF-8, then exit). tests/trace_test.sh checks the trace each leaves.
#include "mgpu/mgpu.h"

#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char **argv) {
  const char *ending = argc > 1 ? argv[1] : "exit";
  MgpuStream stream = mgpuStreamCreate();
  void *device = mgpuMemAlloc(256, stream, false);
  std::vector<char> host(256, 1);
  mgpuMemcpy(device, host.data(), host.size(), stream);
  mgpuMemset32(device, 7, 64, stream);
  MgpuEvent event = mgpuEventCreate();
  mgpuEventRecord(event, stream);
  mgpuEventSynchronize(event);
  mgpuStreamSynchronize(stream);
  if (!std::strcmp(ending, "error"))
    mgpuLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, stream, nullptr, nullptr, 0);
  if (!std::strcmp(ending, "abort"))
    std::abort();
  // A kernel name that is not UTF-8, with a quote and a backslash, in the
  // events of a lookup that fails (the error is reported, not fatal).
  if (!std::strcmp(ending, "name")) {
    setenv("MGPU_ON_ERROR", "report", 1);
    mgpuModuleGetFunction(nullptr, "k\xff\"\\x\xc3\xa9");
  }
  mgpuEventDestroy(event);
  mgpuMemFree(device, stream);
  mgpuStreamDestroy(stream);
  return 0;
}
