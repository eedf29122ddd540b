// memref.alloca of a size known at launch only, whose buffer a thread uses
// across a split of its kernel: after a barrier, in a loop run across the
// threads (it walks out[k, x]) and in a grid-stride loop. Each thread must
// have a buffer of its own; one per vector of threads (LLVM vectorizes a
// thread loop, and takes an alloca in it for the same in every lane) gave
// thread 7's value to threads 0 to 7, 15's to 8 to 15, ..., at O=1 to 3.
// Thread t of 256 writes t at both ends of its buffer (n elements, or t % 3
// + 1 in the last kernel) and reads them back after the split:
//   row 0: 2t after a barrier; rows 1 to 4: t + k in iteration k of a loop
//   across the threads; row 5: t + i at i = t and i = t + 256 of a
//   grid-stride loop over 512 (row 6 for the second); row 7: 3t, the buffer
//   of size t % 3 + 1 after a barrier.
// The host checks every element against those sums; the line is [the count
// of wrong elements, out[0, 255], out[4, 255], out[6, 255], out[7, 254]].
//
// RUN: offload-opt %s --offload-lower-to-host="O=0" | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="O=1" | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="O=3" | %offload_runner | FileCheck %s
// UNSUPPORTED-TARGET: vulkan: SPIR-V sizes a thread's memory at compile time, these allocas at launch

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @after_barrier(%out: memref<8x512xi32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      %a = memref.alloca(%n) : memref<?xi32>
      %last = arith.subi %n, %c1 : index
      memref.store %v, %a[%c0] : memref<?xi32>
      memref.store %v, %a[%last] : memref<?xi32>
      gpu.barrier
      %x = memref.load %a[%c0] : memref<?xi32>
      %y = memref.load %a[%last] : memref<?xi32>
      %s = arith.addi %x, %y : i32
      memref.store %s, %out[%c0, %t] : memref<8x512xi32>
      gpu.return
    }

    gpu.func @across_threads(%out: memref<8x512xi32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      %a = memref.alloca(%n) : memref<?xi32>
      memref.store %v, %a[%c0] : memref<?xi32>
      scf.for %k = %c1 to %c5 step %c1 {
        %x = memref.load %a[%c0] : memref<?xi32>
        %kk = arith.index_cast %k : index to i32
        %one = arith.constant 1 : i32
        %k0 = arith.subi %kk, %one : i32
        %s = arith.addi %x, %k0 : i32
        memref.store %s, %out[%k, %t] : memref<8x512xi32>
      }
      gpu.return
    }

    gpu.func @grid_stride(%out: memref<8x512xi32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c256 = arith.constant 256 : index
      %c512 = arith.constant 512 : index
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      %a = memref.alloca(%n) : memref<?xi32>
      memref.store %v, %a[%c0] : memref<?xi32>
      scf.for %i = %t to %c512 step %c256 {
        %x = memref.load %a[%c0] : memref<?xi32>
        %ii = arith.index_cast %i : index to i32
        %s = arith.addi %x, %ii : i32
        %row = arith.constant 5 : index
        %col = arith.remui %i, %c256 : index
        %down = arith.divui %i, %c256 : index
        %r = arith.addi %row, %down : index
        memref.store %s, %out[%r, %col] : memref<8x512xi32>
      }
      gpu.return
    }

    gpu.func @thread_sizes(%out: memref<8x512xi32>, %n: index) kernel {
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c7 = arith.constant 7 : index
      %t = gpu.thread_id x
      %v = arith.index_cast %t : index to i32
      %r = arith.remui %t, %c3 : index
      %size = arith.addi %r, %c1 : index
      %a = memref.alloca(%size) : memref<?xi32>
      memref.store %v, %a[%r] : memref<?xi32>
      gpu.barrier
      %x = memref.load %a[%r] : memref<?xi32>
      %three = arith.constant 3 : i32
      %s3 = arith.muli %x, %three : i32
      memref.store %s3, %out[%c7, %t] : memref<8x512xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  // The host's sums.
  func.func @expected(%row: index, %t: index) -> i32 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c256 = arith.constant 256 : index
    %tt = arith.index_cast %t : index to i32
    %twice = arith.addi %tt, %tt : i32
    %thrice = arith.addi %twice, %tt : i32
    %is0 = arith.cmpi eq, %row, %c0 : index
    %is5 = arith.cmpi eq, %row, %c5 : index
    %is6 = arith.cmpi eq, %row, %c6 : index
    %is7 = arith.cmpi eq, %row, %c7 : index
    %k = arith.subi %row, %c1 : index
    %kk = arith.index_cast %k : index to i32
    %plus_k = arith.addi %tt, %kk : i32
    %i256 = arith.constant 256 : i32
    %second = arith.addi %twice, %i256 : i32
    %a = arith.select %is7, %thrice, %plus_k : i32
    %b = arith.select %is6, %second, %a : i32
    %c = arith.select %is5, %twice, %b : i32
    %d = arith.select %is0, %twice, %c : i32
    return %d : i32
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %c254 = arith.constant 254 : index
    %c255 = arith.constant 255 : index
    %c256 = arith.constant 256 : index
    %n = arith.constant 33 : index
    %out = gpu.alloc host_shared () : memref<8x512xi32>
    gpu.launch_func @kernels::@after_barrier blocks in (%c1, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%out : memref<8x512xi32>, %n : index)
    gpu.launch_func @kernels::@across_threads blocks in (%c1, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%out : memref<8x512xi32>, %n : index)
    gpu.launch_func @kernels::@grid_stride blocks in (%c1, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%out : memref<8x512xi32>, %n : index)
    gpu.launch_func @kernels::@thread_sizes blocks in (%c1, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%out : memref<8x512xi32>, %n : index)
    %none = arith.constant 0 : i32
    %wrong = scf.for %row = %c0 to %c8 step %c1 iter_args(%w0 = %none) -> i32 {
      %wr = scf.for %t = %c0 to %c256 step %c1 iter_args(%w1 = %w0) -> i32 {
        %want = func.call @expected(%row, %t) : (index, index) -> i32
        %got = memref.load %out[%row, %t] : memref<8x512xi32>
        %bad = arith.cmpi ne, %got, %want : i32
        %b = arith.extui %bad : i1 to i32
        %w2 = arith.addi %w1, %b : i32
        scf.yield %w2 : i32
      }
      scf.yield %wr : i32
    }
    %summary = memref.alloca() : memref<5xi32>
    %e0 = memref.load %out[%c0, %c255] : memref<8x512xi32>
    %e1 = memref.load %out[%c4, %c255] : memref<8x512xi32>
    %e2 = memref.load %out[%c6, %c255] : memref<8x512xi32>
    %e3 = memref.load %out[%c7, %c254] : memref<8x512xi32>
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    memref.store %wrong, %summary[%c0] : memref<5xi32>
    memref.store %e0, %summary[%c1] : memref<5xi32>
    memref.store %e1, %summary[%c2] : memref<5xi32>
    memref.store %e2, %summary[%c3] : memref<5xi32>
    memref.store %e3, %summary[%c4] : memref<5xi32>
    %u = memref.cast %summary : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
// 2 * 255, 255 + 3, 2 * 255 + 256, 3 * 254.
// CHECK: {{\[}}0,  510,  258,  766,  762]
