// Stock mlir-opt with the pass plugin alone (no dialect plugin): the passes
// and pipelines are there, the targets' lowerings and serializers are not (a
// pass plugin gets no DialectRegistry to bring them in). Compiling is one
// error that says to load the dialect plugin, never an abort for a promised
// interface;
// testdata/tools/dialect-plugin-alone.mlir runs the same with the dialect
// plugin alone.
// UNSUPPORTED: asan
// RUN: %expect_exit 1 mlir-opt --load-pass-plugin=%plugin %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-lower-to-host)' 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: %expect_exit 1 mlir-opt --load-pass-plugin=%plugin %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-lower-to-cuda{chips=sm_90 toolkit=%cuda_toolkit})' 2>&1 | FileCheck %s --check-prefix=CUDA
// HOST: error: gpu.module @kernels: this tool has no kernel lowering for #offload.host (in mlir-opt, load liboffload_plugin.so with --load-dialect-plugin: a pass plugin alone registers the passes, not the targets; a tool of its own registers the lowerings with registerOffloadDialect)
// HOST-NOT: error
// CUDA: error: gpu.module @kernels: this tool has no kernel lowering for #offload.cuda<chip = "sm_90">
// CUDA-NOT: error
// Past the lowering, the serializer is what it lacks.
// RUN: %expect_exit 1 mlir-opt --load-pass-plugin=%plugin %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-host-target,offload-module-to-binary)' 2>&1 | FileCheck %s --check-prefix=SERIALIZER
// SERIALIZER: error: cannot compile gpu.module @kernels for #offload.host: this tool has no serializer for it (in mlir-opt, load liboffload_plugin.so with --load-dialect-plugin: a pass plugin alone registers the passes, not the targets)

// Both plugins: everything, as with the dialect plugin alone.
// RUN: mlir-opt --load-pass-plugin=%plugin --load-dialect-plugin=%plugin %S/../vector_add.mlir --pass-pipeline='builtin.module(offload-attach-target{chip=sm_90},convert-scf-to-cf,gpu.module(convert-gpu-to-nvvm),gpu-to-llvm,reconcile-unrealized-casts,offload-module-to-binary{format=isa toolkit=%cuda_toolkit})' | FileCheck %s --check-prefix=PASSES
// PASSES: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, kernels = <[#gpu.kernel_metadata<"vector_add"
