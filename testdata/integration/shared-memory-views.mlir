// Dynamic shared memory read through two views at different byte offsets
// (0 and 64): each thread writes t and t*t, then reads thread 15-t's.
//
// Runs on every target (lit.local.cfg).

// CHECK: [15,  14,  13,  12,  11,  10,  9,  8,  7,  6,  5,  4,  3,  2,  1,  0,  225,  196,  169,  144,  121,  100,  81,  64,  49,  36,  25,  16,  9,  4,  1,  0]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %smem = arith.constant 256 : i32
  %out = gpu.alloc host_shared () : memref<32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %smem {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c15 = arith.constant 15 : index
    %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %a = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    %b = memref.view %bytes[%c64][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    %t = arith.index_cast %tx : index to i32
    %f = arith.sitofp %t : i32 to f32
    %g = arith.mulf %f, %f : f32
    memref.store %f, %a[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
    memref.store %g, %b[%tx] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %r = arith.subi %c15, %tx : index
    %x = memref.load %a[%r] : memref<16xf32, #gpu.address_space<workgroup>>
    %y = memref.load %b[%r] : memref<16xf32, #gpu.address_space<workgroup>>
    %i16 = arith.addi %tx, %c16 : index
    memref.store %x, %out[%tx] : memref<32xf32>
    memref.store %y, %out[%i16] : memref<32xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<32xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
