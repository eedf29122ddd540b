// offload-translate reads #offload.cuda objects and, with upstream's default
// offloading handler, embeds the cubin in LLVM IR.
// RUN: offload-opt %S/vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,gpu-module-to-binary{format=bin toolkit=%cuda_toolkit})' \
// RUN:   | offload-translate --mlir-to-llvmir | FileCheck %s
// CHECK: @kernels_binary = internal constant [{{[0-9]+}} x i8] c"\7FELF
// CHECK: define void @vector_add(
// CHECK: call ptr @mgpuModuleGetFunction(
// CHECK: call void @mgpuLaunchKernel(

// Other upstream translations are there too.
// RUN: offload-translate --help | FileCheck %s --check-prefix=HELP
// HELP-DAG: --mlir-to-llvmir
// HELP-DAG: --import-llvm
// HELP-DAG: --mlir-to-cpp
