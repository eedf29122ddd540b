// load = lazy: nothing is loaded before the first launch, which resolves
// the kernel once (thread-safe, in the runtime); later launches read it with
// an acquire load and take the fast branch. A constructor only registers the
// objects, for the runtime's choice of device at its first call.

// RUN: offload-translate --mlir-to-llvmir %s | FileCheck %s
// RUN: offload-translate --mlir-to-llvmir %s | llc -filetype=obj -o %t.o

// The constructor registers the objects and loads nothing, one priority
// before the loads (lazy-registers-first.mlir); the destructor still
// unloads (a no-op if never loaded).
// CHECK: @llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 122, ptr @__offload.7kernels.register, ptr null }]
// CHECK: @llvm.global_dtors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 123, ptr @__offload.7kernels.unload, ptr null }]
// CHECK-NOT: mgpuModuleLoadObjects

// CHECK-LABEL: define void @sync(ptr %0)
// CHECK: %[[CACHED:.*]] = load atomic ptr, ptr @__offload.7kernels.1k.kernel acquire, align 8
// CHECK-NEXT: %[[NULL:.*]] = icmp eq ptr %[[CACHED]], null
// CHECK-NEXT: br i1 %[[NULL]], label %[[RESOLVE:.*]], label %[[READY:.*]], !prof
// CHECK: [[RESOLVE]]:
// CHECK-NEXT: %[[RESOLVED:.*]] = call ptr @mgpuGetFunctionLazily(ptr @__offload.7kernels.module, ptr @__offload.7kernels.objects, i32 1, ptr @__offload.7kernels.name, ptr @__offload.7kernels.1k.name, ptr @__offload.7kernels.1k.kernel)
// CHECK-NEXT: br label %[[READY]]
// CHECK: [[READY]]:
// CHECK-NEXT: %[[F:.*]] = phi ptr [ %[[CACHED]], %{{.*}} ], [ %[[RESOLVED]], %[[RESOLVE]] ]
// CHECK: call void @mgpuLaunchKernelAndSynchronize(ptr %[[F]],
// CHECK-NEXT: ret void

// A launch in a block with arguments (a loop): its successors' phis take
// the block that the launch ends in.
// CHECK-LABEL: define void @loop(ptr %0, i64 %1)
// CHECK: call ptr @mgpuGetFunctionLazily
// CHECK: call void @mgpuLaunchKernelAndSynchronize
// CHECK: ret void

// CHECK-LABEL: define internal void @__offload.7kernels.register()
// CHECK-NEXT: entry:
// CHECK-NEXT: call void @mgpuRegisterObjects(ptr @__offload.7kernels.objects, i32 1, ptr @__offload.7kernels.name)
// CHECK-NEXT: ret void
// CHECK-NOT: mgpuModuleLoadObjects

module attributes {gpu.container_module} {
  gpu.binary @kernels <#offload.loader<load = lazy>> [
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "CUBIN">
  ]

  llvm.func @sync(%p: !llvm.ptr) {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64 args(%p : !llvm.ptr)
    llvm.return
  }

  llvm.func @loop(%p: !llvm.ptr, %n: i64) {
    %c0 = llvm.mlir.constant(0 : index) : i64
    %c1 = llvm.mlir.constant(1 : index) : i64
    llvm.br ^loop(%c0 : i64)
  ^loop(%i: i64):
    %more = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %more, ^body, ^exit
  ^body:
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64 args(%p : !llvm.ptr)
    %next = llvm.add %i, %c1 : i64
    llvm.br ^loop(%next : i64)
  ^exit:
    llvm.return
  }
}
