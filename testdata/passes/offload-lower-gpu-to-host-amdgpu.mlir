// offload-lower-gpu-to-host drops amdgpu.sched_barrier (a hint to AMD's
// scheduler) and emulates the raw buffer accesses' bounds check: the
// access's byte offset (index * 4, 32 bits, zero-extended) against the
// buffer's 32 bytes gives how many of its elements are inside, at most 4,
// which a masked load reads (0 elsewhere) and a masked store writes; the
// address adds sgprOffset after the check. testdata/integration/
// amdgpu-raw-buffers.mlir runs every op at the edges. Other amdgpu ops stay
// errors (pipelines/host-lowering-invalid.mlir), as do accesses the host
// cannot check.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' | FileCheck %s

// CHECK-LABEL: gpu.module @buffers
// CHECK-NOT: amdgpu.
// CHECK-DAG: %[[FOUR:.*]] = llvm.mlir.constant(4 : index) : i64
// CHECK-DAG: %[[BYTES:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-DAG: %[[ZEROS:.*]] = llvm.mlir.constant(dense<0.000000e+00> : vector<4xf32>) : vector<4xf32>
// CHECK-DAG: %[[RECORDS:.*]] = llvm.mlir.constant(32 : index) : i64
// CHECK: %[[OFFSET:.*]] = llvm.mul %[[INDEX:[^,]*]], %[[BYTES]] : i32
// CHECK: %[[START:.*]] = llvm.zext %[[OFFSET]] : i32 to i64
// CHECK: %[[ROOM:.*]] = llvm.sub %[[RECORDS]], %[[START]] : i64
// CHECK: %[[ROOM_ELEMENTS:.*]] = llvm.udiv %[[ROOM]], %[[FOUR]] : i64
// CHECK: %[[ANY:.*]] = llvm.icmp "ult" %[[START]], %[[RECORDS]] : i64
// CHECK: %[[AVAILABLE:.*]] = llvm.select %[[ANY]], %[[ROOM_ELEMENTS]], %{{.*}} : i1, i64
// CHECK: %[[INSIDE:.*]] = llvm.intr.umin(%[[AVAILABLE]], %[[FOUR]]) : (i64, i64) -> i64
// CHECK: %[[SGPR:.*]] = llvm.mul %[[SGPR_INDEX:[^,]*]], %[[BYTES]] : i32
// CHECK: %[[SGPR_BYTES:.*]] = llvm.zext %[[SGPR]] : i32 to i64
// CHECK: %[[ADDRESS:.*]] = llvm.add %[[START]], %[[SGPR_BYTES]] : i64
// CHECK: %[[ELEMENT:.*]] = llvm.udiv %[[ADDRESS]], %[[FOUR]] : i64
// CHECK: %[[INSIDE4:.*]] = llvm.shufflevector %{{.*}} [0, 0, 0, 0] : vector<4xi64>
// CHECK: %[[MASK:.*]] = llvm.icmp "sgt" %[[INSIDE4]], %{{.*}} : vector<4xi64>
// CHECK: %[[NONE:.*]] = llvm.icmp "eq" %[[INSIDE]], %{{.*}} : i64
// CHECK: %[[AT:.*]] = llvm.select %[[NONE]], %{{.*}}, %[[ELEMENT]] : i1, i64
// CHECK: %[[POINTER:.*]] = llvm.getelementptr %{{.*}}[%[[AT]]] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[LOADED:.*]] = llvm.intr.masked.load %[[POINTER]], %[[MASK]], %[[ZEROS]] {alignment = 4 : i32}
// CHECK: llvm.intr.masked.store %[[LOADED]], %{{.*}}, %{{.*}} {alignment = 4 : i32} : vector<4xf32>, vector<4xi1> into !llvm.ptr
gpu.module @buffers {
  gpu.func @k(%m: memref<8xf32>, %i: i32, %s: i32) kernel {
    amdgpu.sched_barrier allow = <valu|all_vmem>
    %v = amdgpu.raw_buffer_load %m[%i] sgprOffset %s : memref<8xf32>, i32 -> vector<4xf32>
    amdgpu.raw_buffer_store %v -> %m[%i] : vector<4xf32> -> memref<8xf32>, i32
    gpu.return
  }
}

// -----

// A scalar access is a branch on its one element's being inside, an atomic
// one whose old value is 0 outside.
// CHECK-LABEL: gpu.module @scalars
// CHECK: llvm.cond_br
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: llvm.cond_br
// CHECK: llvm.atomicrmw max %{{.*}}, %{{.*}} acq_rel : !llvm.ptr, i32
// CHECK: llvm.cond_br
// CHECK: llvm.cmpxchg
gpu.module @scalars {
  gpu.func @k(%m: memref<8xi32>, %i: i32, %out: memref<2xi32>) kernel {
    %v = amdgpu.raw_buffer_load %m[%i] : memref<8xi32>, i32 -> i32
    amdgpu.raw_buffer_atomic_smax %v -> %m[%i] : i32 -> memref<8xi32>, i32
    %old = amdgpu.raw_buffer_atomic_cmpswap %v, %i -> %m[%i] : i32 -> memref<8xi32>, i32
    %c0 = arith.constant 0 : index
    memref.store %old, %out[%c0] : memref<2xi32>
    gpu.return
  }
}

// -----

gpu.module @matrix {
  gpu.func @k(%m: memref<8xf32>, %i: i32) kernel {
    // expected-error @below {{the host target takes raw buffer accesses of scalars and of 1-D vectors, not of 'vector<2x2xf32>'}}
    %v = amdgpu.raw_buffer_load %m[%i] : memref<8xf32>, i32 -> vector<2x2xf32>
    gpu.return
  }
}

// -----

gpu.module @vector_swap {
  gpu.func @k(%m: memref<8xf32>, %i: i32, %a: vector<2xf32>) kernel {
    // expected-error @below {{the host target takes raw buffer compare-and-swap on scalars only, not on 'vector<2xf32>'}}
    %v = amdgpu.raw_buffer_atomic_cmpswap %a, %a -> %m[%i] : vector<2xf32> -> memref<8xf32>, i32
    gpu.return
  }
}

// -----

gpu.module @no_strides {
  gpu.func @k(%m: memref<8xf32, affine_map<(d0) -> (d0 mod 4)>>, %i: i32) kernel {
    // expected-error @below {{the host target takes raw buffer accesses to memrefs with strides only, not to 'memref<8xf32, affine_map<(d0) -> (d0 mod 4)>>'}}
    %v = amdgpu.raw_buffer_load %m[%i] : memref<8xf32, affine_map<(d0) -> (d0 mod 4)>>, i32 -> f32
    gpu.return
  }
}
