// offload-attach-host-target: appends #offload.host, built from the
// options, after the targets of every gpu.module whose whole name matches
// `module`, unless the module lists an equal target already. The
// attribute's checks are errors of the pass, at the module it runs on
// (target/host-attr-invalid.mlir has every check of cpu and features against
// LLVM's tables; target/attach-target-invalid.mlir an O that does not fit an
// int).
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-attach-host-target | FileCheck %s
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --offload-attach-host-target='module=dev|cu.*|kernels_bad_name triple=x86_64-unknown-linux-gnu cpu=znver4 features=+avx2,-avx512f O=3' \
// RUN:   | FileCheck %s --check-prefix=SOME
// A different host target is appended; the same one again is not.
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-attach-host-target \
// RUN:   --offload-attach-host-target='triple=aarch64-unknown-linux-gnu cpu=neoverse-v2' --offload-attach-host-target \
// RUN:   | FileCheck %s --check-prefix=TWICE

// Bad options: one error each, at the module, and exit code 1.
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-host-target='O=4' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPT
// OPT: offload-attach-host-target.mlir:[[# @LINE + 39]]:1: error: offload-attach-host-target: optimization level O = 4 is out of range; it must be 0, 1, 2 or 3
// OPT-NOT: Stack dump
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-host-target='triple=riscv64-unknown-linux-gnu' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRIPLE
// TRIPLE: error: offload-attach-host-target: unsupported triple 'riscv64-unknown-linux-gnu'; #offload.host targets x86_64 and aarch64 CPUs (or, when empty, the compiling machine)
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-host-target='cpu=a,b' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CPU
// CPU: error: offload-attach-host-target: cpu 'a,b' is not a CPU name
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-host-target='features=+avx2,,+fma' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FEATURES
// FEATURES: error: offload-attach-host-target: feature '' is not '+name' or '-name' (features are a comma-separated list, for example '+avx2,-avx512f')
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=znver44' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN-CPU
// UNKNOWN-CPU: error: offload-attach-host-target: cpu 'znver44' is not a CPU that LLVM knows for x86_64-unknown-linux-gnu; did you mean 'znver4'?
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-host-target='triple=aarch64-unknown-linux-gnu features=+avx2' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN-FEATURE
// UNKNOWN-FEATURE: error: offload-attach-host-target: feature 'avx2' (in '+avx2') is not a feature that LLVM knows for aarch64-unknown-linux-gnu
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-host-target='module=a[' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REGEX
// REGEX: error: offload-attach-host-target: invalid module pattern 'a[': brackets ([ ]) not balanced

// CHECK-LABEL: module @modules
// CHECK: gpu.module @dev [#offload.host]
// CHECK: gpu.module @device [#offload.host]
// CHECK: gpu.module @cuda [#offload.cuda<chip = "sm_90">, #offload.host]
// CHECK: gpu.module @cpu [#offload.host]
// CHECK: gpu.module @cpu_first [#offload.host, #offload.cuda]
// SOME-LABEL: module @modules
// SOME: gpu.module @dev [#offload.host<O = 3, triple = "x86_64-unknown-linux-gnu", cpu = "znver4", features = "+avx2,-avx512f">]
// SOME: gpu.module @device {
// SOME: gpu.module @cuda [#offload.cuda<chip = "sm_90">, #offload.host<O = 3, triple = "x86_64-unknown-linux-gnu", cpu = "znver4", features = "+avx2,-avx512f">]
// SOME: gpu.module @cpu [#offload.host]
// SOME: gpu.module @cpu_first [#offload.host, #offload.cuda]
// TWICE-LABEL: module @modules
// TWICE: gpu.module @dev [#offload.host, #offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "neoverse-v2">]
// TWICE: gpu.module @device [#offload.host, #offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "neoverse-v2">]
// TWICE: gpu.module @cuda [#offload.cuda<chip = "sm_90">, #offload.host, #offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "neoverse-v2">]
// TWICE: gpu.module @cpu [#offload.host, #offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "neoverse-v2">]
// TWICE: gpu.module @cpu_first [#offload.host, #offload.cuda, #offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "neoverse-v2">]
module @modules attributes {gpu.container_module} {
  gpu.module @dev {
  }
  gpu.module @device {
  }
  gpu.module @cuda [#offload.cuda<chip = "sm_90">] {
  }
  // Already lists the default host target: left as it is.
  gpu.module @cpu [#offload.host] {
  }
  gpu.module @cpu_first [#offload.host, #offload.cuda] {
  }
}

// -----

// Only the gpu.modules directly in the module the pass runs on.
// CHECK-LABEL: module @outer
// CHECK: gpu.module @dev {
// SOME-LABEL: module @outer
// SOME: gpu.module @dev {
// TWICE-LABEL: module @outer
// TWICE: gpu.module @dev {
module @outer attributes {gpu.container_module} {
  module @nested attributes {gpu.container_module} {
    gpu.module @dev {
    }
  }
}

// -----

// The runtime looks host kernels up by C strings: attaching #offload.host to
// a module with a kernel whose name holds a NUL is an error at the kernel.
module @bad_name attributes {gpu.container_module} {
  gpu.module @kernels_bad_name {
    // expected-error @below {{kernel @"k\00x" cannot be compiled for #offload.host: its name holds a NUL character, and the runtime looks kernels up by C strings, which end there; rename it}}
    gpu.func @"k\00x"() kernel {
      gpu.return
    }
  }
}
