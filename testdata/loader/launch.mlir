// Each gpu.launch_func is one runtime call on a kernel handle resolved at
// load: no name lookup, no stream created or destroyed.

// RUN: offload-translate --mlir-to-llvmir %s | FileCheck %s
// The IR compiles.
// RUN: offload-translate --mlir-to-llvmir %s | llc -filetype=obj -o %t.o
// No stream is created or destroyed anywhere.
// RUN: offload-translate --mlir-to-llvmir %s | FileCheck %s --check-prefix=NOSTREAM
// NOSTREAM-NOT: mgpuStream{{Create|Destroy}}

// A synchronous launch: exactly one call, which launches and synchronizes,
// on the calling thread's stream (null); arguments packed once in the entry
// block.
// CHECK-LABEL: define void @sync(ptr %0, float %1)
// CHECK-NEXT: %[[ARGS:.*]] = alloca { ptr, float }
// CHECK-NEXT: %[[PTRS:.*]] = alloca [2 x ptr]
// CHECK-NEXT: %[[F:.*]] = load ptr, ptr @__offload.7kernels.5scale.kernel
// CHECK-NEXT: %[[A0:.*]] = getelementptr inbounds nuw { ptr, float }, ptr %[[ARGS]], i32 0, i32 0
// CHECK-NEXT: store ptr %0, ptr %[[A0]]
// CHECK-NEXT: %[[P0:.*]] = getelementptr ptr, ptr %[[PTRS]], i32 0
// CHECK-NEXT: store ptr %[[A0]], ptr %[[P0]]
// CHECK-NEXT: %[[A1:.*]] = getelementptr inbounds nuw { ptr, float }, ptr %[[ARGS]], i32 0, i32 1
// CHECK-NEXT: store float %1, ptr %[[A1]]
// CHECK-NEXT: %[[P1:.*]] = getelementptr ptr, ptr %[[PTRS]], i32 1
// CHECK-NEXT: store ptr %[[A1]], ptr %[[P1]]
// CHECK-NEXT: call void @mgpuLaunchKernelAndSynchronize(ptr %[[F]], i64 4, i64 2, i64 1, i64 128, i64 1, i64 1, i32 0, ptr null, ptr %[[PTRS]], ptr null, i64 2)
// CHECK-NEXT: ret void
// CHECK-NOT: call
// CHECK: }

// Asynchronous, with dynamic shared memory: the launch alone, on the stream.
// CHECK-LABEL: define void @async(ptr %0, float %1, ptr %2, i32 %3)
// CHECK: call void @mgpuLaunchKernel(ptr %{{.*}}, i64 4, i64 2, i64 1, i64 128, i64 1, i64 1, i32 %3, ptr %2, ptr %{{.*}}, ptr null, i64 2)
// CHECK-NEXT: ret void

// A synchronous cluster launch: the launch, then the synchronization.
// CHECK-LABEL: define void @cluster(ptr %0, float %1)
// CHECK: call void @mgpuLaunchClusterKernel(ptr %{{.*}}, i64 2, i64 1, i64 1, i64 4, i64 2, i64 1, i64 128, i64 1, i64 1, i32 0, ptr null, ptr %{{.*}}, ptr null)
// CHECK-NEXT: call void @mgpuStreamSynchronize(ptr null)

// Launches in a loop reuse one argument block from the entry block, where
// upstream allocates a new one on every iteration.
// CHECK-LABEL: define void @loop(ptr %0, float %1, i64 %2)
// CHECK-NEXT: alloca { ptr, float }
// CHECK-NEXT: alloca [2 x ptr]
// CHECK-NOT: alloca
// CHECK: call void @mgpuLaunchKernelAndSynchronize
// CHECK-NOT: alloca
// CHECK: ret void

// Bare-pointer arguments and memref descriptors are just values here.
// CHECK-LABEL: define void @memref(ptr %0, ptr %1, i64 %2, i64 %3, i64 %4)
// CHECK: alloca { ptr, ptr, i64, i64, i64 }
// CHECK: call void @mgpuLaunchKernelAndSynchronize({{.*}}, i64 5)

// Kernel names are looked up in the constructor only.
// CHECK-LABEL: define internal void @__offload.7kernels.load()
// CHECK: call ptr @mgpuModuleGetFunction(ptr %{{.*}}, ptr @__offload.7kernels.4copy.name)
// CHECK: call ptr @mgpuModuleGetFunction(ptr %{{.*}}, ptr @__offload.7kernels.5scale.name)
// CHECK-NOT: call ptr @mgpuModuleGetFunction
// CHECK-NOT: @mgpuStreamCreate
// CHECK-NOT: @mgpuStreamDestroy

module attributes {gpu.container_module} {
  gpu.binary @kernels <#offload.loader> [
    #gpu.object<#offload.cuda<chip = "sm_90">, kernels = <[#gpu.kernel_metadata<"scale", !llvm.func<void (ptr, f32)>>, #gpu.kernel_metadata<"copy", !llvm.func<void (ptr, ptr, i64, i64, i64)>>]>, bin = "CUBIN">
  ]

  llvm.func @sync(%p: !llvm.ptr, %x: f32) {
    %c1 = llvm.mlir.constant(1 : index) : i64
    %c2 = llvm.mlir.constant(2 : index) : i64
    %c4 = llvm.mlir.constant(4 : index) : i64
    %c128 = llvm.mlir.constant(128 : index) : i64
    gpu.launch_func @kernels::@scale blocks in (%c4, %c2, %c1) threads in (%c128, %c1, %c1) : i64 args(%p : !llvm.ptr, %x : f32)
    llvm.return
  }

  llvm.func @async(%p: !llvm.ptr, %x: f32, %stream: !llvm.ptr, %smem: i32) {
    %c1 = llvm.mlir.constant(1 : index) : i64
    %c2 = llvm.mlir.constant(2 : index) : i64
    %c4 = llvm.mlir.constant(4 : index) : i64
    %c128 = llvm.mlir.constant(128 : index) : i64
    gpu.launch_func <%stream : !llvm.ptr> @kernels::@scale blocks in (%c4, %c2, %c1) threads in (%c128, %c1, %c1) : i64 dynamic_shared_memory_size %smem args(%p : !llvm.ptr, %x : f32)
    llvm.return
  }

  llvm.func @cluster(%p: !llvm.ptr, %x: f32) {
    %c1 = llvm.mlir.constant(1 : index) : i64
    %c2 = llvm.mlir.constant(2 : index) : i64
    %c4 = llvm.mlir.constant(4 : index) : i64
    %c128 = llvm.mlir.constant(128 : index) : i64
    gpu.launch_func @kernels::@scale clusters in (%c2, %c1, %c1) blocks in (%c4, %c2, %c1) threads in (%c128, %c1, %c1) : i64 args(%p : !llvm.ptr, %x : f32)
    llvm.return
  }

  llvm.func @loop(%p: !llvm.ptr, %x: f32, %n: i64) {
    %c0 = llvm.mlir.constant(0 : index) : i64
    %c1 = llvm.mlir.constant(1 : index) : i64
    llvm.br ^loop(%c0 : i64)
  ^loop(%i: i64):
    %more = llvm.icmp "slt" %i, %n : i64
    llvm.cond_br %more, ^body, ^exit
  ^body:
    gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64 args(%p : !llvm.ptr, %x : f32)
    %next = llvm.add %i, %c1 : i64
    llvm.br ^loop(%next : i64)
  ^exit:
    llvm.return
  }

  llvm.func @memref(%allocated: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64, %size: i64, %stride: i64) {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @kernels::@copy blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64 args(%allocated : !llvm.ptr, %aligned : !llvm.ptr, %offset : i64, %size : i64, %stride : i64)
    llvm.return
  }
}
