// Found by fuzz/random_kernels (defect workgroup-alloc-per-thread, fixed),
// in about a fifth of all kernels before the generator avoided it.
// memref.alloc of workgroup memory inside a kernel is one buffer per block
// on a GPU (and on the Vulkan target: a workgroup variable); the host
// target gives each thread a buffer of its own, so what a thread reads
// after a barrier is not what its neighbour wrote.
// Thread t of 8 writes 10 t to w[t]; after a barrier it reads w[(t + 1) % 8].
// Right: [10, 20, 30, 40, 50, 60, 70, 0]; before the fix: whatever its own
// buffer held (garbage or 0).
//
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="check=true" | %offload_runner | FileCheck %s
// RUN: env MGPU_DEVICE=vulkan offload-opt %s --offload-lower-to-vulkan | env MGPU_DEVICE=vulkan %offload_runner | FileCheck %s
// CHECK: [10, 20, 30, 40, 50, 60, 70, 0]

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %out = gpu.alloc host_shared () : memref<8xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %one = arith.constant 1 : index
    %n = arith.constant 8 : index
    %ten = arith.constant 10 : i32
    %t = gpu.thread_id x
    %w = memref.alloc() : memref<8xi32, #gpu.address_space<workgroup>>
    %t32 = arith.index_cast %t : index to i32
    %v = arith.muli %t32, %ten : i32
    memref.store %v, %w[%t] : memref<8xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %next = arith.addi %t, %one : index
    %other = arith.remui %next, %n : index
    %x = memref.load %w[%other] : memref<8xi32, #gpu.address_space<workgroup>>
    memref.store %x, %out[%t] : memref<8xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
