// Upstream's #nvvm.target chooses an object too: offload-translate links no
// NVVM serializer, so the loader must not ask for the target's model.
// RUN: offload-translate --mlir-to-llvmir %s | FileCheck %s

// CHECK-DAG: @__offload.1k.objects = internal constant [1 x { ptr, i64, i32, i32, i32, i32 }] [{ ptr, i64, i32, i32, i32, i32 } { ptr @__offload.1k.object.0, i64 3, i32 1, i32 90, i32 0, i32 0 }]
// CHECK-DAG: @__offload.1k.object.0 = internal constant [4 x i8] c"SM9\00"

module attributes {gpu.container_module} {
  gpu.binary @k <#offload.loader<object = #nvvm.target<chip = "sm_90">>> [
    #gpu.object<#nvvm.target<chip = "sm_80">, bin = "SM8">,
    #gpu.object<#nvvm.target<chip = "sm_90">, bin = "SM9">
  ]
}
