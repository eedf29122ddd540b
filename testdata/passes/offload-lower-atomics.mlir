// offload-lower-atomics: before the NVVM and ROCDL conversions to the LLVM
// dialect, memref.atomic_rmw of muli and mulf (which LLVM's atomicrmw has no
// operation for) becomes memref.generic_atomic_rmw, and every
// memref.generic_atomic_rmw a compare-and-swap loop of integers: a float's
// bits through bitcasts (upstream makes a cmpxchg of floats, which does not
// verify), so that -0.0 and 0.0, or NaNs, are the values they are in memory.
// Memory spaces and the index width are those of the conversion that
// follows. Other atomics are left to it. An element that cmpxchg does not
// take is one error at the op.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-atomics))' | FileCheck %s
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-atomics{index-bitwidth=32}))' \
// RUN:   | FileCheck %s --check-prefix=INDEX32

// CHECK-LABEL: gpu.module @nvvm
// CHECK: %[[PTR:.*]] = llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i64) -> !llvm.ptr, f32
// CHECK: %[[FIRST:.*]] = llvm.load %[[PTR]] : !llvm.ptr -> i32
// CHECK: llvm.br ^[[LOOP:.*]](%[[FIRST]] : i32)
// CHECK: ^[[LOOP]](%[[BITS:.*]]: i32):
// CHECK: %[[OLD:.*]] = llvm.bitcast %[[BITS]] : i32 to f32
// CHECK: %[[NEW:.*]] = arith.mulf %[[OLD]], %{{.*}} : f32
// CHECK: %[[NEWBITS:.*]] = llvm.bitcast %[[NEW]] : f32 to i32
// CHECK: %[[PAIR:.*]] = llvm.cmpxchg %[[PTR]], %[[BITS]], %[[NEWBITS]] acq_rel monotonic : !llvm.ptr, i32
// CHECK: %[[SEEN:.*]] = llvm.extractvalue %[[PAIR]][0]
// CHECK: %[[OK:.*]] = llvm.extractvalue %[[PAIR]][1]
// CHECK: llvm.cond_br %[[OK]], ^[[END:.*]], ^[[LOOP]](%[[SEEN]] : i32)
// CHECK: ^[[END]]:
// The old value is the result: what the successful cmpxchg compared with.
// CHECK: memref.store %[[OLD]]
// Workgroup memory is NVVM's address space 3; an i16 needs no bitcast.
// CHECK: %[[WPTR:.*]] = llvm.getelementptr %{{.*}} : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, i16
// CHECK: llvm.load %[[WPTR]] : !llvm.ptr<3> -> i16
// CHECK: ^[[WLOOP:.*]](%[[WBITS:.*]]: i16):
// CHECK: %[[WNEW:.*]] = arith.muli %[[WBITS]], %{{.*}} : i16
// CHECK: llvm.cmpxchg %[[WPTR]], %[[WBITS]], %[[WNEW]] acq_rel monotonic : !llvm.ptr<3>, i16
// What LLVM's atomicrmw has is left to the conversion.
// CHECK: memref.atomic_rmw addf
// INDEX32-LABEL: gpu.module @nvvm
// INDEX32: llvm.getelementptr %{{.*}}[%{{.*}}] : (!llvm.ptr, i32) -> !llvm.ptr, f32
gpu.module @nvvm {
  gpu.func @mul(%x: f32, %m: memref<4xf32>, %y: i16,
                %w: memref<4xi16, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %r = memref.atomic_rmw mulf %x, %m[%c1] : (f32, memref<4xf32>) -> f32
    memref.store %r, %m[%c1] : memref<4xf32>
    %s = memref.atomic_rmw muli %y, %w[%c1] : (i16, memref<4xi16, #gpu.address_space<workgroup>>) -> i16
    %a = memref.atomic_rmw addf %x, %m[%c1] : (f32, memref<4xf32>) -> f32
    gpu.return
  }
}

// -----

// A generic atomic of bf16 on AMD GPUs' workgroup memory (address space 3).
// CHECK-LABEL: gpu.module @rocdl
// CHECK: %[[PTR:.*]] = llvm.getelementptr %{{.*}} : (!llvm.ptr<3>, i64) -> !llvm.ptr<3>, bf16
// CHECK: llvm.load %[[PTR]] : !llvm.ptr<3> -> i16
// CHECK: ^[[LOOP:.*]](%[[BITS:.*]]: i16):
// CHECK: %[[OLD:.*]] = llvm.bitcast %[[BITS]] : i16 to bf16
// CHECK: %[[NEW:.*]] = arith.negf %[[OLD]] : bf16
// CHECK: %[[NEWBITS:.*]] = llvm.bitcast %[[NEW]] : bf16 to i16
// CHECK: llvm.cmpxchg %[[PTR]], %[[BITS]], %[[NEWBITS]] acq_rel monotonic : !llvm.ptr<3>, i16
// CHECK-NOT: memref.generic_atomic_rmw
gpu.module @rocdl [#offload.rocm<chip = "gfx942">] {
  gpu.func @negate(%m: memref<4xbf16, #gpu.address_space<workgroup>>) kernel {
    %c1 = arith.constant 1 : index
    %r = memref.generic_atomic_rmw %m[%c1] : memref<4xbf16, #gpu.address_space<workgroup>> {
    ^bb0(%current: bf16):
      %n = arith.negf %current : bf16
      memref.atomic_yield %n : bf16
    }
    gpu.return
  }
}

// -----

gpu.module @bits {
  gpu.func @f(%m: memref<4xi1>, %b: i1) kernel {
    %c1 = arith.constant 1 : index
    // expected-error @below {{'memref.atomic_rmw' of 'i1' has no compare-and-swap loop in LLVM, whose cmpxchg takes elements of 8, 16, 32 or 64 bits}}
    %r = memref.atomic_rmw muli %b, %m[%c1] : (i1, memref<4xi1>) -> i1
    gpu.return
  }
}

// -----

gpu.module @wide {
  gpu.func @f(%m: memref<4xi128>) kernel {
    %c1 = arith.constant 1 : index
    // expected-error @below {{'memref.generic_atomic_rmw' of 'i128' has no compare-and-swap loop in LLVM, whose cmpxchg takes elements of 8, 16, 32 or 64 bits}}
    %r = memref.generic_atomic_rmw %m[%c1] : memref<4xi128> {
    ^bb0(%current: i128):
      memref.atomic_yield %current : i128
    }
    gpu.return
  }
}

// -----

// expected-error @below {{offload-lower-atomics prepares gpu.module @host for an upstream conversion to the LLVM dialect, and offload-lower-gpu-to-host runs none: it lowers these atomics itself}}
gpu.module @host [#offload.host] {
  gpu.func @f() kernel {
    gpu.return
  }
}
