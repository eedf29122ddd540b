// Bad pass options are one diagnostic and exit code 1, never a crash.
// RUN: %expect_exit 1 offload-opt %s --offload-attach-target='chip=sm_99' 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: %expect_exit 1 offload-opt %s --offload-attach-target='chip=sm_90 features=+ptx70' 2>&1 | FileCheck %s --check-prefix=FEATURES
// RUN: %expect_exit 1 offload-opt %s --offload-attach-target='module=[' 2>&1 | FileCheck %s --check-prefix=REGEX

// CHIP: error: offload-attach-target: unknown chip 'sm_99'; supported chips: sm_75,
// FEATURES: error: offload-attach-target: PTX ISA 7.0 cannot target sm_90, which needs +ptx78 or newer
// REGEX: error: offload-attach-target: invalid module pattern '['
// CHIP-NOT: LLVM ERROR
// CHIP-NOT: Stack dump

module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
}
