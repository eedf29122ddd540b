// A failed cf.assert on the host does what it does on a GPU: every thread
// that reaches it prints CUDA's line (file:line: function: block, thread,
// message) and stops; the other threads run on up to the next point where
// threads meet (a barrier, a subgroup operation, the kernel's end), where
// the block stops and the launch fails with the first failure. Each entry
// point is one launch: after a failed launch the device runs no more work.
//
// RUN: offload-opt %s --offload-lower-to-host > %t.mlir
// RUN: %expect_exit 1 %offload_runner -e flat %t.mlir > %t.flat 2> %t.flat.err
// RUN: FileCheck %s --check-prefix=FLAT < %t.flat
// RUN: FileCheck %s --check-prefix=FLAT-ERR < %t.flat.err
// RUN: %expect_exit 1 %offload_runner -e loops %t.mlir > %t.loops 2> %t.loops.err
// RUN: FileCheck %s --check-prefix=LOOPS < %t.loops
// RUN: FileCheck %s --check-prefix=LOOPS-ERR < %t.loops.err
// RUN: %expect_exit 1 %offload_runner -e branches %t.mlir > %t.branches 2> %t.branches.err
// RUN: FileCheck %s --check-prefix=BRANCHES < %t.branches
// RUN: FileCheck %s --check-prefix=BRANCHES-ERR < %t.branches.err
// RUN: %expect_exit 1 %offload_runner -e warps %t.mlir > %t.warps 2> %t.warps.err
// RUN: FileCheck %s --check-prefix=WARPS < %t.warps
// RUN: FileCheck %s --check-prefix=WARPS-ERR < %t.warps.err
// RUN: %expect_exit 1 %offload_runner -e reduce %t.mlir > %t.reduce 2> %t.reduce.err
// RUN: FileCheck %s --check-prefix=REDUCE < %t.reduce
// A thread that fails in a loop of 2^62 iterations leaves it, even where
// the kernel's LLVM passes would not remove the loop's empty rest (O=0).
// RUN: offload-opt %s --offload-lower-to-host="O=0" > %t.O0.mlir
// RUN: %expect_exit 1 %offload_runner -e endless %t.O0.mlir > %t.endless 2> %t.endless.err
// RUN: FileCheck %s --check-prefix=ENDLESS < %t.endless
// UNSUPPORTED-TARGET: host: each entry ends in a failed assert, whose output and exit its RUN lines check
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no cf.assert (assert.mlir checks the diagnostic)
// UNSUPPORTED-TARGET: cuda: the launches are in functions other than main, which the CUDA recipe compiles all the same; assert.mlir compiles asserts for CUDA

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Odd threads fail; even ones run to the end.
    gpu.func @flat() kernel {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %true = arith.constant true
      %low = arith.andi %t, %c1 : index
      %odd = arith.cmpi eq, %low, %c1 : index
      %ok = arith.xori %odd, %true : i1
      gpu.printf "before %lld\n", %t : index
      // FLAT-DAG: assert-every-thread.mlir:[[# @LINE + 1]]: (unknown): block: [0,0,0], thread: [1,0,0] Assertion `odd threads fail` failed.
      cf.assert %ok, "odd threads fail"
      // FLAT-DAG: assert-every-thread.mlir:[[# @LINE - 1]]: (unknown): block: [0,0,0], thread: [3,0,0] Assertion `odd threads fail` failed.
      gpu.printf "after %lld\n", %t : index
      gpu.return
    }

    // Thread 2 fails in the second of three iterations of a loop, in an
    // scf.if that yields; thread 3 in a while loop that would never end
    // for it; a barrier follows, which no thread passes.
    gpu.func @loops(%n: index) kernel {
      %t = gpu.thread_id x
      %true = arith.constant true
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %c0) -> index {
        %is2 = arith.cmpi eq, %t, %c2 : index
        %is1 = arith.cmpi eq, %i, %c1 : index
        %bad = arith.andi %is2, %is1 : i1
        %next = scf.if %bad -> index {
          %false = arith.constant false
          cf.assert %false, "thread 2 fails in iteration 1"
          %x = arith.addi %acc, %c1 : index
          scf.yield %x : index
        } else {
          %y = arith.addi %acc, %i : index
          scf.yield %y : index
        }
        gpu.printf "loop %lld %lld\n", %t, %i : index, index
        scf.yield %next : index
      }
      // Counts up to %n, except in thread 3, which fails on the way.
      %end = scf.while (%k = %c0) : (index) -> index {
        %is3 = arith.cmpi eq, %t, %c3 : index
        %below = arith.cmpi ult, %k, %n : index
        %more = arith.ori %below, %is3 : i1
        scf.condition(%more) %k : index
      } do {
      ^bb0(%k: index):
        %is3 = arith.cmpi eq, %t, %c3 : index
        %at2 = arith.cmpi eq, %k, %c2 : index
        %stop = arith.andi %is3, %at2 : i1
        %go = arith.xori %stop, %true : i1
        cf.assert %go, "thread 3 fails in its endless while loop"
        %k1 = arith.addi %k, %c1 : index
        scf.yield %k1 : index
      }
      gpu.printf "sum %lld %lld %lld\n", %t, %sum, %end : index, index, index
      gpu.barrier
      gpu.printf "after the barrier %lld\n", %t : index
      gpu.return
    }

    // Branches (cf): each thread runs the kernel whole; thread 1 fails.
    gpu.func @branches() kernel {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %is1 = arith.cmpi eq, %t, %c1 : index
      cf.cond_br %is1, ^check, ^done
    ^check:
      %false = arith.constant false
      cf.assert %false, "thread 1 takes the branch"
      gpu.printf "checked %lld\n", %t : index
      cf.br ^done
    ^done:
      gpu.printf "done %lld\n", %t : index
      gpu.return
    }

    // Thread 1 fails in the first iteration of a loop of 2^62, whose step
    // of 3 could step past the end of i64 (the loop counts its iterations).
    gpu.func @endless() kernel {
      %t = gpu.thread_id x
      %true = arith.constant true
      %c0 = arith.constant 0 : i64
      %c1 = arith.constant 1 : index
      %one = arith.constant 1 : i64
      %c3 = arith.constant 3 : i64
      %c9 = arith.constant 9 : i64
      %end = arith.constant 9223372036854775807 : i64
      %is1 = arith.cmpi eq, %t, %c1 : index
      // Thread 0 runs 3 iterations (0, 3, 6); thread 1 would run 2^63 / 3.
      %ub = arith.select %is1, %end, %c9 : i64
      %n = scf.for %i = %c0 to %ub step %c3 iter_args(%acc = %c0) -> i64 : i64 {
        %ok = arith.xori %is1, %true : i1
        cf.assert %ok, "thread 1 ends its loop"
        %next = arith.addi %acc, %one : i64
        scf.yield %next : i64
      }
      gpu.printf "endless %lld %lld\n", %t, %n : index, i64
      gpu.return
    }

    // In an scf.reduce region: every thread's sum reaches 3.
    gpu.func @reduce() kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %r = scf.parallel (%i) = (%c0) to (%c3) step (%c1) init (%c0) -> index {
        %x = arith.addi %t, %i : index
        scf.reduce(%x : index) {
        ^bb0(%a: index, %b: index):
          %s = arith.addi %a, %b : index
          %small = arith.cmpi ult, %s, %c3 : index
          cf.assert %small, "sums stay below 3"
          scf.reduce.return %s : index
        }
      }
      gpu.printf "reduced %lld %lld\n", %t, %r : index, index
      gpu.return
    }

    // Two warps; thread 37 fails between two shuffles.
    gpu.func @warps() kernel {
      %t = gpu.thread_id x
      %c37 = arith.constant 37 : index
      %w = arith.constant 32 : i32
      %o = arith.constant 1 : i32
      %v = arith.index_cast %t : index to i32
      %a, %va = gpu.shuffle xor %v, %o, %w : i32
      %ok = arith.cmpi ne, %t, %c37 : index
      cf.assert %ok, "thread 37 fails"
      %b, %vb = gpu.shuffle xor %a, %o, %w : i32
      gpu.printf "end %lld %d\n", %t, %b : index, i32
      gpu.return
    }
  }

  func.func @flat() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @kernels::@flat blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1)
    return
  }
  func.func @loops() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    gpu.launch_func @kernels::@loops blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%c5 : index)
    return
  }
  func.func @branches() {
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    gpu.launch_func @kernels::@branches blocks in (%c1, %c1, %c1)
        threads in (%c3, %c1, %c1)
    return
  }
  func.func @endless() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @kernels::@endless blocks in (%c1, %c1, %c1)
        threads in (%c2, %c1, %c1)
    return
  }
  func.func @reduce() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @kernels::@reduce blocks in (%c1, %c1, %c1)
        threads in (%c2, %c1, %c1)
    return
  }
  func.func @warps() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@warps blocks in (%c1, %c1, %c1)
        threads in (%c64, %c1, %c1)
    return
  }
}

// FLAT-DAG: after 0
// FLAT-DAG: after 2
// FLAT-NOT: after 1
// FLAT-NOT: after 3
// FLAT-ERR: mgpu: {{.*}}: a kernel failed: kernel @flat: odd threads fail (block (0, 0, 0), thread (1, 0, 0))

// LOOPS-DAG: loop 0 0
// LOOPS-DAG: loop 0 2
// LOOPS-DAG: loop 2 0
// LOOPS-DAG: {{.*}}: (unknown): block: [0,0,0], thread: [2,0,0] Assertion `thread 2 fails in iteration 1` failed.
// LOOPS-DAG: {{.*}}: (unknown): block: [0,0,0], thread: [3,0,0] Assertion `thread 3 fails in its endless while loop` failed.
// LOOPS-DAG: loop 3 2
// LOOPS-DAG: sum 0 3 5
// LOOPS-DAG: sum 1 3 5
// LOOPS-NOT: loop 2 1
// LOOPS-NOT: loop 2 2
// LOOPS-NOT: sum 2
// LOOPS-NOT: sum 3
// LOOPS-NOT: after the barrier
// LOOPS-ERR: mgpu: {{.*}}: a kernel failed: kernel @loops: thread 2 fails in iteration 1 (block (0, 0, 0), thread (2, 0, 0))

// BRANCHES-DAG: done 0
// BRANCHES-DAG: {{.*}}: (unknown): block: [0,0,0], thread: [1,0,0] Assertion `thread 1 takes the branch` failed.
// BRANCHES-DAG: done 2
// BRANCHES-NOT: checked
// BRANCHES-NOT: done 1
// BRANCHES-ERR: mgpu: {{.*}}: a kernel failed: kernel @branches: thread 1 takes the branch (block (0, 0, 0), thread (1, 0, 0))

// The first warp runs to the end; in the second, lane 5 fails, and its
// lanes stop at the second shuffle.
// WARPS: end 31
// WARPS-NEXT: {{.*}}: (unknown): block: [0,0,0], thread: [37,0,0] Assertion `thread 37 fails` failed.
// WARPS-NOT: end
// WARPS-ERR: mgpu: {{.*}}: a kernel failed: kernel @warps: thread 37 fails (block (0, 0, 0), thread (37, 0, 0))

// REDUCE-DAG: block: [0,0,0], thread: [0,0,0] Assertion `sums stay below 3` failed.
// REDUCE-DAG: block: [0,0,0], thread: [1,0,0] Assertion `sums stay below 3` failed.
// REDUCE-NOT: reduced

// ENDLESS-DAG: endless 0 3
// ENDLESS-DAG: block: [0,0,0], thread: [1,0,0] Assertion `thread 1 ends its loop` failed.
// ENDLESS-NOT: endless 1
