// offload-module-to-binary: every module, every target, compiled at once;
// each gpu.binary holds its objects in the order of its module's targets, and
// the output is the same with and without threads.

// RUN: offload-opt %s --offload-module-to-binary='format=isa' > %t.parallel
// RUN: offload-opt %s --offload-module-to-binary='format=isa' --mlir-disable-threading > %t.serial
// RUN: cmp %t.parallel %t.serial
// RUN: FileCheck %s --input-file=%t.parallel

// The names of upstream's formats, and its options.
// RUN: offload-opt %s --offload-module-to-binary='format=assembly opts=-v section=.kernels' \
// RUN:   | FileCheck %s --check-prefix=OPTIONS
// OPTIONS-COUNT-2: gpu.binary

// CHECK-NOT: gpu.module
// CHECK: gpu.binary @first [#gpu.object<#offload.cuda<chip = "sm_80">, kernels = <[#gpu.kernel_metadata<"one", !llvm.func<void ()>>]>, assembly = "{{.*}}.target sm_80{{.*}}">, #gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}assembly = "{{.*}}.target sm_90{{.*}}">]
// CHECK: gpu.binary @second <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, kernels = <[#gpu.kernel_metadata<"two", !llvm.func<void ()>>]>, assembly = "{{.*}}.target sm_90{{.*}}">]
// CHECK-NOT: gpu.module

module attributes {gpu.container_module} {
  gpu.module @first [#offload.cuda<chip = "sm_80">, #offload.cuda<chip = "sm_90">] {
    llvm.func @one() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @second <#offload.loader> [#offload.cuda<chip = "sm_90">] {
    llvm.func @two() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
