// offload-attach-rocm-target: appends #offload.rocm, built from the options,
// after the targets of every gpu.module whose whole name matches `module`,
// unless the module lists an equal target already. The attribute's checks
// are errors of the pass, at the module it runs on (target/rocm-attr-invalid.mlir
// has every check of the attribute itself).
//
// RUN: offload-opt %s -verify-diagnostics --offload-attach-rocm-target | FileCheck %s
// RUN: offload-opt %s -verify-diagnostics \
// RUN:   --offload-attach-rocm-target='module=kern.* chip=gfx1100 O=3 wave64=true fast daz abi=600 l=ocml.bc' \
// RUN:   | FileCheck %s --check-prefix=SOME
// The same target again is not appended; another one is.
// RUN: offload-opt %s -verify-diagnostics --offload-attach-rocm-target \
// RUN:   --offload-attach-rocm-target='chip=gfx942:sramecc+:xnack-' --offload-attach-rocm-target \
// RUN:   | FileCheck %s --check-prefix=TWICE

// Bad options: one error each, at the module, and exit code 1.
// RUN: %expect_exit 1 offload-opt %s --offload-attach-rocm-target='chip=gfx9999' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHIP
// CHIP: error: offload-attach-rocm-target: chip 'gfx9999' is not a target ID of an AMD GPU: unknown AMD GPU 'gfx9999'; supported chips: gfx801,
// CHIP-NOT: error
// RUN: %expect_exit 1 offload-opt %s --offload-attach-rocm-target='chip=gfx90a:xnack*' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MODE
// MODE: error: offload-attach-rocm-target: chip 'gfx90a:xnack*' is not a target ID of an AMD GPU: 'xnack*' is not xnack+, xnack-, sramecc+ or sramecc-
// RUN: %expect_exit 1 offload-opt %s --offload-attach-rocm-target='abi=7' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ABI
// ABI: error: offload-attach-rocm-target: unknown code object version abi = "7"; it is 400, 500 or 600
// RUN: %expect_exit 1 offload-opt %s --offload-attach-rocm-target='O=4' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPT
// OPT: error: offload-attach-rocm-target: optimization level O = 4 is out of range; it must be 0, 1, 2 or 3
// RUN: %expect_exit 1 offload-opt %s --offload-attach-rocm-target='module=a[' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REGEX
// REGEX: error: offload-attach-rocm-target: invalid module pattern 'a[': brackets ([ ]) not balanced
// REGEX-NOT: Stack dump

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK: gpu.module @kernels [#offload.rocm] {
// CHECK: gpu.module @other [#offload.rocm<chip = "gfx942">, #offload.rocm] {

// SOME: gpu.module @kernels [#offload.rocm<O = 3, chip = "gfx1100", abi = "600", wave64 = true, flags = {daz, fast}, link = ["ocml.bc"]>] {
// SOME: gpu.module @other [#offload.rocm<chip = "gfx942">] {

// TWICE: gpu.module @kernels [#offload.rocm, #offload.rocm<chip = "gfx942:sramecc+:xnack-">] {
// TWICE: gpu.module @other [#offload.rocm<chip = "gfx942">, #offload.rocm, #offload.rocm<chip = "gfx942:sramecc+:xnack-">] {
module attributes {gpu.container_module} {
  gpu.module @kernels {
  }
  gpu.module @other [#offload.rocm<chip = "gfx942">] {
  }
}
