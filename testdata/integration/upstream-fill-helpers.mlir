// The memref fill helpers of upstream's Vulkan runtime wrappers
// (fillResource*) and SPIR-V CPU runner utilities (fill*Buffer*), which
// MLIR's own Vulkan and SPIR-V programs call, as libmgpu.so exports them:
// declared plainly (the memref passed expanded into its descriptor's fields)
// and, fillResource3DInt8, with llvm.emit_c_interface (a pointer to the
// descriptor). Each fills every element of its memref and no other: a
// strided subview's neighbours, and those of a subview of no elements, keep
// their values. A kernel then reads three of the memrefs, so the device sees
// what the host filled.

module attributes {gpu.container_module} {
  func.func private @fillResource1DFloat(memref<?xf32, strided<[?], offset: ?>>, f32)
  func.func private @fillResource2DFloat(memref<?x?xf32, strided<[?, ?], offset: ?>>, f32)
  func.func private @fillResource3DFloat(memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, f32)
  func.func private @fillResource1DInt(memref<?xi32>, i32)
  func.func private @fillResource2DInt(memref<?x?xi32, strided<[?, ?], offset: ?>>, i32)
  func.func private @fillResource3DInt(memref<?x?x?xi32>, i32)
  func.func private @fillResource1DInt8(memref<?xi8, strided<[?], offset: ?>>, i8)
  func.func private @fillResource2DInt8(memref<?x?xi8, strided<[?, ?], offset: ?>>, i8)
  func.func private @fillResource3DInt8(memref<?x?x?xi8>, i8)
      attributes {llvm.emit_c_interface}
  func.func private @fillI32Buffer(memref<?xi32, strided<[?], offset: ?>>, i32)
  func.func private @fillF32Buffer1D(memref<?xf32>, f32)
  func.func private @fillF32Buffer2D(memref<?x?xf32>, f32)
  func.func private @fillF32Buffer3D(memref<?x?x?xf32>, f32)
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @printMemrefI32(memref<*xi32>)

  gpu.module @kernels {
    // Negates each element of %f, copies each of %i and widens each of %b.
    gpu.func @read(%f: memref<2x3x4xf32>, %i: memref<2x3x4xi32>,
                   %b: memref<2x3x4xi8>, %f_out: memref<2x3x4xf32>,
                   %i_out: memref<2x3x4xi32>, %b_out: memref<2x3x4xi32>) kernel {
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %z = gpu.thread_id z
      %fv = memref.load %f[%z, %y, %x] : memref<2x3x4xf32>
      %neg = arith.negf %fv : f32
      memref.store %neg, %f_out[%z, %y, %x] : memref<2x3x4xf32>
      %iv = memref.load %i[%z, %y, %x] : memref<2x3x4xi32>
      memref.store %iv, %i_out[%z, %y, %x] : memref<2x3x4xi32>
      %bv = memref.load %b[%z, %y, %x] : memref<2x3x4xi8>
      %wide = arith.extsi %bv : i8 to i32
      memref.store %wide, %b_out[%z, %y, %x] : memref<2x3x4xi32>
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %int_min = arith.constant -2147483648 : i32
    %int_max = arith.constant 2147483647 : i32
    %minus_zero = arith.constant -0.0 : f32
    %nan = arith.constant 0x7FC00000 : f32
    %inf = arith.constant 0x7F800000 : f32

    // 1-D i32: INT_MIN everywhere, then INT_MAX in elements 1 and 4 (a
    // subview of stride 3), then nothing in a subview of no elements.
    %v = memref.alloc() : memref<7xi32>
    %v_dyn = memref.cast %v : memref<7xi32> to memref<?xi32>
    call @fillResource1DInt(%v_dyn, %int_min) : (memref<?xi32>, i32) -> ()
    %v_every3 = memref.subview %v[1] [2] [3]
        : memref<7xi32> to memref<2xi32, strided<[3], offset: 1>>
    %v_every3_dyn = memref.cast %v_every3
        : memref<2xi32, strided<[3], offset: 1>> to memref<?xi32, strided<[?], offset: ?>>
    call @fillI32Buffer(%v_every3_dyn, %int_max)
        : (memref<?xi32, strided<[?], offset: ?>>, i32) -> ()
    %v_none = memref.subview %v[6] [0] [1]
        : memref<7xi32> to memref<0xi32, strided<[1], offset: 6>>
    %v_none_dyn = memref.cast %v_none
        : memref<0xi32, strided<[1], offset: 6>> to memref<?xi32, strided<[?], offset: ?>>
    %five = arith.constant 5 : i32
    call @fillI32Buffer(%v_none_dyn, %five)
        : (memref<?xi32, strided<[?], offset: ?>>, i32) -> ()
    %v_u = memref.cast %v : memref<7xi32> to memref<*xi32>
    // CHECK: [-2147483648,  2147483647,  -2147483648,  -2147483648,  2147483647,  -2147483648,  -2147483648]
    call @printMemrefI32(%v_u) : (memref<*xi32>) -> ()
    memref.dealloc %v : memref<7xi32>

    // 1-D f32: -0.0 everywhere, then infinity in the last two elements; a
    // memref of no elements is left alone.
    %w = memref.alloc() : memref<5xf32>
    %w_dyn = memref.cast %w : memref<5xf32> to memref<?xf32>
    call @fillF32Buffer1D(%w_dyn, %minus_zero) : (memref<?xf32>, f32) -> ()
    %w_tail = memref.subview %w[3] [2] [1]
        : memref<5xf32> to memref<2xf32, strided<[1], offset: 3>>
    %w_tail_dyn = memref.cast %w_tail
        : memref<2xf32, strided<[1], offset: 3>> to memref<?xf32, strided<[?], offset: ?>>
    call @fillResource1DFloat(%w_tail_dyn, %inf)
        : (memref<?xf32, strided<[?], offset: ?>>, f32) -> ()
    %empty = memref.alloc() : memref<0xf32>
    %empty_dyn = memref.cast %empty
        : memref<0xf32> to memref<?xf32, strided<[?], offset: ?>>
    call @fillResource1DFloat(%empty_dyn, %inf)
        : (memref<?xf32, strided<[?], offset: ?>>, f32) -> ()
    memref.dealloc %empty : memref<0xf32>
    %w_u = memref.cast %w : memref<5xf32> to memref<*xf32>
    // CHECK: [-0,  -0,  -0,  inf,  inf]
    call @printMemrefF32(%w_u) : (memref<*xf32>) -> ()
    memref.dealloc %w : memref<5xf32>

    // 2-D f32: 1.5 everywhere, then NaN in rows 1 and 2, columns 1 and 3 (a
    // subview of strides 6 and 2), then nothing in a subview of 3 rows and 0 columns.
    %g = memref.alloc() : memref<4x6xf32>
    %g_dyn = memref.cast %g : memref<4x6xf32> to memref<?x?xf32>
    %one_and_half = arith.constant 1.5 : f32
    call @fillF32Buffer2D(%g_dyn, %one_and_half) : (memref<?x?xf32>, f32) -> ()
    %g_holes = memref.subview %g[1, 1] [2, 2] [1, 2]
        : memref<4x6xf32> to memref<2x2xf32, strided<[6, 2], offset: 7>>
    %g_holes_dyn = memref.cast %g_holes
        : memref<2x2xf32, strided<[6, 2], offset: 7>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    call @fillResource2DFloat(%g_holes_dyn, %nan)
        : (memref<?x?xf32, strided<[?, ?], offset: ?>>, f32) -> ()
    %g_none = memref.subview %g[1, 2] [3, 0] [1, 1]
        : memref<4x6xf32> to memref<3x0xf32, strided<[6, 1], offset: 8>>
    %g_none_dyn = memref.cast %g_none
        : memref<3x0xf32, strided<[6, 1], offset: 8>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
    call @fillResource2DFloat(%g_none_dyn, %inf)
        : (memref<?x?xf32, strided<[?, ?], offset: ?>>, f32) -> ()
    %g_u = memref.cast %g : memref<4x6xf32> to memref<*xf32>
    // CHECK:      [1.5,   1.5,   1.5,   1.5,   1.5,   1.5],
    // CHECK-NEXT: [1.5,   nan,   1.5,   nan,   1.5,   1.5],
    // CHECK-NEXT: [1.5,   nan,   1.5,   nan,   1.5,   1.5],
    // CHECK-NEXT: [1.5,   1.5,   1.5,   1.5,   1.5,   1.5]]
    call @printMemrefF32(%g_u) : (memref<*xf32>) -> ()
    memref.dealloc %g : memref<4x6xf32>

    // 3-D, for the kernel. f32: 0.5 everywhere, then -0.0 in rows 1 and 2,
    // columns 1 and 3 of both planes.
    %f = gpu.alloc host_shared () : memref<2x3x4xf32>
    %f_dyn = memref.cast %f : memref<2x3x4xf32> to memref<?x?x?xf32>
    %half = arith.constant 0.5 : f32
    call @fillF32Buffer3D(%f_dyn, %half) : (memref<?x?x?xf32>, f32) -> ()
    %f_holes = memref.subview %f[0, 1, 1] [2, 2, 2] [1, 1, 2]
        : memref<2x3x4xf32> to memref<2x2x2xf32, strided<[12, 4, 2], offset: 5>>
    %f_holes_dyn = memref.cast %f_holes
        : memref<2x2x2xf32, strided<[12, 4, 2], offset: 5>>
          to memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>
    call @fillResource3DFloat(%f_holes_dyn, %minus_zero)
        : (memref<?x?x?xf32, strided<[?, ?, ?], offset: ?>>, f32) -> ()

    // i32: 1000 everywhere, then 2000 in columns 1 and 3 of plane 0.
    %i = gpu.alloc host_shared () : memref<2x3x4xi32>
    %i_dyn = memref.cast %i : memref<2x3x4xi32> to memref<?x?x?xi32>
    %thousand = arith.constant 1000 : i32
    call @fillResource3DInt(%i_dyn, %thousand) : (memref<?x?x?xi32>, i32) -> ()
    %i_odd = memref.subview %i[0, 0, 1] [1, 3, 2] [1, 1, 2]
        : memref<2x3x4xi32> to memref<3x2xi32, strided<[4, 2], offset: 1>>
    %i_odd_dyn = memref.cast %i_odd
        : memref<3x2xi32, strided<[4, 2], offset: 1>> to memref<?x?xi32, strided<[?, ?], offset: ?>>
    %two_thousand = arith.constant 2000 : i32
    call @fillResource2DInt(%i_odd_dyn, %two_thousand)
        : (memref<?x?xi32, strided<[?, ?], offset: ?>>, i32) -> ()

    // i8: 127 everywhere (through the C interface), then -128 in plane 1,
    // then 0 in row 2 of plane 0.
    %b = gpu.alloc host_shared () : memref<2x3x4xi8>
    %b_dyn = memref.cast %b : memref<2x3x4xi8> to memref<?x?x?xi8>
    %i8_max = arith.constant 127 : i8
    call @fillResource3DInt8(%b_dyn, %i8_max) : (memref<?x?x?xi8>, i8) -> ()
    %b_plane1 = memref.subview %b[1, 0, 0] [1, 3, 4] [1, 1, 1]
        : memref<2x3x4xi8> to memref<3x4xi8, strided<[4, 1], offset: 12>>
    %b_plane1_dyn = memref.cast %b_plane1
        : memref<3x4xi8, strided<[4, 1], offset: 12>> to memref<?x?xi8, strided<[?, ?], offset: ?>>
    %i8_min = arith.constant -128 : i8
    call @fillResource2DInt8(%b_plane1_dyn, %i8_min)
        : (memref<?x?xi8, strided<[?, ?], offset: ?>>, i8) -> ()
    %b_row2 = memref.subview %b[0, 2, 0] [1, 1, 4] [1, 1, 1]
        : memref<2x3x4xi8> to memref<4xi8, strided<[1], offset: 8>>
    %b_row2_dyn = memref.cast %b_row2
        : memref<4xi8, strided<[1], offset: 8>> to memref<?xi8, strided<[?], offset: ?>>
    %i8_zero = arith.constant 0 : i8
    call @fillResource1DInt8(%b_row2_dyn, %i8_zero)
        : (memref<?xi8, strided<[?], offset: ?>>, i8) -> ()

    %f_out = gpu.alloc host_shared () : memref<2x3x4xf32>
    %i_out = gpu.alloc host_shared () : memref<2x3x4xi32>
    %b_out = gpu.alloc host_shared () : memref<2x3x4xi32>
    gpu.launch_func @kernels::@read blocks in (%c1, %c1, %c1)
        threads in (%c4, %c3, %c2)
        args(%f : memref<2x3x4xf32>, %i : memref<2x3x4xi32>,
             %b : memref<2x3x4xi8>, %f_out : memref<2x3x4xf32>,
             %i_out : memref<2x3x4xi32>, %b_out : memref<2x3x4xi32>)

    %f_u = memref.cast %f_out : memref<2x3x4xf32> to memref<*xf32>
    // CHECK:      {{\[\[\[}}-0.5,   -0.5,   -0.5,   -0.5],
    // CHECK-NEXT: [-0.5,   0,   -0.5,   0],
    // CHECK-NEXT: [-0.5,   0,   -0.5,   0]],
    // CHECK-NEXT: {{\[\[}}-0.5,   -0.5,   -0.5,   -0.5],
    // CHECK-NEXT: [-0.5,   0,   -0.5,   0],
    // CHECK-NEXT: [-0.5,   0,   -0.5,   0]]]
    call @printMemrefF32(%f_u) : (memref<*xf32>) -> ()
    %i_u = memref.cast %i_out : memref<2x3x4xi32> to memref<*xi32>
    // CHECK:      {{\[\[\[}}1000,   2000,   1000,   2000],
    // CHECK-NEXT: [1000,   2000,   1000,   2000],
    // CHECK-NEXT: [1000,   2000,   1000,   2000]],
    // CHECK-NEXT: {{\[\[}}1000,   1000,   1000,   1000],
    // CHECK-NEXT: [1000,   1000,   1000,   1000],
    // CHECK-NEXT: [1000,   1000,   1000,   1000]]]
    call @printMemrefI32(%i_u) : (memref<*xi32>) -> ()
    %b_u = memref.cast %b_out : memref<2x3x4xi32> to memref<*xi32>
    // CHECK:      {{\[\[\[}}127,   127,   127,   127],
    // CHECK-NEXT: [127,   127,   127,   127],
    // CHECK-NEXT: [0,   0,   0,   0]],
    // CHECK-NEXT: {{\[\[}}-128,   -128,   -128,   -128],
    // CHECK-NEXT: [-128,   -128,   -128,   -128],
    // CHECK-NEXT: [-128,   -128,   -128,   -128]]]
    call @printMemrefI32(%b_u) : (memref<*xi32>) -> ()

    gpu.dealloc %f : memref<2x3x4xf32>
    gpu.dealloc %i : memref<2x3x4xi32>
    gpu.dealloc %b : memref<2x3x4xi8>
    gpu.dealloc %f_out : memref<2x3x4xf32>
    gpu.dealloc %i_out : memref<2x3x4xi32>
    gpu.dealloc %b_out : memref<2x3x4xi32>
    return
  }
}
