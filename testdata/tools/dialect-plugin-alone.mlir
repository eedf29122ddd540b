// Stock mlir-opt with the dialect plugin alone: the plugin's registry
// callback registers our passes and pipelines too (mlir-opt parses
// --pass-pipeline after it has loaded dialect plugins), so the pipeline runs
// with no --load-pass-plugin, and its output is offload-opt's, byte for byte:
// a gpu.binary with a shared object for the CPU.
// UNSUPPORTED: asan
// RUN: mlir-opt --load-dialect-plugin=%plugin %s --pass-pipeline='builtin.module(offload-lower-to-host)' -o %t.plugin.mlir
// RUN: FileCheck %s < %t.plugin.mlir
// RUN: %python %S/../extract_object.py -o %t.so < %t.plugin.mlir
// RUN: llvm-readelf -h %t.so | FileCheck %s --check-prefix=ELF
// RUN: offload-opt %s --offload-lower-to-host -o %t.opt.mlir
// RUN: cmp %t.opt.mlir %t.plugin.mlir
//
// A pass of ours alone, by the dialect plugin alone.
// RUN: mlir-opt --load-dialect-plugin=%plugin %s --pass-pipeline='builtin.module(offload-attach-host-target{cpu=x86-64-v2 triple=x86_64-unknown-linux-gnu})' \
// RUN:   | FileCheck %s --check-prefix=ATTACH
//
// The pass plugin beside the dialect plugin gives the same (alone, it has no
// targets: testdata/pipelines/pass-plugin-alone.mlir).
// RUN: mlir-opt --load-pass-plugin=%plugin --load-dialect-plugin=%plugin %s --pass-pipeline='builtin.module(offload-lower-to-host)' -o %t.both.mlir
// RUN: cmp %t.opt.mlir %t.both.mlir
//
// The plugin's dialect verifies #offload.host's CPU and features as
// offload-opt's does (testdata/target/host-attr-invalid.mlir).
// RUN: echo 'gpu.module @m [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx51">] {}' > %t.cpu.mlir
// RUN: %expect_exit 1 mlir-opt --load-dialect-plugin=%plugin %t.cpu.mlir 2>&1 | FileCheck %s --check-prefix=CPU
//
// Without the plugin, stock mlir-opt knows no such pipeline.
// RUN: not mlir-opt %s --pass-pipeline='builtin.module(offload-lower-to-host)' 2>&1 | FileCheck %s --check-prefix=STOCK

// CHECK: gpu.binary @kernels <#offload.loader> [#gpu.object<#offload.host, kernels = <[#gpu.kernel_metadata<"scale"
// CHECK-NOT: gpu.module
// CHECK: llvm.func @scale_all
// ELF: Type: DYN (Shared object file)
// ATTACH: gpu.module @kernels [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64-v2">]
// CPU: error: cpu 'skylake-avx51' is not a CPU that LLVM knows for x86_64-unknown-linux-gnu; did you mean 'skylake-avx512'?
// STOCK: 'offload-lower-to-host' does not refer to a registered pass or pass pipeline
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%data: memref<?xf32>, %factor: f32) kernel {
      %i = gpu.global_id x
      %x = memref.load %data[%i] : memref<?xf32>
      %y = arith.mulf %x, %factor : f32
      memref.store %y, %data[%i] : memref<?xf32>
      gpu.return
    }
  }

  func.func @scale_all(%data: memref<?xf32>, %factor: f32, %blocks: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@scale
        blocks in (%blocks, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%data : memref<?xf32>, %factor : f32)
    return
  }
}
