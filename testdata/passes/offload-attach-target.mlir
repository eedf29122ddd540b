// offload-attach-target: appends #offload.cuda, built from the options, to
// the targets of every gpu.module whose whole name matches `module`, unless
// the module lists an equal target already. The attribute's own checks
// (chip, PTX ISA, O, triple, assembler) are errors of the pass, at the
// module it runs on; target/attach-target-invalid.mlir covers an unknown
// chip, a PTX ISA too old for the chip, a bad regular expression and an O
// that does not fit an int, and target/attach-target.mlir the options that
// make the attribute (chip, features, O, fast, ftz, l, ptxas-options).
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-attach-target \
// RUN:   | FileCheck %s
// Another chip is another target, appended after the ones there; the same
// one again is not.
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --offload-attach-target --offload-attach-target='chip=sm_90 assembler=ptxas' --offload-attach-target \
// RUN:   | FileCheck %s --check-prefix=TWICE
// The pattern matches whole names: `dev` is not `device`, and an
// alternative is not a prefix.
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --offload-attach-target='module=dev|kernels_bad_name.* chip=sm_80 O=0' \
// RUN:   | FileCheck %s --check-prefix=PATTERN

// Bad options: one error each, at the module, and exit code 1.
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-target='O=4' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPT
// OPT: offload-attach-target.mlir:[[# @LINE + 40]]:1: error: offload-attach-target: optimization level O = 4 is out of range; it must be 0, 1, 2 or 3
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-target='triple=x86_64-unknown-linux-gnu' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRIPLE
// TRIPLE: error: offload-attach-target: unsupported triple 'x86_64-unknown-linux-gnu'; #offload.cuda targets 'nvptx64-nvidia-cuda'
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-target='assembler=nvcc' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ASSEMBLER
// ASSEMBLER: error: offload-attach-target: unknown assembler 'nvcc'; it is nvjitlink or ptxas (or absent, for nvJitLink where the toolkit has it)
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-target='features=ptx80' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FEATURES
// FEATURES: error: offload-attach-target: unsupported feature 'ptx80': features are '+ptxNN' entries
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-target='features=+ptx999' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PTX
// PTX: error: offload-attach-target: unknown PTX ISA version in '+ptx999'
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-target='chip=sm_90 features=+ptx70' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OLD
// OLD: error: offload-attach-target: PTX ISA 7.0 cannot target sm_90, which needs +ptx78 or newer
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-target='module=(' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REGEX
// REGEX: error: offload-attach-target: invalid module pattern '('
// OPT-NOT: Stack dump
// REGEX-NOT: Stack dump

// CHECK-LABEL: module @untargeted
// CHECK: gpu.module @dev [#offload.cuda]
// CHECK: gpu.module @device [#offload.cuda]
// CHECK: gpu.module @cuda [#offload.cuda]
// CHECK: gpu.module @nvvm [#nvvm.target, #offload.cuda]
// CHECK: gpu.module @cpu [#offload.host, #offload.cuda]
// TWICE-LABEL: module @untargeted
// TWICE: gpu.module @dev [#offload.cuda, #offload.cuda<chip = "sm_90", assembler = "ptxas">]
// TWICE: gpu.module @device [#offload.cuda, #offload.cuda<chip = "sm_90", assembler = "ptxas">]
// TWICE: gpu.module @cuda [#offload.cuda, #offload.cuda<chip = "sm_90", assembler = "ptxas">]
// TWICE: gpu.module @nvvm [#nvvm.target, #offload.cuda, #offload.cuda<chip = "sm_90", assembler = "ptxas">]
// TWICE: gpu.module @cpu [#offload.host, #offload.cuda, #offload.cuda<chip = "sm_90", assembler = "ptxas">]
// PATTERN-LABEL: module @untargeted
// PATTERN: gpu.module @dev [#offload.cuda<O = 0, chip = "sm_80">]
// PATTERN: gpu.module @device {
// PATTERN: gpu.module @cuda [#offload.cuda]
// PATTERN: gpu.module @nvvm [#nvvm.target]
// PATTERN: gpu.module @cpu [#offload.host]
module @untargeted attributes {gpu.container_module} {
  gpu.module @dev {
  }
  gpu.module @device {
  }
  // Already lists the default target: left as it is.
  gpu.module @cuda [#offload.cuda] {
  }
  gpu.module @nvvm [#nvvm.target] {
  }
  gpu.module @cpu [#offload.host] {
  }
}

// -----

// Only the gpu.modules directly in the module the pass runs on.
// CHECK-LABEL: module @outer
// CHECK: module @nested
// CHECK-NEXT: gpu.module @dev {
// TWICE-LABEL: module @outer
// TWICE: gpu.module @dev {
// PATTERN-LABEL: module @outer
// PATTERN: gpu.module @dev {
module @outer attributes {gpu.container_module} {
  module @nested attributes {gpu.container_module} {
    gpu.module @dev {
    }
  }
}

// -----

// #offload.cuda takes only kernels and symbols that PTX can name: attaching
// it to a module that has another is an error at that symbol.
module @bad_names attributes {gpu.container_module} {
  gpu.module @kernels_bad_names {
    // expected-error @below {{kernel @k.0 cannot be compiled for #offload.cuda: PTX names are a letter followed by letters, digits, '_' and '$', or '_', '$' or '%' followed by at least one of those; rename it}}
    gpu.func @"k.0"() kernel {
      gpu.return
    }
  }
}
