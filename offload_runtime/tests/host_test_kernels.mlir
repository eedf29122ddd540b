// Kernels that host_backend_test.cc loads and launches through the mgpu C
// API, compiled for the host with bare pointers for memrefs: each parameter
// is one value.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Fails (in its first thread) when `fail` is not 0.
    gpu.func @check(%fail: i32) kernel {
      %zero = arith.constant 0 : i32
      %ok = arith.cmpi eq, %fail, %zero : i32
      cf.assert %ok, "asked to fail"
      gpu.return
    }
    // 1.6 GB of private memory for each thread: more than any block gets.
    gpu.func @hog(%out: memref<1024xi32>) kernel {
      %c0 = arith.constant 0 : index
      %huge = memref.alloca() : memref<400000000xi32>
      %i = gpu.thread_id x
      %v = arith.index_cast %i : index to i32
      memref.store %v, %huge[%c0] : memref<400000000xi32>
      gpu.barrier
      %w = memref.load %huge[%c0] : memref<400000000xi32>
      memref.store %w, %out[%i] : memref<1024xi32>
      gpu.return
    }
    // Counts each block in ran[its linear index] (x fastest, as CUDA
    // numbers blocks), once per thread, and fails (in each thread) in the
    // block whose linear index is `target`.
    gpu.func @mark(%ran: memref<8192xi32>, %target: i32) kernel {
      %one = arith.constant 1 : i32
      %x = gpu.block_id x
      %y = gpu.block_id y
      %z = gpu.block_id z
      %gx = gpu.grid_dim x
      %gy = gpu.grid_dim y
      %zy = arith.muli %z, %gy : index
      %plane = arith.addi %zy, %y : index
      %rows = arith.muli %plane, %gx : index
      %linear = arith.addi %rows, %x : index
      %old = memref.atomic_rmw addi %one, %ran[%linear] : (i32, memref<8192xi32>) -> i32
      %index = arith.index_cast %linear : index to i32
      %ok = arith.cmpi ne, %index, %target : i32
      cf.assert %ok, "asked to fail"
      gpu.return
    }
    // out[0] = the sum of 16 arguments: 17 parameters, more than a launch
    // keeps without an allocation of their own.
    gpu.func @sum17(%out: memref<1xi32>,
                    %a0: i32, %a1: i32, %a2: i32, %a3: i32,
                    %a4: i32, %a5: i32, %a6: i32, %a7: i32,
                    %a8: i32, %a9: i32, %a10: i32, %a11: i32,
                    %a12: i32, %a13: i32, %a14: i32, %a15: i32) kernel {
      %c0 = arith.constant 0 : index
      %s1 = arith.addi %a0, %a1 : i32
      %s2 = arith.addi %s1, %a2 : i32
      %s3 = arith.addi %s2, %a3 : i32
      %s4 = arith.addi %s3, %a4 : i32
      %s5 = arith.addi %s4, %a5 : i32
      %s6 = arith.addi %s5, %a6 : i32
      %s7 = arith.addi %s6, %a7 : i32
      %s8 = arith.addi %s7, %a8 : i32
      %s9 = arith.addi %s8, %a9 : i32
      %s10 = arith.addi %s9, %a10 : i32
      %s11 = arith.addi %s10, %a11 : i32
      %s12 = arith.addi %s11, %a12 : i32
      %s13 = arith.addi %s12, %a13 : i32
      %s14 = arith.addi %s13, %a14 : i32
      %s15 = arith.addi %s14, %a15 : i32
      memref.store %s15, %out[%c0] : memref<1xi32>
      gpu.return
    }
    // Fills its block's 12 MiB of workgroup memory (element i: i + its
    // block), each thread a part, then sums it in its first thread into
    // out[block], wrapping: a block that needs more stack than the 8 MiB
    // that a thread has by default.
    gpu.func @big_shared(%out: memref<1024xi32>)
        workgroup(%tile : memref<3145728xi32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.constant 3145728 : index
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %threads = gpu.block_dim x
      %b = gpu.block_id x
      %block = arith.index_cast %b : index to i32
      scf.for %i = %t to %n step %threads {
        %iv = arith.index_cast %i : index to i32
        %v = arith.addi %iv, %block : i32
        memref.store %v, %tile[%i] : memref<3145728xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
          %v = memref.load %tile[%i] : memref<3145728xi32, #gpu.address_space<workgroup>>
          %s = arith.addi %acc, %v : i32
          scf.yield %s : i32
        }
        memref.store %sum, %out[%b] : memref<1024xi32>
      }
      gpu.return
    }
    // out[global id] = a / b, rounded as the kernel's environment rounds.
    gpu.func @divide(%out: memref<1024xf32>, %a: f32, %b: f32) kernel {
      %i = gpu.global_id x
      %q = arith.divf %a, %b : f32
      memref.store %q, %out[%i] : memref<1024xf32>
      gpu.return
    }
    // out[global id] = value.
    gpu.func @fill(%out: memref<1024xi32>, %value: i32) kernel {
      %i = gpu.global_id x
      memref.store %value, %out[%i] : memref<1024xi32>
      gpu.return
    }
    // fill for blocks of 128 threads in a grid of 8 alone, which its thread
    // loops and grid size take as constants.
    gpu.func @fixed_fill(%out: memref<1024xi32>, %value: i32) kernel
        attributes {known_block_size = array<i32: 128, 1, 1>,
                    known_grid_size = array<i32: 8, 1, 1>} {
      %i = gpu.global_id x
      %grid = gpu.grid_dim x
      %blocks = arith.index_cast %grid : index to i32
      %v = arith.addi %value, %blocks : i32
      memref.store %v, %out[%i] : memref<1024xi32>
      gpu.return
    }
  }
}
