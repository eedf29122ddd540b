// The serializer does not trust its tools: one that hangs is stopped, one
// that exits 0 without its output, or with something else, is an error that
// says so. Temporary files never take a path from a module's name, and none
// is left behind.

// RUN: %expect_exit 1 env OFFLOAD_TOOL_TIMEOUT=1 offload-opt %s --offload-module-to-binary='format=bin toolkit=%S/Inputs/hanging-toolkit' --mlir-disable-threading 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HANG
// HANG: error: cannot compile gpu.module @kernels for sm_90: ptxas did not finish within 1 s and was stopped (OFFLOAD_TOOL_TIMEOUT sets the limit)
// RUN: %expect_exit 1 env OFFLOAD_TOOL_TIMEOUT=soon offload-opt %s --offload-module-to-binary='format=bin toolkit=%S/Inputs/hanging-toolkit' --mlir-disable-threading 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-TIMEOUT
// BAD-TIMEOUT: error: cannot compile gpu.module @kernels for sm_90: OFFLOAD_TOOL_TIMEOUT=soon: expected a positive number of seconds

// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin toolkit=%S/Inputs/silent-toolkit' --mlir-disable-threading 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SILENT
// SILENT: error: cannot compile gpu.module @kernels for sm_90: ptxas exited 0 without writing a cubin for sm_90
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin toolkit=%S/Inputs/foreign-elf-toolkit' --mlir-disable-threading 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FOREIGN
// FOREIGN: error: cannot compile gpu.module @kernels for sm_90: ptxas exited 0 without writing a cubin for sm_90
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=fatbin toolkit=%S/Inputs/garbage-fatbinary-toolkit' --mlir-disable-threading 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FATBIN
// FATBIN: error: cannot compile gpu.module @kernels for sm_90: fatbinary exited 0 without writing a fatbin

// Names that are no file names, with ptxas and fatbinary: each compiles, no
// file lands outside $TMPDIR, and $TMPDIR is left empty.
// RUN: rm -rf %t && mkdir -p %t/tmp/deep/er
// RUN: env TMPDIR=%t/tmp/deep/er offload-opt %s --offload-module-to-binary='format=fatbin toolkit=%cuda_toolkit' | FileCheck %s --check-prefix=NAMES
// NAMES-COUNT-4: gpu.binary
// RUN: ls %t/tmp/deep/er | count 0
// RUN: ls %t/tmp/deep | count 1
// RUN: ls %t/tmp | count 1

// ptxas -g records its files' names: the same each run.
// RUN: env TMPDIR=%t/tmp offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' -o %t/first.mlir
// RUN: env TMPDIR=%t/tmp offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' -o %t/second.mlir
// RUN: cmp %t/first.mlir %t/second.mlir

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90", assembler = "ptxas", ptxasOptions = ["-g", "-O0"]>] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @"a/b" [#offload.cuda<chip = "sm_90", assembler = "ptxas">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @"/../../escape/pwn" [#offload.cuda<chip = "sm_90", assembler = "ptxas">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm [#offload.cuda<chip = "sm_90", assembler = "ptxas">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
