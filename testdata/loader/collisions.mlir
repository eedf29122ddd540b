// Names that used to collide: each binary and kernel gets its own symbols,
// and a launch uses the handle its own binary made, never one found by name.

// RUN: offload-translate --mlir-to-llvmir %s -split-input-file | FileCheck %s

// Binary @a with kernel @b_k, and binary @a_b with kernel @k: each kernel
// handle is filled from its own module and launched from its own launch.
// CHECK-LABEL: define void @launch_a()
// CHECK: load ptr, ptr @__offload.1a.3b_k.kernel
// CHECK-LABEL: define void @launch_a_b()
// CHECK: load ptr, ptr @__offload.3a_b.1k.kernel
// CHECK-LABEL: define internal void @__offload.1a.load()
// CHECK: %[[A:.*]] = call ptr @mgpuModuleLoadObjects(ptr @__offload.1a.objects, i32 1, ptr @__offload.1a.name)
// CHECK: call ptr @mgpuModuleGetFunction(ptr %[[A]], ptr @__offload.1a.3b_k.name)
// CHECK-NEXT: store ptr %{{.*}}, ptr @__offload.1a.3b_k.kernel
// CHECK-LABEL: define internal void @__offload.3a_b.load()
// CHECK: %[[AB:.*]] = call ptr @mgpuModuleLoadObjects(ptr @__offload.3a_b.objects, i32 1, ptr @__offload.3a_b.name)
// CHECK: call ptr @mgpuModuleGetFunction(ptr %[[AB]], ptr @__offload.3a_b.1k.name)
// CHECK-NEXT: store ptr %{{.*}}, ptr @__offload.3a_b.1k.kernel
module attributes {gpu.container_module} {
  gpu.binary @a <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, bin = "A">]
  gpu.binary @a_b <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, bin = "AB">]
  llvm.func @launch_a() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @a::@b_k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
  llvm.func @launch_a_b() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @a_b::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
}

// -----

// Lazy loading with a user global named as the module slot used to be: the
// launch passes the binary's own slot, and the user's global is untouched.
// CHECK: @kernels_module = global ptr inttoptr (i64 1 to ptr)
// CHECK-LABEL: define void @launch()
// CHECK: call ptr @mgpuGetFunctionLazily(ptr @__offload.7kernels.module, ptr @__offload.7kernels.objects, i32 1, ptr @__offload.7kernels.name, ptr @__offload.7kernels.1k.name, ptr @__offload.7kernels.1k.kernel)
// CHECK-NOT: @kernels_module
module attributes {gpu.container_module} {
  llvm.mlir.global external @kernels_module() : !llvm.ptr {
    %one = llvm.mlir.constant(1 : i64) : i64
    %p = llvm.inttoptr %one : i64 to !llvm.ptr
    llvm.return %p : !llvm.ptr
  }
  gpu.binary @kernels <#offload.loader<load = lazy>> [#gpu.object<#offload.cuda<chip = "sm_90">, bin = "K">]
  llvm.func @launch() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
}
