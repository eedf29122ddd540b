// offload-lower-gpu-to-host's shortcuts on the CPU, beside the thread loops
// that offload-lower-gpu-to-host.mlir tests: atomics on shared memory become
// plain updates (one CPU thread runs a block's threads one after another); a
// loop that walks a buffer along an outer dimension while the threads walk
// the innermost one runs across the threads, its carried value kept per
// thread, and so does a grid-stride loop, rewritten with bounds the same in
// every thread, prefetching its next iteration; a thread loop that is
// one `if` of bounds tests on threadIdx.x or a global id runs over the
// threads that pass only, without those tests; and one with a bounds test
// beside effects that every thread has runs in two pieces, the threads that
// pass and the others, the test's value known in each.
// testdata/integration/host-shortcuts.mlir and host-shortcuts-atomics.mlir
// run each.
//
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' \
// RUN:   | FileCheck %s

gpu.module @kernels [#offload.host] {
  // CHECK-LABEL: llvm.func internal @atomics
  // The global one stays atomic; the shared one does not.
  // CHECK-NOT: llvm.{{atomicrmw|cmpxchg}}
  // CHECK: llvm.atomicrmw add
  // CHECK-NOT: llvm.{{atomicrmw|cmpxchg}}
  // CHECK: llvm.return
  gpu.func @atomics(%out: memref<4xi32>)
      workgroup(%shared: memref<4xi32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %x = gpu.thread_id x
    %old = memref.atomic_rmw addi %one, %out[%c0] : (i32, memref<4xi32>) -> i32
    %mine = memref.atomic_rmw maxs %old, %shared[%x] : (i32, memref<4xi32, #gpu.address_space<workgroup>>) -> i32
    %sum = memref.generic_atomic_rmw %shared[%c0] : memref<4xi32, #gpu.address_space<workgroup>> {
    ^bb0(%current: i32):
      %more = arith.addi %current, %mine : i32
      memref.atomic_yield %more : i32
    }
    gpu.return
  }

  // b[k, x]: each iteration runs every thread, the sum kept per thread.
  // CHECK-LABEL: llvm.func internal @across
  // CHECK: llvm.alloca %{{.*}} x f32
  // CHECK: llvm.return
  gpu.func @across(%b: memref<?x?xf32>, %c: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %x = gpu.thread_id x
    %n = memref.dim %b, %c0 : memref<?x?xf32>
    %dot = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %b[%k, %x] : memref<?x?xf32>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    memref.store %dot, %c[%x] : memref<?xf32>
    gpu.return
  }

  // b[x, k]: each thread walks its own row, the loop stays in its thread.
  // CHECK-LABEL: llvm.func internal @along
  // CHECK-NOT: llvm.alloca %{{.*}} x f32
  // CHECK: llvm.return
  gpu.func @along(%b: memref<?x?xf32>, %c: memref<?xf32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %x = gpu.thread_id x
    %n = memref.dim %b, %c0 : memref<?x?xf32>
    %dot = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %b[%x, %k] : memref<?x?xf32>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    memref.store %dot, %c[%x] : memref<?xf32>
    gpu.return
  }

  // Shared memory stays in cache: its loops stay in their threads. (The
  // one alloca is the tile's arena, BlockMemoryPlacement.h.)
  // CHECK-LABEL: llvm.func internal @shared
  // CHECK: llvm.alloca %{{.*}} x i8
  // CHECK-NOT: llvm.alloca
  // CHECK: llvm.return
  gpu.func @shared(%c: memref<?xf32>)
      workgroup(%tile: memref<16x16xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %x = gpu.thread_id x
    %dot = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %tile[%k, %x] : memref<16x16xf32, #gpu.address_space<workgroup>>
      %next = arith.addf %acc, %v : f32
      scf.yield %next : f32
    }
    memref.store %dot, %c[%x] : memref<?xf32>
    gpu.return
  }

  // A step of a tree: the x loop ends at min(blockDim.x, n).
  // CHECK-LABEL: llvm.func internal @tree_step
  // CHECK: llvm.intr.umin
  // CHECK: llvm.return
  gpu.func @tree_step(%c: memref<?xf32>, %n: index) kernel {
    %x = gpu.thread_id x
    %below = arith.cmpi ult, %x, %n : index
    scf.if %below {
      %v = memref.load %c[%x] : memref<?xf32>
      %twice = arith.addf %v, %v : f32
      memref.store %twice, %c[%x] : memref<?xf32>
    }
    gpu.return
  }

  // Threads above n: the x loop starts at min(n, blockDim.x - 1) + 1 (at 0
  // where n < 0, which an unsigned test makes false: the select folds).
  // CHECK-LABEL: llvm.func internal @upper_threads
  // CHECK: %[[LAST:.*]] = llvm.intr.umin(%[[N:arg6]], %{{.*}}) : (i64, i64) -> i64
  // CHECK-NEXT: %[[FIRST:.*]] = llvm.add %[[LAST]], %{{.*}} : i64
  // CHECK-NEXT: %[[FROM:.*]] = llvm.select %{{.*}}, %{{.*}}, %[[FIRST]] : i1, i64
  // CHECK: llvm.br ^bb{{[0-9]+}}(%[[FROM]] : i64)
  // CHECK-NOT: llvm.icmp "ugt"
  // CHECK: llvm.return
  gpu.func @upper_threads(%c: memref<?xf32>, %n: index) kernel {
    %x = gpu.thread_id x
    %above = arith.cmpi ugt, %x, %n : index
    scf.if %above {
      %v = memref.load %c[%x] : memref<?xf32>
      %twice = arith.addf %v, %v : f32
      memref.store %twice, %c[%x] : memref<?xf32>
    }
    gpu.return
  }

  // for (i = base + x; i < n; i += stride): first k from 0 to the
  // iterations that every thread has, those of the last, whose lower bound
  // is base + blockDim.x - 1 (none where that wraps), each thread's
  // iteration k at lower + k * stride, untested; then k from there to the
  // most iterations of any thread, ceil((n - lowest) / stride), where the
  // lowest lower bound is INT64_MIN when base + blockDim.x - 1 wraps, else
  // base; each thread's iteration k where lower < n and k * stride <
  // n - lower. Each iteration of the first loop prefetches the next one's
  // elements, c[base + (k + 1) * stride + j] a cache line (16 f32) apart,
  // once, for writing (the body reads and writes them).
  // CHECK-LABEL: llvm.func internal @grid_stride
  // CHECK: %[[MIN:.*]] = llvm.mlir.constant(-9223372036854775808 : index)
  // CHECK: %[[LINE_ELEMS:.*]] = llvm.mlir.constant(16 : index)
  // CHECK: %[[LAST:.*]] = llvm.add %[[BASE:arg6]], %{{.*}} : i64
  // CHECK: %[[N:.*]] = llvm.extractvalue %{{.*}}[3, 0]
  // CHECK: %[[LAST_STARTS:.*]] = llvm.icmp "slt" %[[LAST]], %[[N]]
  // CHECK: %[[LAST_WRAPS:.*]] = llvm.icmp "slt" %[[LAST]], %[[BASE]]
  // CHECK: %[[LAST_NO_WRAP:.*]] = llvm.xor %[[LAST_WRAPS]]
  // CHECK: %[[LAST_HAS:.*]] = llvm.and %[[LAST_STARTS]], %[[LAST_NO_WRAP]]
  // CHECK: llvm.sub %[[N]], %[[LAST]]
  // CHECK: llvm.udiv
  // CHECK: %[[ALL:.*]] = llvm.select %[[LAST_HAS]]
  // CHECK: ^bb{{[0-9]+}}(%[[K0:.*]]: i64):
  // CHECK-NEXT: llvm.icmp "ult" %[[K0]], %[[ALL]] : i64
  // CHECK: %[[K1:.*]] = llvm.add %[[K0]], %{{.*}} : i64
  // CHECK-NEXT: %[[NEXT_OFFSET:.*]] = llvm.mul %[[K1]], %[[STRIDE:arg7]] : i64
  // CHECK-NEXT: %[[NEXT:.*]] = llvm.add %[[BASE]], %[[NEXT_OFFSET]] : i64
  // CHECK: ^bb{{[0-9]+}}(%[[LINE:.*]]: i64):
  // CHECK: %[[LINE_OFFSET:.*]] = llvm.mul %[[LINE]], %[[LINE_ELEMS]] : i64
  // CHECK-NEXT: %[[AHEAD:.*]] = llvm.add %[[NEXT]], %[[LINE_OFFSET]] : i64
  // CHECK-NEXT: llvm.extractvalue
  // CHECK-NEXT: %[[AHEAD_PTR:.*]] = llvm.getelementptr %{{.*}}[%[[AHEAD]]]
  // CHECK-NEXT: "llvm.intr.prefetch"(%[[AHEAD_PTR]]) <{cache = 1 : i32, hint = 2 : i32, rw = 1 : i32}>
  // CHECK-NOT: llvm.intr.prefetch
  // CHECK: %[[LOWER0:.*]] = llvm.add %[[BASE]], %{{.*}} : i64
  // CHECK-NEXT: %[[OFFSET0:.*]] = llvm.mul %[[K0]], %[[STRIDE]] : i64
  // CHECK-NEXT: %[[I0:.*]] = llvm.add %[[LOWER0]], %[[OFFSET0]] : i64
  // CHECK-NEXT: llvm.extractvalue
  // CHECK-NEXT: llvm.getelementptr inbounds|nuw %{{.*}}[%[[I0]]]
  // CHECK: %[[LOWEST:.*]] = llvm.select %{{.*}}, %[[MIN]], %[[BASE]]
  // CHECK: %[[LOWEST_STARTS:.*]] = llvm.icmp "slt" %[[LOWEST]]
  // CHECK: llvm.sub %{{.*}}, %[[LOWEST]]
  // CHECK: llvm.udiv
  // CHECK: %[[MOST:.*]] = llvm.select %[[LOWEST_STARTS]]
  // CHECK: ^bb{{[0-9]+}}(%[[KV:.*]]: i64):
  // CHECK-NEXT: llvm.icmp "ult" %[[KV]], %[[MOST]] : i64
  // CHECK: %[[LOWER:.*]] = llvm.add %[[BASE]], %{{.*}} : i64
  // CHECK: %[[OFFSET:.*]] = llvm.mul %[[KV]], %[[STRIDE]] : i64
  // CHECK: %[[I:.*]] = llvm.add %[[LOWER]], %[[OFFSET]] : i64
  // CHECK: %[[STARTED:.*]] = llvm.icmp "slt" %[[LOWER]], %[[UPPER:.*]] : i64
  // CHECK: %[[SPAN:.*]] = llvm.sub %[[UPPER]], %[[LOWER]] : i64
  // CHECK: %[[NOT_PAST:.*]] = llvm.icmp "ult" %[[OFFSET]], %[[SPAN]] : i64
  // CHECK: %[[INSIDE:.*]] = llvm.and %[[STARTED]], %[[NOT_PAST]] : i1
  // CHECK: llvm.cond_br %[[INSIDE]]
  // CHECK: llvm.getelementptr inbounds|nuw %{{.*}}[%[[I]]]
  // CHECK: llvm.return
  gpu.func @grid_stride(%c: memref<?xf32>, %base: index, %stride: index)
      kernel {
    %c0 = arith.constant 0 : index
    %x = gpu.thread_id x
    %first = arith.addi %base, %x : index
    %n = memref.dim %c, %c0 : memref<?xf32>
    scf.for %i = %first to %n step %stride {
      %v = memref.load %c[%i] : memref<?xf32>
      %twice = arith.addf %v, %v : f32
      memref.store %twice, %c[%i] : memref<?xf32>
    }
    gpu.return
  }

  // Prefetched: what is at [..., i] with the other indices defined before
  // the loop, of any element type: c[r, i], read, and e[i] of index
  // elements, read and written; not d[r + 1, i], whose row the body
  // computes.
  // CHECK-LABEL: llvm.func internal @grid_stride_walks
  // CHECK: "llvm.intr.prefetch"(%{{.*}}) <{cache = 1 : i32, hint = 2 : i32, rw = 0 : i32}>
  // CHECK: "llvm.intr.prefetch"(%{{.*}}) <{cache = 1 : i32, hint = 2 : i32, rw = 1 : i32}>
  // CHECK-NOT: "llvm.intr.prefetch"
  // CHECK: llvm.return
  gpu.func @grid_stride_walks(%c: memref<?x?xf32>, %d: memref<?x?xf32>,
                              %e: memref<?xindex>, %base: index,
                              %stride: index, %r: index) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = gpu.thread_id x
    %first = arith.addi %base, %x : index
    %n = memref.dim %e, %c0 : memref<?xindex>
    scf.for %i = %first to %n step %stride {
      %v = memref.load %c[%r, %i] : memref<?x?xf32>
      %row = arith.addi %r, %c1 : index
      memref.store %v, %d[%row, %i] : memref<?x?xf32>
      %w = memref.load %e[%i] : memref<?xindex>
      %w1 = arith.addi %w, %c1 : index
      memref.store %w1, %e[%i] : memref<?xindex>
    }
    gpu.return
  }

  // `if (lo < id && id < n && y < m)`, id a global id (which cannot wrap):
  // the blocks of a row run together (BlockRows.h), their threads in x
  // blockDim.x times the count that the second parameter says; the x loop
  // runs from the first x above lo, min(lo - base, that - 1) + 1 (0 where
  // lo < base), to the last below n, and the y loop to min(blockDim.y, m),
  // without those three tests.
  // CHECK-LABEL: llvm.func internal @between(%arg0: !llvm.ptr, %arg1: i64,
  // CHECK-SAME: offload.host_blocks_in_x
  // CHECK: %[[THREADS_X:.*]] = llvm.mul %{{.*}}, %arg1 : i64
  // CHECK-NEXT: %[[BASE:.*]] = llvm.mul %{{.*}}, %{{.*}} overflow<nsw, nuw> : i64
  // CHECK-NEXT: %[[ABOVE:.*]] = llvm.sub %[[LO:arg8]], %[[BASE]] : i64
  // CHECK-NEXT: %[[EVERY:.*]] = llvm.icmp "ult" %[[LO]], %[[BASE]] : i64
  // CHECK-NEXT: %[[LAST_X:.*]] = llvm.sub %[[THREADS_X]], %{{.*}} : i64
  // CHECK-NEXT: %[[LAST:.*]] = llvm.intr.umin(%[[ABOVE]], %[[LAST_X]]) : (i64, i64) -> i64
  // CHECK-NEXT: %[[FIRST:.*]] = llvm.add %[[LAST]], %{{.*}} : i64
  // CHECK-NEXT: %[[FROM:.*]] = llvm.select %[[EVERY]], %{{.*}}, %[[FIRST]] : i1, i64
  // CHECK: %[[BASE2:.*]] = llvm.mul %{{.*}}, %{{.*}} overflow<nsw, nuw> : i64
  // CHECK-NEXT: %[[SPAN:.*]] = llvm.sub %[[N:arg7]], %[[BASE2]] : i64
  // CHECK-NEXT: %[[SOME:.*]] = llvm.icmp "ult" %[[BASE2]], %[[N]] : i64
  // CHECK-NEXT: %[[UPPER:.*]] = llvm.select %[[SOME]], %[[SPAN]], %{{.*}} : i1, i64
  // CHECK-NEXT: %[[END:.*]] = llvm.intr.umin(%[[THREADS_X]], %[[UPPER]]) : (i64, i64) -> i64
  // CHECK-NEXT: %[[SOME_Y:.*]] = llvm.icmp "ugt" %[[M:arg9]], %{{.*}} : i64
  // CHECK-NEXT: %[[UPPER_Y:.*]] = llvm.select %[[SOME_Y]], %[[M]], %{{.*}} : i1, i64
  // CHECK-NEXT: %[[END_Y:.*]] = llvm.intr.umin(%{{.*}}, %[[UPPER_Y]]) : (i64, i64) -> i64
  // CHECK: llvm.icmp "slt" %{{.*}}, %[[END_Y]] : i64
  // CHECK: llvm.br ^bb{{[0-9]+}}(%[[FROM]] : i64)
  // CHECK-NEXT: ^bb{{[0-9]+}}(%[[X:.*]]: i64):
  // CHECK-NEXT: llvm.icmp "slt" %[[X]], %[[END]] : i64
  // CHECK-NOT: %[[N]]
  // CHECK-NOT: %[[LO]]
  // CHECK-NOT: %[[M]]
  // CHECK: llvm.store
  // CHECK: llvm.return
  gpu.func @between(%c: memref<?xf32>, %n: index, %lo: index, %m: index)
      kernel {
    %x = gpu.global_id x
    %y = gpu.thread_id y
    %above = arith.cmpi ugt, %x, %lo : index
    %below = arith.cmpi ult, %x, %n : index
    %rows = arith.cmpi ult, %y, %m : index
    %cols = arith.andi %above, %below : i1
    %inside = arith.andi %cols, %rows : i1
    scf.if %inside {
      %v = memref.load %c[%x] : memref<?xf32>
      %twice = arith.addf %v, %v : f32
      memref.store %twice, %c[%x] : memref<?xf32>
    }
    gpu.return
  }
  // `v = id < n ? in[id] : 0` beside a store that every thread makes: an x
  // loop to the last id below n, min(n - base, threads in x) (0 where n <=
  // base), in which the test is true, then one from there to the threads in
  // x (blockDim.x times the blocks of a row run together), in which it is
  // false; neither tests n.
  // CHECK-LABEL: llvm.func internal @split_below
  // CHECK-DAG: %[[FALSE:.*]] = llvm.mlir.constant(false) : i1
  // CHECK-DAG: %[[TRUE:.*]] = llvm.mlir.constant(true) : i1
  // CHECK: %[[BDX:.*]] = llvm.mul %{{.*}}, %arg1 : i64
  // CHECK-NEXT: %[[BASE:.*]] = llvm.mul %{{.*}}, %{{.*}} overflow<nsw, nuw> : i64
  // CHECK-NEXT: %[[SPAN:.*]] = llvm.sub %[[N:arg12]], %[[BASE]] : i64
  // CHECK-NEXT: %[[SOME:.*]] = llvm.icmp "ult" %[[BASE]], %[[N]] : i64
  // CHECK-NEXT: %[[UPPER:.*]] = llvm.select %[[SOME]], %[[SPAN]], %{{.*}} : i1, i64
  // CHECK-NEXT: %[[END:.*]] = llvm.intr.umin(%[[BDX]], %[[UPPER]]) : (i64, i64) -> i64
  // CHECK-NOT: %[[N]]
  // CHECK: llvm.icmp "slt" %{{.*}}, %[[END]] : i64
  // CHECK-NOT: %[[N]]
  // CHECK: llvm.cond_br %[[TRUE]]
  // CHECK: llvm.load
  // CHECK: llvm.store
  // CHECK: llvm.br ^bb{{[0-9]+}}(%[[END]] : i64)
  // CHECK-NEXT: ^bb{{[0-9]+}}(%[[X2:.*]]: i64):
  // CHECK-NEXT: llvm.icmp "slt" %[[X2]], %[[BDX]] : i64
  // CHECK-NOT: %[[N]]
  // CHECK: llvm.cond_br %[[FALSE]]
  // CHECK: llvm.store
  // CHECK-NOT: %[[N]]
  // CHECK: llvm.return
  gpu.func @split_below(%in: memref<?xf32>, %out: memref<?xf32>, %n: index)
      kernel {
    %zero = arith.constant 0.0 : f32
    %x = gpu.global_id x
    %inside = arith.cmpi ult, %x, %n : index
    %v = scf.if %inside -> f32 {
      %l = memref.load %in[%x] : memref<?xf32>
      scf.yield %l : f32
    } else {
      scf.yield %zero : f32
    }
    memref.store %v, %out[%x] : memref<?xf32>
    gpu.return
  }

  // `v = x > n ? in[x] : 0` (signed): the threads up to min(n, blockDim.x -
  // 1) (none where n < 0) store 0 and load nothing; those after, in[x].
  // CHECK-LABEL: llvm.func internal @split_above
  // CHECK: %[[NEGATIVE:.*]] = llvm.icmp "slt" %[[N:arg11]], %{{.*}} : i64
  // CHECK: %[[LAST:.*]] = llvm.intr.umin(%[[N]], %{{.*}}) : (i64, i64) -> i64
  // CHECK-NEXT: %[[FIRST:.*]] = llvm.add %[[LAST]], %{{.*}} : i64
  // CHECK-NEXT: %[[FROM:.*]] = llvm.select %[[NEGATIVE]], %{{.*}}, %[[FIRST]] : i1, i64
  // CHECK: llvm.icmp "slt" %{{.*}}, %[[FROM]] : i64
  // CHECK-NOT: llvm.load
  // CHECK: llvm.store
  // CHECK: llvm.br ^bb{{[0-9]+}}(%[[FROM]] : i64)
  // CHECK-NOT: %[[N]]
  // CHECK: llvm.load
  // CHECK: llvm.store
  // CHECK-NOT: %[[N]]
  // CHECK: llvm.return
  gpu.func @split_above(%in: memref<?xf32>, %out: memref<?xf32>, %n: index)
      kernel {
    %zero = arith.constant 0.0 : f32
    %x = gpu.thread_id x
    %big = arith.cmpi sgt, %x, %n : index
    %l = memref.load %in[%x] : memref<?xf32>
    %v = arith.select %big, %l, %zero : f32
    memref.store %v, %out[%x] : memref<?xf32>
    gpu.return
  }
}
