// Kernels that offload-lower-to-rocm once could not compile for AMD GPUs.

// With 32-bit indices, block and grid sizes: the device libraries' queries
// are 64-bit, truncated (LLVM IR whose operands disagreed, "Both operands
// to a binary operator are not of the same type!", stopped every example).
// RUN: offload-opt %s --offload-lower-to-rocm="chips=gfx90a,gfx1100 index-bitwidth=32" -o %t.index32.mlir
// RUN: %python %S/../extract_object.py --index 0 -o %t.index32.hsaco < %t.index32.mlir
// RUN: llvm-readelf -h --dyn-syms %t.index32.hsaco | FileCheck %s --check-prefix=INDEX32
// INDEX32: Flags: {{.*}}gfx90a
// INDEX32: sizes.kd

// Five reductions in one kernel beside 48 KiB of its own workgroup memory:
// they share one buffer of 4 KiB, and the kernel fits in the 64 KiB of a
// workgroup (with a buffer each, 68 KiB did not).
// RUN: offload-opt %s --offload-lower-to-rocm="chips=gfx90a format=isa" | %python %S/../extract_object.py --index 1 -o /dev/stdout \
// RUN:   | FileCheck %s --check-prefix=LDS
// LDS: .amdhsa_kernel five
// LDS: .amdhsa_group_segment_fixed_size 53248

module attributes {gpu.container_module} {
  gpu.module @sizes {
    gpu.func @sizes(%out: memref<?xi32>) kernel {
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %bx = gpu.block_dim x
      %gy = gpu.grid_dim y
      %g = gpu.global_id x
      %s = arith.addi %bx, %gy : index
      %u = arith.addi %s, %g : index
      %v = arith.index_cast %u : index to i32
      memref.store %v, %out[%g] : memref<?xi32>
      gpu.return
    }
  }
  gpu.module @reductions {
    gpu.func @five(%x: f32, %out: memref<5xf32>)
        workgroup(%tile: memref<12288xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %t = gpu.thread_id x
      memref.store %x, %tile[%t] : memref<12288xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = memref.load %tile[%c0] : memref<12288xf32, #gpu.address_space<workgroup>>
      %a = gpu.all_reduce add %y uniform {} : (f32) -> f32
      %b = gpu.all_reduce mul %y uniform {} : (f32) -> f32
      %c = gpu.all_reduce minnumf %y uniform {} : (f32) -> f32
      %d = gpu.all_reduce maxnumf %y uniform {} : (f32) -> f32
      %e = gpu.all_reduce add %a uniform {} : (f32) -> f32
      memref.store %a, %out[%c0] : memref<5xf32>
      memref.store %b, %out[%c1] : memref<5xf32>
      memref.store %c, %out[%c2] : memref<5xf32>
      memref.store %d, %out[%c3] : memref<5xf32>
      memref.store %e, %out[%c4] : memref<5xf32>
      gpu.return
    }
  }
}
