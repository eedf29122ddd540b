// The whole flow from the gpu dialect, as the README runs it, for each format,
// with offload-opt and with stock mlir-opt-22 and our plugin.
// A plugin built with ASan cannot load into the stock mlir-opt.
// UNSUPPORTED: asan

// RUN: offload-opt %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=bin toolkit=%cuda_toolkit})' -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: %python %S/../extract_object.py -o %t.cubin < %t.mlir
// RUN: llvm-readelf -h %t.cubin | FileCheck %s --check-prefix=ELF
// CHECK-NOT: gpu.module
// CHECK: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, kernels = <[#gpu.kernel_metadata<"vector_add", {{.*}}>, #gpu.kernel_metadata<"vector_exp", {{.*}}>]>, bin = "\7FELF
// CHECK: llvm.func @vector_add
// CHECK: gpu.launch_func @kernels::@vector_add
// ELF: Flags: {{.*}}, sm_90

// RUN: offload-opt %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=isa toolkit=%cuda_toolkit})' | FileCheck %s --check-prefix=ISA
// ISA: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}, assembly = "//
// RUN: offload-opt %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=fatbin toolkit=%cuda_toolkit})' | FileCheck %s --check-prefix=FATBIN
// FATBIN: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}, "P\EDU\BA
// RUN: offload-opt %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=llvm})' | FileCheck %s --check-prefix=OFFLOAD
// OFFLOAD: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}, offload = "BC\C0\DE

// Stock mlir-opt-22 with the plugin gives the same output, byte for byte.
// RUN: mlir-opt --load-dialect-plugin=%plugin --load-pass-plugin=%plugin %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=bin toolkit=%cuda_toolkit})' -o %t.plugin.mlir
// RUN: cmp %t.mlir %t.plugin.mlir

// With no chip, the default (sm_75) works with the installed CUDA 13 toolkit.
// RUN: offload-opt %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target,convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=bin toolkit=%cuda_toolkit})' -o %t.default.mlir
// RUN: FileCheck %s --check-prefix=DEFAULT < %t.default.mlir
// RUN: %python %S/../extract_object.py -o %t.default.cubin < %t.default.mlir
// RUN: llvm-readelf -h %t.default.cubin | FileCheck %s --check-prefix=DEFAULT-ELF
// DEFAULT: #gpu.object<#offload.cuda, kernels
// DEFAULT-ELF: Flags: {{.*}}, sm_75

// Two runs give byte-identical output.
// RUN: offload-opt %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=bin toolkit=%cuda_toolkit})' -o %t.again.mlir
// RUN: cmp %t.mlir %t.again.mlir
// RUN: offload-opt %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=fatbin toolkit=%cuda_toolkit})' -o %t.fat1.mlir
// RUN: offload-opt %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=fatbin toolkit=%cuda_toolkit})' -o %t.fat2.mlir
// RUN: cmp %t.fat1.mlir %t.fat2.mlir
