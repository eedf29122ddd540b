// A kernel in unstructured control flow (cf branches, no barriers): each
// thread runs the whole CFG, with its own private attribution and its own
// static memref.alloca (slices of the block's private memory, as in
// structured kernels), and a cf.assert that stops the launch with its
// message. Thread i of the 96 (2 blocks of 48) follows the Collatz sequence
// from i + 1 to 1, counting steps in a private histogram (step s in bucket
// s mod 8) and keeping the largest value reached in an alloca. The rows: the
// number of steps, the largest value, and the histogram's sum of
// count * (bucket + 1). The expected values were computed apart from the
// kernel (a Python loop over the same sequences). The second launch allows
// 111 steps: threads 5, 6 and 24 of block 1 take more, and the first of
// them stops it.
//
// RUN: offload-opt %s --offload-lower-to-host > %t.mlir
// RUN: %expect_exit 1 %offload_runner %t.mlir > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// UNSUPPORTED-TARGET: host: it ends in a failed assert, whose output and exit its RUN lines check
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no cf.assert; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'cf.assert' has no meaning for #offload.vulkan

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @collatz(%out: memref<3x96xi32>, %limit: i32)
        private(%hist: memref<8xi32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c48 = arith.constant 48 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %three = arith.constant 3 : i32
      %max = memref.alloca() : memref<1xi32>
      %bx = gpu.block_id x
      %tx = gpu.thread_id x
      %base = arith.muli %bx, %c48 : index
      %id = arith.addi %base, %tx : index
      %id32 = arith.index_cast %id : index to i32
      %start = arith.addi %id32, %one : i32
      memref.store %start, %max[%c0] : memref<1xi32>
      cf.br ^clear(%c0 : index)
    ^clear(%k: index):
      %cleared = arith.cmpi eq, %k, %c8 : index
      cf.cond_br %cleared, ^step(%start, %c0 : i32, index), ^clear_one
    ^clear_one:
      memref.store %zero, %hist[%k] : memref<8xi32, #gpu.address_space<private>>
      %k1 = arith.addi %k, %c1 : index
      cf.br ^clear(%k1 : index)
    ^step(%n: i32, %s: index):
      %done = arith.cmpi eq, %n, %one : i32
      cf.cond_br %done, ^finish(%s : index), ^next
    ^next:
      %bucket = arith.remui %s, %c8 : index
      %h = memref.load %hist[%bucket] : memref<8xi32, #gpu.address_space<private>>
      %h1 = arith.addi %h, %one : i32
      memref.store %h1, %hist[%bucket] : memref<8xi32, #gpu.address_space<private>>
      %r = arith.remui %n, %two : i32
      %even = arith.cmpi eq, %r, %zero : i32
      cf.cond_br %even, ^halve, ^triple
    ^halve:
      %half = arith.divui %n, %two : i32
      cf.br ^advance(%half : i32)
    ^triple:
      %t = arith.muli %n, %three : i32
      %t1 = arith.addi %t, %one : i32
      cf.br ^advance(%t1 : i32)
    ^advance(%m: i32):
      %old = memref.load %max[%c0] : memref<1xi32>
      %new = arith.maxui %old, %m : i32
      memref.store %new, %max[%c0] : memref<1xi32>
      %s1 = arith.addi %s, %c1 : index
      cf.br ^step(%m, %s1 : i32, index)
    ^finish(%total: index):
      %total32 = arith.index_cast %total : index to i32
      %within = arith.cmpi ule, %total32, %limit : i32
      cf.assert %within, "too many steps"
      %sum = scf.for %b = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
        %count = memref.load %hist[%b] : memref<8xi32, #gpu.address_space<private>>
        %b1 = arith.addi %b, %c1 : index
        %w = arith.index_cast %b1 : index to i32
        %term = arith.muli %count, %w : i32
        %acc1 = arith.addi %acc, %term : i32
        scf.yield %acc1 : i32
      }
      %largest = memref.load %max[%c0] : memref<1xi32>
      memref.store %total32, %out[%c0, %id] : memref<3x96xi32>
      memref.store %largest, %out[%c1, %id] : memref<3x96xi32>
      memref.store %sum, %out[%c2, %id] : memref<3x96xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c48 = arith.constant 48 : index
    %enough = arith.constant 200 : i32
    %tight = arith.constant 111 : i32
    %out = gpu.alloc host_shared () : memref<3x96xi32>
    gpu.launch_func @kernels::@collatz blocks in (%c2, %c1, %c1)
        threads in (%c48, %c1, %c1)
        args(%out : memref<3x96xi32>, %enough : i32)
    %u = memref.cast %out : memref<3x96xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.launch_func @kernels::@collatz blocks in (%c2, %c1, %c1)
        threads in (%c48, %c1, %c1)
        args(%out : memref<3x96xi32>, %tight : i32)
    return
  }
}
// CHECK: {{\[}}[0, 1, 7, 2, 5, 8, 16, 3, 19, 6, 14, 9, 9, 17, 17, 4, 12, 20, 20, 7, 7, 15, 15, 10, 23, 10, 111, 18, 18, 18, 106, 5, 26, 13, 13, 21, 21, 21, 34, 8, 109, 8, 29, 16, 16, 16, 104, 11, 24, 24, 24, 11, 11, 112, 112, 19, 32, 19, 32, 19, 19, 107, 107, 6, 27, 27, 27, 14, 14, 14, 102, 22, 115, 22, 14, 22, 22, 35, 35, 9, 22, 110, 110, 9, 9, 30, 30, 17, 30, 17, 92, 17, 17, 105, 105, 12],
// CHECK-NEXT: [1, 2, 16, 4, 16, 16, 52, 8, 52, 16, 52, 16, 40, 52, 160, 16, 52, 52, 88, 20, 64, 52, 160, 24, 88, 40, 9232, 52, 88, 160, 9232, 32, 100, 52, 160, 52, 112, 88, 304, 40, 9232, 64, 196, 52, 136, 160, 9232, 48, 148, 88, 232, 52, 160, 9232, 9232, 56, 196, 88, 304, 160, 184, 9232, 9232, 64, 196, 100, 304, 68, 208, 160, 9232, 72, 9232, 112, 340, 88, 232, 304, 808, 80, 244, 9232, 9232, 84, 256, 196, 592, 88, 304, 136, 9232, 160, 280, 9232, 9232, 96],
// CHECK-NEXT: [0, 1, 28, 3, 15, 36, 72, 6, 78, 21, 57, 37, 37, 73, 73, 10, 46, 82, 82, 28, 28, 64, 64, 39, 100, 39, 496, 75, 75, 75, 471, 15, 111, 51, 51, 87, 87, 87, 147, 36, 483, 36, 123, 72, 72, 72, 468, 42, 108, 108, 108, 42, 42, 504, 504, 78, 144, 78, 144, 78, 78, 474, 474, 21, 114, 114, 114, 57, 57, 57, 453, 93, 510, 93, 57, 93, 93, 150, 150, 37, 93, 489, 489, 37, 37, 129, 129, 73, 129, 73, 406, 73, 73, 469, 469, 46]]
// ERR: mgpu: {{.*}}: a kernel failed: kernel @collatz: too many steps (block (1, 0, 0), thread (5, 0, 0))
// ERR-NOT: mgpu
