// A block reduction: each block of 256 threads sums 256 elements in dynamic
// shared memory, halving the active threads after each barrier, and writes
// one partial sum. The host function copies the input in and the partial
// sums out itself, on one stream.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @block_sum(%in: memref<?xf32>, %partial: memref<?xf32>,
                        %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %zero = arith.constant 0.0 : f32
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %bdim = gpu.block_dim x
      %i = gpu.global_id x
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %tile = memref.view %bytes[%c0][%bdim] : memref<?xi8, #gpu.address_space<workgroup>> to memref<?xf32, #gpu.address_space<workgroup>>
      %inside = arith.cmpi ult, %i, %n : index
      %v = scf.if %inside -> f32 {
        %x = memref.load %in[%i] : memref<?xf32>
        scf.yield %x : f32
      } else {
        scf.yield %zero : f32
      }
      memref.store %v, %tile[%tid] : memref<?xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %half0 = arith.divui %bdim, %c2 : index
      scf.while (%half = %half0) : (index) -> index {
        %more = arith.cmpi ugt, %half, %c0 : index
        scf.condition(%more) %half : index
      } do {
      ^bb0(%h: index):
        %active = arith.cmpi ult, %tid, %h : index
        scf.if %active {
          %other = arith.addi %tid, %h : index
          %mine = memref.load %tile[%tid] : memref<?xf32, #gpu.address_space<workgroup>>
          %theirs = memref.load %tile[%other] : memref<?xf32, #gpu.address_space<workgroup>>
          %s = arith.addf %mine, %theirs : f32
          memref.store %s, %tile[%tid] : memref<?xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
        %next = arith.divui %h, %c2 : index
        scf.yield %next : index
      }
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        %total = memref.load %tile[%c0] : memref<?xf32, #gpu.address_space<workgroup>>
        memref.store %total, %partial[%bid] : memref<?xf32>
      }
      gpu.return
    }
  }

  // partial[b] = sum of input[256 b .. 256 b + 255], input and partial in
  // host memory.
  func.func @block_reduce(%input: memref<?xf32>, %partial: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %threads = arith.constant 256 : index
    %smem = arith.constant 1024 : i32
    %n = memref.dim %input, %c0 : memref<?xf32>
    %blocks = memref.dim %partial, %c0 : memref<?xf32>
    %t0 = gpu.wait async
    %din, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %dpartial, %t2 = gpu.alloc async [%t1] (%blocks) : memref<?xf32>
    %t3 = gpu.memcpy async [%t2] %din, %input : memref<?xf32>, memref<?xf32>
    %t4 = gpu.launch_func async [%t3] @kernels::@block_sum
        blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        dynamic_shared_memory_size %smem
        args(%din : memref<?xf32>, %dpartial : memref<?xf32>, %n : index)
    %t5 = gpu.memcpy async [%t4] %partial, %dpartial : memref<?xf32>, memref<?xf32>
    %t6 = gpu.dealloc async [%t5] %din : memref<?xf32>
    %t7 = gpu.dealloc async [%t6] %dpartial : memref<?xf32>
    gpu.wait [%t7]
    return
  }
}
