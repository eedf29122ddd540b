// offload-lower-gpu-to-host, on each gpu.module: the module for the host
// CPU, in the LLVM dialect. Each kernel becomes an internal function that
// runs one block, every thread as loops, from the MgpuHostBlock it takes
// first; beside it, the sizes of its parameters, a run function that loads
// them and runs a range of blocks, and the exported descriptor __mgpu_host_kernel.<name> that libmgpu's
// host backend looks up. pipelines/host-lowering-invalid.mlir has the errors
// of ops and attributions that have no meaning on the host (a dialect that
// the host lowering does not take, barriers in cf branches, private and workgroup attributions, more
// than 2 GiB of private memory per thread); pipelines/printf-formats.mlir
// every gpu.printf format error through this pass; testdata/integration/
// runs kernels of every kind. This file has the IR and the other errors.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' | FileCheck %s
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host{kernel-bare-ptr}))' \
// RUN:   | FileCheck %s --check-prefix=BARE

// CHECK-LABEL: gpu.module @entry
// CHECK-NOT: gpu.func
// The block's function: the MgpuHostBlock, then the kernel's parameters
// (a memref as its descriptor's five fields), internal.
// CHECK: llvm.func internal @k(%[[BLOCK:[^:]*]]: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64, %[[X:[^:]*]]: f32) attributes {gpu.kernel} {
// The block's size comes from the MgpuHostBlock, x innermost.
// CHECK: llvm.getelementptr %[[BLOCK]][0, 6]
// CHECK: llvm.getelementptr %[[BLOCK]][0, 7]
// CHECK: llvm.getelementptr %[[BLOCK]][0, 8]
// CHECK: llvm.store %[[X]], %{{.*}} : f32, !llvm.ptr
// CHECK: llvm.return
// CHECK: llvm.mlir.global internal constant @__mgpu_host_param_sizes.k(dense<[8, 8, 8, 8, 8, 4]> : tensor<6xi32>)
// The run function: the parameters loaded once, then the blocks [begin, end)
// in a loop, each one's place stored in the MgpuHostBlock before the call;
// the first place by division, the next by counting.
// CHECK: llvm.func internal @__mgpu_host_run.k(%[[PARAMS:[^:]*]]: !llvm.ptr, %[[RUN_BLOCK:[^:]*]]: !llvm.ptr {llvm.noalias}, %[[BEGIN:[^:]*]]: i64, %[[END:[^:]*]]: i64) {
// CHECK: %[[X_SLOT:.*]] = llvm.getelementptr %[[PARAMS]][5]
// CHECK: %[[X_AT:.*]] = llvm.load %[[X_SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK: %[[X_PARAM:.*]] = llvm.load %[[X_AT]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[ANY:.*]] = llvm.icmp "ult" %[[BEGIN]], %[[END]] : i64
// CHECK: llvm.cond_br %[[ANY]], ^[[FIRST:.*]], ^[[EXIT:.*]]
// CHECK: ^[[FIRST]]:
// CHECK: %[[GX:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: %[[GY:.*]] = llvm.load %{{.*}} : !llvm.ptr -> i32
// CHECK: %[[GX64:.*]] = llvm.zext %[[GX]] : i32 to i64
// CHECK: %[[GY64:.*]] = llvm.zext %[[GY]] : i32 to i64
// CHECK: %[[ROWS:.*]] = llvm.udiv %[[BEGIN]], %[[GX64]] : i64
// CHECK: %[[X0:.*]] = llvm.urem %[[BEGIN]], %[[GX64]] : i64
// CHECK: %[[Y0:.*]] = llvm.urem %[[ROWS]], %[[GY64]] : i64
// CHECK: %[[Z0:.*]] = llvm.udiv %[[ROWS]], %[[GY64]] : i64
// CHECK: llvm.br ^[[BODY:.*]](%[[BEGIN]], {{.*}} : i64, i32, i32, i32)
// CHECK: ^[[BODY]](%[[I:.*]]: i64, %[[BX:.*]]: i32, %[[BY:.*]]: i32, %[[BZ:.*]]: i32):
// CHECK: %[[BX_SLOT:.*]] = llvm.getelementptr %[[RUN_BLOCK]][0, 0]
// CHECK: llvm.store %[[BX]], %[[BX_SLOT]] : i32, !llvm.ptr
// CHECK: %[[BY_SLOT:.*]] = llvm.getelementptr %[[RUN_BLOCK]][0, 1]
// CHECK: llvm.store %[[BY]], %[[BY_SLOT]] : i32, !llvm.ptr
// CHECK: %[[BZ_SLOT:.*]] = llvm.getelementptr %[[RUN_BLOCK]][0, 2]
// CHECK: llvm.store %[[BZ]], %[[BZ_SLOT]] : i32, !llvm.ptr
// CHECK: llvm.call @k(%[[RUN_BLOCK]], {{.*}}, %[[X_PARAM]]) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, i64, i64, f32) -> ()
// CHECK: %[[NEXT:.*]] = llvm.add %[[I]], %{{.*}} : i64
// CHECK: %[[X1:.*]] = llvm.add %[[BX]], %{{.*}} : i32
// CHECK: %[[X_WRAPS:.*]] = llvm.icmp "eq" %[[X1]], %[[GX]] : i32
// CHECK: %[[NX:.*]] = llvm.select %[[X_WRAPS]], %{{.*}}, %[[X1]] : i1, i32
// CHECK: %[[CARRY_Y:.*]] = llvm.zext %[[X_WRAPS]] : i1 to i32
// CHECK: %[[Y1:.*]] = llvm.add %[[BY]], %[[CARRY_Y]] : i32
// CHECK: %[[Y_WRAPS:.*]] = llvm.icmp "eq" %[[Y1]], %[[GY]] : i32
// CHECK: %[[NY:.*]] = llvm.select %[[Y_WRAPS]], %{{.*}}, %[[Y1]] : i1, i32
// CHECK: %[[CARRY_Z:.*]] = llvm.zext %[[Y_WRAPS]] : i1 to i32
// CHECK: %[[NZ:.*]] = llvm.add %[[BZ]], %[[CARRY_Z]] : i32
// CHECK: %[[MORE:.*]] = llvm.icmp "ult" %[[NEXT]], %[[END]] : i64
// CHECK: llvm.cond_br %[[MORE]], ^[[BODY]](%[[NEXT]], %[[NX]], %[[NY]], %[[NZ]] : i64, i32, i32, i32), ^[[EXIT]]
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: llvm.return
// CHECK: llvm.mlir.global external constant @__mgpu_host_kernel.k() {{.*}} : !llvm.struct<(i32, i32, ptr, ptr, i32, i32, i32, i32, i32, i32, i32, i32)> {
// The ABI's version, then the count of parameters.
// CHECK: llvm.mlir.constant(7 : i32) : i32
// CHECK: llvm.mlir.constant(6 : i32) : i32
// CHECK: llvm.mlir.addressof @__mgpu_host_param_sizes.k : !llvm.ptr
// CHECK: llvm.mlir.addressof @__mgpu_host_run.k : !llvm.ptr
// No block or grid size known: any runs.
// CHECK: llvm.insertvalue %{{.*}}, %{{.*}}[5]
// CHECK-NEXT: %[[NONE6:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[NONE6]], %{{.*}}[6]
// CHECK-NEXT: %[[NONE7:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[NONE7]], %{{.*}}[7]
// CHECK-NEXT: %[[NONE8:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[NONE8]], %{{.*}}[8]
// CHECK-NEXT: %[[NONE9:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[NONE9]], %{{.*}}[9]
// CHECK-NEXT: %[[NONE10:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[NONE10]], %{{.*}}[10]
// CHECK-NEXT: %[[NONE11:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[NONE11]], %{{.*}}[11]
// BARE-LABEL: gpu.module @entry
// BARE: llvm.func internal @k(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: f32) attributes {gpu.kernel} {
// BARE: llvm.mlir.global internal constant @__mgpu_host_param_sizes.k(dense<[8, 4]> : tensor<2xi32>)
gpu.module @entry {
  gpu.func @k(%out: memref<4xf32>, %x: f32) kernel {
    %t = gpu.thread_id x
    memref.store %x, %out[%t] : memref<4xf32>
    gpu.return
  }
}

// -----

// A block size known at compile time bounds the loops by constants, and
// the descriptor says it, for the runtime to hold launches to; private
// memory is counted in the descriptor: 4 floats a thread, in 16 bytes. A
// device function that nothing calls is dropped.
// CHECK-LABEL: gpu.module @known
// CHECK-NOT: @unused
// CHECK: llvm.func internal @k(%[[BLOCK:[^:]*]]: !llvm.ptr, {{.*}}) attributes {gpu.kernel, offload.host_known_block_size = array<i32: 4, 2, 1>, offload.host_private_bytes = 16 : i32} {
// CHECK-NOT: llvm.getelementptr %[[BLOCK]][0, 6]
// CHECK-NOT: llvm.getelementptr %[[BLOCK]][0, 7]
// CHECK-NOT: llvm.getelementptr %[[BLOCK]][0, 8]
// CHECK: llvm.getelementptr %[[BLOCK]][0, 16]
// CHECK: llvm.return
// CHECK: llvm.mlir.global external constant @__mgpu_host_kernel.k()
// CHECK: llvm.mlir.constant(16 : i32) : i32
// CHECK: %[[X:.*]] = llvm.mlir.constant(4 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[X]], %{{.*}}[6]
// CHECK-NEXT: %[[Y:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[Y]], %{{.*}}[7]
// CHECK-NEXT: %[[Z:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[Z]], %{{.*}}[8]
// CHECK-NEXT: %[[ANY:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.insertvalue %[[ANY]], %{{.*}}[9]
// CHECK-NOT: @unused
gpu.module @known {
  gpu.func @unused() {
    gpu.return
  }
  gpu.func @k(%out: memref<4xf32>) private(%p: memref<4xf32, #gpu.address_space<private>>) kernel
      attributes {known_block_size = array<i32: 4, 2, 1>} {
    %c0 = arith.constant 0 : index
    %t = gpu.thread_id x
    %v = memref.load %out[%t] : memref<4xf32>
    memref.store %v, %p[%c0] : memref<4xf32, #gpu.address_space<private>>
    %w = memref.load %p[%c0] : memref<4xf32, #gpu.address_space<private>>
    memref.store %w, %out[%t] : memref<4xf32>
    gpu.return
  }
}

// -----

// No parameters: no sizes, a null pointer in the descriptor.
// CHECK-LABEL: gpu.module @no_params
// CHECK-NOT: __mgpu_host_param_sizes
// CHECK: llvm.mlir.global external constant @__mgpu_host_kernel.k()
// CHECK: llvm.mlir.constant(0 : i32) : i32
// CHECK: llvm.mlir.zero : !llvm.ptr
// CHECK: llvm.mlir.addressof @__mgpu_host_run.k
gpu.module @no_params {
  gpu.func @k() kernel {
    gpu.return
  }
}

// -----

// gpu.printf calls printf with C's promotions. A thread whose cf.assert
// fails prints CUDA's line, keeps the block's first failure (the kernel's
// name and the message, and the thread) and stops; after the thread loop,
// a failure calls the block's trap.
// CHECK-LABEL: gpu.module @printf_assert
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat_1("{{.*}}offload-lower-gpu-to-host.mlir:[[# @LINE + 24]]: (unknown): block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `bad value` failed.\0A\00")
// CHECK-DAG: llvm.mlir.global internal constant @printfFormat("%d\0A\00")
// CHECK-DAG: llvm.func @printf(!llvm.ptr, ...) -> i32
// CHECK-DAG: llvm.mlir.global internal constant @assertMessage("kernel @k: bad value\00")
// CHECK: llvm.func internal @k(%[[BLOCK:[^:]*]]: !llvm.ptr, %[[C:[^:]*]]: i8, %[[P:[^:]*]]: i1)
// CHECK: %[[FIRST:.*]] = llvm.alloca %{{.*}} x !llvm.ptr
// CHECK: %[[FIRST_THREAD:.*]] = llvm.alloca %{{.*}} x !llvm.array<3 x i32>
// CHECK: %[[STOPPED:.*]] = llvm.alloca %{{.*}} x i1
// CHECK: llvm.store %{{.*}}, %[[FIRST]]
// CHECK: llvm.store %[[FALSE:.*]], %[[STOPPED]] : i1
// CHECK: %[[WIDE:.*]] = llvm.sext %[[C]] : i8 to i32
// CHECK: llvm.call @printf(%{{.*}}, %[[WIDE]]) vararg(!llvm.func<i32 (ptr, ...)>)
// CHECK: llvm.cond_br %{{.*}}, ^[[FAIL:.*]], ^
// CHECK: ^[[FAIL]]:
// CHECK: llvm.call @printf(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}})
// CHECK: llvm.store %[[TRUE:.*]], %[[STOPPED]] : i1
// CHECK: %[[MESSAGE:.*]] = llvm.load %[[FIRST]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.icmp "ne" %[[MESSAGE]]
// CHECK: %[[TRAP_SLOT:.*]] = llvm.getelementptr %[[BLOCK]][0, 14]
// CHECK: %[[TRAP:.*]] = llvm.load %[[TRAP_SLOT]] : !llvm.ptr -> !llvm.ptr
// CHECK: llvm.call %[[TRAP]](%[[BLOCK]], %[[MESSAGE]], %{{.*}}, %{{.*}}, %{{.*}}) : !llvm.ptr, (!llvm.ptr, !llvm.ptr, i32, i32, i32) -> ()
gpu.module @printf_assert {
  gpu.func @k(%c: i8, %p: i1) kernel {
    gpu.printf "%d\n", %c : i8
    cf.assert %p, "bad value"
    gpu.return
  }
}

// -----

!desc = !nvgpu.tensormap.descriptor<tensor = memref<64x8xf16, 3>, swizzle = none, l2promo = none, oob = zero, interleave = none>
gpu.module @nvgpu {
  gpu.func @k(%d: !desc) kernel {
    // expected-error @below {{'nvgpu.tma.prefetch.descriptor' has no meaning on the host target (#offload.host): it is an operation of the 'nvgpu' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    nvgpu.tma.prefetch.descriptor %d : !desc
    gpu.return
  }
}

// -----

// The loops split at barriers in scf control flow only.
gpu.module @parallel {
  gpu.func @k(%out: memref<4xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @below {{the host target splits kernels at barriers and subgroup operations in scf.for, scf.if, scf.while, scf.index_switch and scf.execute_region only, not in 'scf.parallel'}}
    scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
      gpu.barrier
      scf.reduce
    }
    gpu.return
  }
}

// -----

gpu.module @execute_region {
  gpu.func @k(%p: i1, %q: i1) kernel {
    scf.if %p {
      // expected-error @below {{the host target cannot split a barrier or subgroup operation in an scf.execute_region with several blocks}}
      scf.execute_region no_inline {
        cf.cond_br %q, ^sync, ^done
      ^sync:
        gpu.barrier
        scf.yield
      ^done:
        scf.yield
      }
    }
    gpu.return
  }
}

// -----

// The names that the host backend looks up are the lowering's own.
gpu.module @taken {
  llvm.func @__mgpu_host_run.k()
  // expected-error @below {{the host target needs the symbol @__mgpu_host_run.k for this kernel, and the module already has one}}
  gpu.func @k() kernel {
    gpu.return
  }
}

// -----

gpu.module @taken_descriptor {
  llvm.mlir.global external @__mgpu_host_kernel.k(0 : i32) : i32
  // expected-error @below {{the host target needs the symbol @__mgpu_host_kernel.k for this kernel, and the module already has one}}
  gpu.func @k() kernel {
    gpu.return
  }
}

// -----

// A format that printf would misread (every other is in printf-formats.mlir).
gpu.module @printf_format {
  gpu.func @k(%i: i32) kernel {
    // expected-error @below {{gpu.printf format conversion 1 ('%s'): '%s' reads a string, and gpu.printf passes numbers only}}
    gpu.printf "%s\n", %i : i32
    gpu.return
  }
}

// -----

// A buffer of dynamic size that lives across a barrier stays on the stack,
// one alloca per thread in the thread loop: LLVM's vectorizer would take it
// for one alloca for a vector of threads, so that loop (z, y and x) and no
// other stays scalar.
// CHECK: #[[INTERLEAVE:.*]] = #llvm.loop_interleave<count = 1 : i32>
// CHECK: #[[VECTORIZE:.*]] = #llvm.loop_vectorize<disable = true>
// CHECK: #[[SCALAR:.*]] = #llvm.loop_annotation<vectorize = #[[VECTORIZE]], interleave = #[[INTERLEAVE]]>
// CHECK-LABEL: gpu.module @dynamic_alloca
// CHECK: llvm.func internal @k(
// CHECK-NOT: loop_annotation
// CHECK: llvm.alloca %{{.*}} x i32 : (i64) -> !llvm.ptr
// CHECK-NOT: loop_annotation
// CHECK: llvm.br ^bb{{[0-9]+}}(%{{.*}} : i64) {loop_annotation = #[[SCALAR]]}
// CHECK: llvm.br ^bb{{[0-9]+}}(%{{.*}} : i64) {loop_annotation = #[[SCALAR]]}
// CHECK: llvm.br ^bb{{[0-9]+}}(%{{.*}} : i64) {loop_annotation = #[[SCALAR]]}
// CHECK-NOT: loop_annotation
// CHECK: llvm.return
gpu.module @dynamic_alloca {
  gpu.func @k(%out: memref<256xi32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %t = gpu.thread_id x
    %v = arith.index_cast %t : index to i32
    %a = memref.alloca(%n) : memref<?xi32>
    memref.store %v, %a[%c0] : memref<?xi32>
    gpu.barrier
    %w = memref.load %a[%c0] : memref<?xi32>
    memref.store %w, %out[%t] : memref<256xi32>
    gpu.return
  }
}

// -----

// memref.alloc of workgroup memory, wherever in the kernel, is one buffer per
// block: an alloca at the function's entry, before the thread loops, and its
// dealloc goes. (No malloc, no free. Its 64 bytes are too few for
// BlockMemoryPlacement.h to place.)
// CHECK-LABEL: gpu.module @workgroup_alloc
// CHECK: llvm.func internal @k(
// CHECK-NOT: llvm.br
// CHECK: llvm.alloca %{{.*}} x f32 {alignment = 64 : i64}
// CHECK-NOT: @malloc
// CHECK-NOT: @free
// CHECK: llvm.return
gpu.module @workgroup_alloc {
  gpu.func @k(%out: memref<16xf32>, %n: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %t = gpu.thread_id x
    scf.for %k = %c0 to %n step %c1 {
      %tile = memref.alloc() {alignment = 64 : i64} : memref<16xf32, #gpu.address_space<workgroup>>
      %v = memref.load %out[%t] : memref<16xf32>
      memref.store %v, %tile[%t] : memref<16xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %w = memref.load %tile[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
      memref.store %w, %out[%t] : memref<16xf32>
      memref.dealloc %tile : memref<16xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

gpu.module @workgroup_alloc_dynamic {
  gpu.func @k(%n: index, %v: f32, %out: memref<1xf32>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{this memref.alloc of workgroup memory has no place in the kernel's workgroup memory: its size is known at run time only, and a block's workgroup memory is laid out when the kernel compiles: use gpu.dynamic_shared_memory and a view of it}}
    %tile = memref.alloc(%n) : memref<?xf32, #gpu.address_space<workgroup>>
    memref.store %v, %tile[%c0] : memref<?xf32, #gpu.address_space<workgroup>>
    %w = memref.load %tile[%c0] : memref<?xf32, #gpu.address_space<workgroup>>
    memref.store %w, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// A value carried across barriers whose next value is made after the last
// use of the old one is kept in one per-thread array: the stack has that
// and the workgroup buffer, and no loop copies one array to another at the
// end of an iteration. Where the old value is still read after the next
// one is made (@still_read: the yield keeps it too), the next one has an
// array of its own.
// CHECK-LABEL: gpu.module @carried
// CHECK: llvm.func internal @shared_home
// CHECK-COUNT-2: llvm.alloca
// CHECK-NOT: llvm.alloca
// CHECK: llvm.return
// CHECK: llvm.func internal @still_read
// CHECK-COUNT-4: llvm.alloca
// CHECK-NOT: llvm.alloca
// CHECK: llvm.return
gpu.module @carried [#offload.host] {
  gpu.func @shared_home(%out: memref<64xf32>, %n: index)
      workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %x = gpu.thread_id x
    %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      memref.store %acc, %tile[%x] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %tile[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %v : f32
      gpu.barrier
      scf.yield %next : f32
    }
    memref.store %sum, %out[%x] : memref<64xf32>
    gpu.return
  }
  gpu.func @still_read(%out: memref<64xf32>, %n: index)
      workgroup(%tile: memref<64xf32, #gpu.address_space<workgroup>>) kernel
      attributes {known_block_size = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %x = gpu.thread_id x
    %sum:2 = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero, %old = %zero) -> (f32, f32) {
      memref.store %acc, %tile[%x] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %tile[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %v : f32
      gpu.barrier
      scf.yield %next, %acc : f32, f32
    }
    %both = arith.addf %sum#0, %sum#1 : f32
    memref.store %both, %out[%x] : memref<64xf32>
    gpu.return
  }
}
