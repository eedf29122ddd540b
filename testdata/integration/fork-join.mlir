// Two launches forked from one token run on its stream; the wait that joins
// them, a later wait on one of them, and a diamond end each stream once. The
// kernels write plain host memory (on Vulkan, each launch imports the
// memref's pages for as long as it runs, on streams of their own).
//
// UNSUPPORTED-TARGET: vulkan: its diamond sets plain host memory with gpu.memset, which the Vulkan backend refuses (it fills allocated and registered memory only); its RUN line checks how
// RUN: offload-opt %s --offload-lower-to-vulkan | env MGPU_DEVICE=vulkan %expect_exit 1 %offload_runner > %t.vulkan.out 2> %t.vulkan.err
// RUN: FileCheck %s --check-prefix=VULKAN < %t.vulkan.out
// RUN: FileCheck %s --check-prefix=VULKAN-ERROR < %t.vulkan.err
// The launches before the diamond ran:
// VULKAN: [0,  1,  2,  3,  4,  5,  6,  7]
// VULKAN: [10,  11,  12,  13,  14,  15,  16,  17]
// VULKAN: [20,  21,  22,  23,  24,  25,  26,  27]
// VULKAN: [30,  31,  32,  33,  34,  35,  36,  37]
// VULKAN-NOT: [
// VULKAN-ERROR: mgpuMemset32: cannot set 32 bytes at 0x{{[0-9a-f]+}}: it is not memory from mgpuMemAlloc, nor registered host memory

func.func private @printMemrefI32(memref<*xi32>)


func.func @main() {
  %a = memref.alloc() : memref<8xi32>
  %b = memref.alloc() : memref<8xi32>
  %c0_i32 = arith.constant 0 : i32
  %c10_i32 = arith.constant 10 : i32
  %c20_i32 = arith.constant 20 : i32
  %c30_i32 = arith.constant 30 : i32
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index

  // Fork and join.
  %t0 = gpu.wait async
  %t1 = gpu.launch async [%t0]
      blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    memref.store %i, %a[%tx] : memref<8xi32>
    gpu.terminator
  }
  %t2 = gpu.launch async [%t0]
      blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %v = arith.addi %i, %c10_i32 : i32
    memref.store %v, %b[%tx] : memref<8xi32>
    gpu.terminator
  }
  gpu.wait [%t1, %t2]
  %ua = memref.cast %a : memref<8xi32> to memref<*xi32>
  %ub = memref.cast %b : memref<8xi32> to memref<*xi32>
  // CHECK: [0, 1, 2, 3, 4, 5, 6, 7]
  // CHECK: [10, 11, 12, 13, 14, 15, 16, 17]
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()

  // Waited for one after the other.
  %s0 = gpu.wait async
  %s1 = gpu.launch async [%s0]
      blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %v = arith.addi %i, %c20_i32 : i32
    memref.store %v, %a[%tx] : memref<8xi32>
    gpu.terminator
  }
  %s2 = gpu.launch async [%s0]
      blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %v = arith.addi %i, %c30_i32 : i32
    memref.store %v, %b[%tx] : memref<8xi32>
    gpu.terminator
  }
  gpu.wait [%s1]
  gpu.wait [%s2]
  // CHECK: [20, 21, 22, 23, 24, 25, 26, 27]
  // CHECK: [30, 31, 32, 33, 34, 35, 36, 37]
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()

  // A diamond: forked, extended on each side, joined.
  %d0 = gpu.wait async
  %d1 = gpu.memset async [%d0] %a, %c0_i32 : memref<8xi32>, i32
  %d2 = gpu.memset async [%d0] %b, %c0_i32 : memref<8xi32>, i32
  %d3 = gpu.launch async [%d1]
      blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %old = memref.load %a[%tx] : memref<8xi32>
    %i = arith.index_cast %tx : index to i32
    %v = arith.addi %old, %i : i32
    memref.store %v, %a[%tx] : memref<8xi32>
    gpu.terminator
  }
  %d4 = gpu.launch async [%d2]
      blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %old = memref.load %b[%tx] : memref<8xi32>
    %v = arith.addi %old, %c10_i32 : i32
    memref.store %v, %b[%tx] : memref<8xi32>
    gpu.terminator
  }
  gpu.wait [%d3, %d4]
  // CHECK: [0, 1, 2, 3, 4, 5, 6, 7]
  // CHECK: [10, 10, 10, 10, 10, 10, 10, 10]
  call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
  call @printMemrefI32(%ub) : (memref<*xi32>) -> ()

  memref.dealloc %a : memref<8xi32>
  memref.dealloc %b : memref<8xi32>
  return
}
