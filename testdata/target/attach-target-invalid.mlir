// Bad pass options are one diagnostic and exit code 1, never a crash.
// RUN: %expect_exit 1 offload-opt %s --offload-attach-target='chip=sm_99' 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: %expect_exit 1 offload-opt %s --offload-attach-target='chip=sm_90 features=+ptx70' 2>&1 | FileCheck %s --check-prefix=FEATURES
// RUN: %expect_exit 1 offload-opt %s --offload-attach-target='module=[' 2>&1 | FileCheck %s --check-prefix=REGEX
// RUN: %expect_exit 1 offload-opt %s --offload-attach-target='O=4294967295' 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: %expect_exit 1 offload-opt %s --offload-attach-host-target='O=2147483648' 2>&1 | FileCheck %s --check-prefix=WIDE-HOST

// CHIP: error: offload-attach-target: unknown chip 'sm_99'; supported chips: sm_75,
// FEATURES: error: offload-attach-target: PTX ISA 7.0 cannot target sm_90, which needs +ptx78 or newer
// REGEX: error: offload-attach-target: invalid module pattern '['
// WIDE: error: offload-attach-target: optimization level O = 4294967295 is out of range; it must be 0, 1, 2 or 3
// WIDE-HOST: error: offload-attach-host-target: optimization level O = 2147483648 is out of range
// CHIP-NOT: LLVM ERROR
// CHIP-NOT: Stack dump

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
}
