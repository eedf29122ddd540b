// offload-assign-streams: outside gpu.modules, each synchronous gpu.alloc
// (not host_shared), gpu.memcpy, gpu.memset and gpu.dealloc is queued on the
// null stream (libmgpu's stream of the calling thread) and waited for there;
// an asynchronous operation without dependencies gets a new stream
// (gpu.wait async), one with several a new stream that waits for them all.
// The one error: the runtime's entry point that the pass calls is a symbol
// of another type, at the module.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-assign-streams | FileCheck %s

// CHECK-LABEL: func.func @synchronous(
// CHECK-SAME: %[[HOST:[^:]*]]: memref<4xf32>, %[[V:[^:]*]]: f32, %[[N:[^:]*]]: index)
// CHECK: %[[Z0:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[T0:.*]] = builtin.unrealized_conversion_cast %[[Z0]] : !llvm.ptr to !gpu.async.token
// CHECK-NEXT: %[[DEV:.*]], %[[A:.*]] = gpu.alloc async [%[[T0]]] (%[[N]]) : memref<?xf32>
// CHECK-NEXT: %[[S0:.*]] = builtin.unrealized_conversion_cast %[[A]] : !gpu.async.token to !llvm.ptr
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S0]]) : (!llvm.ptr) -> ()
// CHECK-NEXT: %[[Z1:.*]] = llvm.mlir.zero : !llvm.ptr
// CHECK-NEXT: %[[T1:.*]] = builtin.unrealized_conversion_cast %[[Z1]] : !llvm.ptr to !gpu.async.token
// CHECK-NEXT: %[[C:.*]] = gpu.memcpy async [%[[T1]]] %[[DEV]], %[[HOST]] : memref<?xf32>, memref<4xf32>
// CHECK-NEXT: %[[S1:.*]] = builtin.unrealized_conversion_cast %[[C]] : !gpu.async.token to !llvm.ptr
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S1]])
// CHECK-NEXT: llvm.mlir.zero
// CHECK-NEXT: %[[T2:.*]] = builtin.unrealized_conversion_cast
// CHECK-NEXT: %[[M:.*]] = gpu.memset async [%[[T2]]] %[[DEV]], %[[V]] : memref<?xf32>, f32
// CHECK-NEXT: %[[S2:.*]] = builtin.unrealized_conversion_cast %[[M]]
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S2]])
// CHECK-NEXT: llvm.mlir.zero
// CHECK-NEXT: %[[T3:.*]] = builtin.unrealized_conversion_cast
// CHECK-NEXT: %[[D:.*]] = gpu.dealloc async [%[[T3]]] %[[DEV]] : memref<?xf32>
// CHECK-NEXT: %[[S3:.*]] = builtin.unrealized_conversion_cast %[[D]]
// CHECK-NEXT: llvm.call @mgpuStreamSynchronize(%[[S3]])
// Host-shared memory is allocated synchronously by gpu-to-llvm itself.
// CHECK-NEXT: gpu.alloc host_shared () : memref<4xf32>
// CHECK-NEXT: return
// The runtime's function is declared once, as mgpu_abi.def has it.
// CHECK: llvm.func @mgpuStreamSynchronize(!llvm.ptr)
// CHECK-NOT: llvm.func @mgpuStreamSynchronize
module @synchronous {
  func.func @synchronous(%host: memref<4xf32>, %v: f32, %n: index) {
    %dev = gpu.alloc (%n) : memref<?xf32>
    gpu.memcpy %dev, %host : memref<?xf32>, memref<4xf32>
    gpu.memset %dev, %v : memref<?xf32>, f32
    gpu.dealloc %dev : memref<?xf32>
    %shared = gpu.alloc host_shared () : memref<4xf32>
    return
  }
}

// -----

// CHECK-LABEL: func.func @asynchronous(
// CHECK-SAME: %[[A:[^:]*]]: !gpu.async.token, %[[B:[^:]*]]: !gpu.async.token, %[[BUF:[^:]*]]: memref<4xf32>, %[[V:[^:]*]]: f32, %[[N:[^:]*]]: index)
// No dependency: a new stream.
// CHECK: %[[NEW:.*]] = gpu.wait async
// CHECK-NEXT: %[[T0:.*]] = gpu.memset async [%[[NEW]]] %[[BUF]], %[[V]]
// One dependency: its stream, as it is.
// CHECK-NEXT: %[[T1:.*]] = gpu.memset async [%[[A]]] %[[BUF]], %[[V]]
// Several: a new stream that waits for them all. The operands that follow
// the dependencies keep their places.
// CHECK-NEXT: %[[J1:.*]] = gpu.wait async [%[[A]], %[[B]]]
// CHECK-NEXT: %[[LAUNCH:.*]] = gpu.launch_func async [%[[J1]]] @kernels::@k blocks in (%{{.*}}, %{{.*}}, %{{.*}}) threads in (%{{.*}}, %{{.*}}, %{{.*}}) dynamic_shared_memory_size %{{.*}} args(%[[BUF]] : memref<4xf32>)
// CHECK-NEXT: %[[J2:.*]] = gpu.wait async [%[[T0]], %[[T1]], %[[LAUNCH]]]
// CHECK-NEXT: %[[MEM:.*]], %[[T2:.*]] = gpu.alloc async [%[[J2]]] (%[[N]]) : memref<?xf32>
// A join is what offload-lower-gpu-waits lowers: left as it is.
// CHECK-NEXT: %[[T3:.*]] = gpu.wait async [%[[A]], %[[T2]]]
// CHECK-NEXT: return %[[T3]]
// Nothing synchronous: no runtime call.
// CHECK-NOT: mgpuStreamSynchronize
module @asynchronous attributes {gpu.container_module} {
  func.func @asynchronous(%a: !gpu.async.token, %b: !gpu.async.token, %buf: memref<4xf32>, %v: f32, %n: index) -> !gpu.async.token {
    %c1 = arith.constant 1 : index
    %shared = arith.constant 16 : i32
    %t0 = gpu.memset async %buf, %v : memref<4xf32>, f32
    %t1 = gpu.memset async [%a] %buf, %v : memref<4xf32>, f32
    %launch = gpu.launch_func async [%a, %b] @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        dynamic_shared_memory_size %shared args(%buf : memref<4xf32>)
    %mem, %t2 = gpu.alloc async [%t0, %t1, %launch] (%n) : memref<?xf32>
    %t3 = gpu.wait async [%a, %t2]
    return %t3 : !gpu.async.token
  }
  gpu.module @kernels {
    gpu.func @k(%buf: memref<4xf32>) kernel {
      gpu.return
    }
  }
}

// -----

// A declaration that is already there, of the right type, is the one
// called. (offload-assign-streams-gpu-modules.mlir: what is inside a
// gpu.module.)
// CHECK-LABEL: module @declared
// CHECK: llvm.func @mgpuStreamSynchronize(!llvm.ptr)
// CHECK: func.func @host
// CHECK: gpu.memcpy async
// CHECK: llvm.call @mgpuStreamSynchronize
// CHECK-NOT: llvm.func @mgpuStreamSynchronize
module @declared {
  llvm.func @mgpuStreamSynchronize(!llvm.ptr)
  func.func @host(%dst: memref<4xf32>, %src: memref<4xf32>) {
    gpu.memcpy %dst, %src : memref<4xf32>, memref<4xf32>
    return
  }
}

// -----

// expected-error @below {{the symbol @mgpuStreamSynchronize is taken: the mgpu runtime's entry point of that name has type '!llvm.func<void (ptr)>'}}
module @taken {
  func.func private @mgpuStreamSynchronize(i32)
  func.func @host(%dst: memref<4xf32>, %src: memref<4xf32>) {
    gpu.memcpy %dst, %src : memref<4xf32>, memref<4xf32>
    return
  }
}
