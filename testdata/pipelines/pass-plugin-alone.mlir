// Stock mlir-opt with the pass plugin alone (no dialect plugin): the passes
// bring the target models with them, instead of an abort for a promised
// interface that was never registered.
// UNSUPPORTED: asan
// RUN: mlir-opt --load-pass-plugin=%plugin %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-lower-to-host)' | FileCheck %s
// RUN: mlir-opt --load-pass-plugin=%plugin %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-lower-to-cuda{chips=sm_90 toolkit=%cuda_toolkit})' | FileCheck %s
// RUN: mlir-opt --load-pass-plugin=%plugin %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,offload-module-to-binary{format=isa toolkit=%cuda_toolkit})' | FileCheck %s --check-prefix=PASSES
// CHECK: gpu.binary @kernels <#offload.loader> [#gpu.object<#offload.
// PASSES: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, kernels = <[#gpu.kernel_metadata<"vector_add"
