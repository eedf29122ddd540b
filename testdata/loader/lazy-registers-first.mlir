// A lazy binary registers its objects before any binary of the same
// priority loads: the runtime chooses its device at the first load, by the
// objects registered by then (MGPU_DEVICE=auto), whatever the order of the
// binaries in the module (or of the modules at link time).

// RUN: offload-translate --mlir-to-llvmir %s | FileCheck %s

// CHECK: @llvm.global_ctors = appending global [2 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 123, ptr @__offload.5eager.load, ptr null }, { i32, ptr, ptr } { i32 122, ptr @__offload.4lazy.register, ptr null }]

module attributes {gpu.container_module} {
  gpu.binary @eager <#offload.loader> [
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "CUBIN">
  ]
  gpu.binary @lazy <#offload.loader<load = lazy>> [
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "CUBIN">
  ]

  llvm.func @launch(%p: !llvm.ptr) {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @eager::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64 args(%p : !llvm.ptr)
    gpu.launch_func @lazy::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64 args(%p : !llvm.ptr)
    llvm.return
  }
}
