// offload-attach-loader: makes #offload.loader, with the options' load mode
// and priority, the offloading handler of every gpu.module that has none; a
// module with a handler keeps it. Bad options are one error at the module the
// pass runs on, and exit code 1.
//
// RUN: offload-opt %s -split-input-file --offload-attach-loader | FileCheck %s
// RUN: offload-opt %s -split-input-file --offload-attach-loader='load=lazy priority=7' \
// RUN:   | FileCheck %s --check-prefix=LAZY
// RUN: offload-opt %s -split-input-file --offload-attach-loader='priority=0 load=ctor' \
// RUN:   | FileCheck %s --check-prefix=ZERO
// RUN: offload-opt %s -split-input-file --offload-attach-loader='priority=65535' \
// RUN:   | FileCheck %s --check-prefix=HIGHEST

// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-loader='load=eager' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOAD
// LOAD: offload-attach-loader.mlir:[[# @LINE + 23]]:1: error: offload-attach-loader: load = 'eager' is not ctor or lazy
// LOAD-NOT: Stack dump
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-loader='priority=65536' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PRIORITY
// PRIORITY: offload-attach-loader.mlir:[[# @LINE + 19]]:1: error: offload-attach-loader: priority 65536 is out of range; it must be 0 to 65535
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-attach-loader='priority=-1' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: offload-attach-loader: priority -1 is out of range; it must be 0 to 65535

// CHECK-LABEL: module @handlers
// CHECK: gpu.module @none<#offload.loader> [#offload.cuda]
// CHECK: gpu.module @untargeted<#offload.loader> {
// CHECK: gpu.module @lazy<#offload.loader<load = lazy>> [#offload.host]
// CHECK: gpu.module @upstream<#gpu.select_object<1 : i64>> [#offload.cuda, #offload.host]
// LAZY-LABEL: module @handlers
// LAZY: gpu.module @none<#offload.loader<priority = 7, load = lazy>> [#offload.cuda]
// LAZY: gpu.module @untargeted<#offload.loader<priority = 7, load = lazy>> {
// LAZY: gpu.module @lazy<#offload.loader<load = lazy>> [#offload.host]
// LAZY: gpu.module @upstream<#gpu.select_object<1 : i64>> [#offload.cuda, #offload.host]
// ZERO-LABEL: module @handlers
// ZERO: gpu.module @none<#offload.loader<priority = 0>> [#offload.cuda]
// HIGHEST-LABEL: module @handlers
// HIGHEST: gpu.module @none<#offload.loader<priority = 65535>> [#offload.cuda]
module @handlers attributes {gpu.container_module} {
  gpu.module @none [#offload.cuda] {
  }
  gpu.module @untargeted {
  }
  gpu.module @lazy <#offload.loader<load = lazy>> [#offload.host] {
  }
  gpu.module @upstream <#gpu.select_object<1>> [#offload.cuda, #offload.host] {
  }
}

// -----

// Only the gpu.modules directly in the module the pass runs on.
// CHECK-LABEL: module @outer
// CHECK: gpu.module @inner [#offload.cuda] {
// LAZY-LABEL: module @outer
// LAZY: gpu.module @inner [#offload.cuda] {
module @outer attributes {gpu.container_module} {
  module @nested attributes {gpu.container_module} {
    gpu.module @inner [#offload.cuda] {
    }
  }
}
