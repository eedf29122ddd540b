// offload-lower-gpu-to-host inlines a kernel's device functions (func.func
// in its gpu.module) before it splits the kernel into thread loops: a device
// function may use the thread's ids and barriers, as CUDA's do, and the CUDA
// pipeline compiles the same module. Upstream's inliner does not inline into
// a gpu.func (the GPU dialect allows no inlining into its region), so the
// pass inlines every call in a kernel itself, transitively, a clone of the
// callee each time; a callee of several blocks goes into an
// scf.execute_region, so that the kernel's control flow stays structured.
// A call of a declaration (libm) stays a call; the func.funcs that nothing
// calls afterwards are dropped. A recursive chain of calls is one error at
// the kernel's call, with a note at the call that recurses.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' | FileCheck %s

// CHECK-LABEL: gpu.module @m
// CHECK-NOT: gpu.thread_id
// CHECK-NOT: @thread
// CHECK: llvm.mlir.global external constant @__mgpu_host_kernel.k()
gpu.module @m {
  func.func @thread() -> index {
    %t = gpu.thread_id x
    return %t : index
  }
  gpu.func @k(%out: memref<4xindex>) kernel {
    %t = func.call @thread() : () -> index
    memref.store %t, %out[%t] : memref<4xindex>
    gpu.return
  }
}

// -----

// Transitively, twice in a function, and a barrier in a device function,
// which splits the kernel's thread loops as its own would.
// CHECK-LABEL: gpu.module @transitive
// CHECK-NOT: gpu.
// CHECK-NOT: func.call
// CHECK-NOT: @lane
// CHECK-NOT: @twice
// CHECK: llvm.func internal @k(
// CHECK-NOT: llvm.call
// CHECK: llvm.return
// CHECK: llvm.mlir.global external constant @__mgpu_host_kernel.k()
gpu.module @transitive {
  func.func @lane() -> index {
    %t = gpu.thread_id x
    %b = gpu.block_id x
    %s = arith.addi %t, %b : index
    return %s : index
  }
  func.func @twice(%out: memref<64xindex>) {
    %l = func.call @lane() : () -> index
    memref.store %l, %out[%l] : memref<64xindex>
    gpu.barrier
    %m = func.call @lane() : () -> index
    %v = memref.load %out[%m] : memref<64xindex>
    memref.store %v, %out[%m] : memref<64xindex>
    return
  }
  gpu.func @k(%out: memref<64xindex>) kernel {
    func.call @twice(%out) : (memref<64xindex>) -> ()
    gpu.return
  }
}

// -----

// A callee of several blocks inside an scf.if, and a call of a declaration,
// which stays.
// CHECK-LABEL: gpu.module @branches
// CHECK-NOT: @absolute
// CHECK: llvm.func @sinf(f32) -> f32
// CHECK-NOT: @absolute
// CHECK: llvm.func internal @k(
// CHECK: llvm.call @sinf(
// CHECK: llvm.mlir.global external constant @__mgpu_host_kernel.k()
gpu.module @branches {
  func.func @absolute(%x: f32) -> f32 {
    %zero = arith.constant 0.0 : f32
    %negative = arith.cmpf olt, %x, %zero : f32
    cf.cond_br %negative, ^negate, ^keep
  ^negate:
    %y = arith.negf %x : f32
    return %y : f32
  ^keep:
    return %x : f32
  }
  func.func private @sinf(f32) -> f32
  gpu.func @k(%f: memref<64xf32>, %p: i1) kernel {
    scf.if %p {
      %t = gpu.thread_id x
      %v = memref.load %f[%t] : memref<64xf32>
      %a = func.call @absolute(%v) : (f32) -> f32
      %s = func.call @sinf(%a) : (f32) -> f32
      memref.store %s, %f[%t] : memref<64xf32>
    }
    gpu.return
  }
}

// -----

// A device function that nothing calls goes, thread ids and all.
// CHECK-LABEL: gpu.module @uncalled
// CHECK-NOT: @unused
// CHECK: llvm.mlir.global external constant @__mgpu_host_kernel.k()
gpu.module @uncalled {
  func.func @unused() -> index {
    %t = gpu.thread_id y
    return %t : index
  }
  gpu.func @k() kernel {
    gpu.return
  }
}

// -----

gpu.module @self_recursive {
  func.func @f(%n: index) -> index {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %done = arith.cmpi eq, %n, %c0 : index
    %r = scf.if %done -> index {
      scf.yield %c0 : index
    } else {
      %m = arith.subi %n, %c1 : index
      // expected-note @below {{@f calls @f here}}
      %s = func.call @f(%m) : (index) -> index
      scf.yield %s : index
    }
    return %r : index
  }
  gpu.func @k(%out: memref<4xindex>) kernel {
    %t = gpu.thread_id x
    // expected-error @below {{kernels run with their device functions inlined into them; @f is recursive}}
    %r = func.call @f(%t) : (index) -> index
    memref.store %r, %out[%t] : memref<4xindex>
    gpu.return
  }
}

// -----

// Through another function: the one that the chain comes back to is named.
gpu.module @mutually_recursive {
  func.func @entry(%n: index) -> index {
    %r = func.call @ping(%n) : (index) -> index
    return %r : index
  }
  func.func @ping(%n: index) -> index {
    %r = func.call @pong(%n) : (index) -> index
    return %r : index
  }
  func.func @pong(%n: index) -> index {
    // expected-note @below {{@pong calls @ping here}}
    %r = func.call @ping(%n) : (index) -> index
    return %r : index
  }
  gpu.func @k(%out: memref<4xindex>) kernel {
    %t = gpu.thread_id x
    // expected-error @below {{kernels run with their device functions inlined into them; @ping is recursive}}
    %r = func.call @entry(%t) : (index) -> index
    memref.store %r, %out[%t] : memref<4xindex>
    gpu.return
  }
}
