// vector.transfer_read and vector.transfer_write in a kernel, at the edges
// of their buffers: 16 threads, each at its own place.
//
// - A 1-D read of 4 of in[10] (1, 2, ..., 10) at in[t], masked by
//   vector.create_mask (t mod 5): all false (t = 0, 5, 10...), partial, all
//   true (t = 4, 9, 14), and out of bounds past 10 (t >= 7); the padding, -1,
//   where the mask is off or the element is past the end.
// - The same read without a mask: padding -2 past the end only.
// - A masked 1-D write of (1, 2, 3, 4) at column t of row t of 12 columns,
//   with the same mask: the elements the mask is off for, and those past the
//   row's end (which would be the next row's first), stay 0.
// - A masked 2-D read of 2x4 of in2[3][5] (5 * r + c + 1) at (t / 4, 2 + t mod
//   4), out of bounds in both dimensions, mask (2, t mod 4 + 1); padding -3.
//
// The expected values are worked out by hand from these rules.
//
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no masked or out-of-bounds vector transfer (nor the buffer that vector-to-scf makes for the 2-D one); its RUN line checks the diagnostic
// UNSUPPORTED-TARGET: cuda: the NVVM lowering leaves masks and transfers that are not in bounds unlowered; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: error: {{.*}} meaning for #offload.vulkan
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="chips=sm_90 toolkit=%cuda_toolkit" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CUDA
// CUDA: 'vector.create_mask' is left unlowered in gpu.module @main_kernel

func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c10 = arith.constant 10 : index
  %c16 = arith.constant 16 : index
  %in = gpu.alloc host_shared () : memref<10xf32>
  %in2 = gpu.alloc host_shared () : memref<3x5xf32>
  %masked = gpu.alloc host_shared () : memref<16x4xf32>
  %unmasked = gpu.alloc host_shared () : memref<16x4xf32>
  %written = gpu.alloc host_shared () : memref<16x12xf32>
  %read2 = gpu.alloc host_shared () : memref<16x2x4xf32>
  %zero = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  scf.for %i = %c0 to %c10 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    %v = arith.addf %f, %f1 : f32
    memref.store %v, %in[%i] : memref<10xf32>
  }
  scf.for %r = %c0 to %c3 step %c1 {
    scf.for %c = %c0 to %c5 step %c1 {
      %r5 = arith.muli %r, %c5 : index
      %rc = arith.addi %r5, %c : index
      %ii = arith.index_cast %rc : index to i32
      %f = arith.sitofp %ii : i32 to f32
      %v = arith.addf %f, %f1 : f32
      memref.store %v, %in2[%r, %c] : memref<3x5xf32>
    }
  }
  %c12 = arith.constant 12 : index
  scf.for %r = %c0 to %c16 step %c1 {
    scf.for %c = %c0 to %c12 step %c1 {
      memref.store %zero, %written[%r, %c] : memref<16x12xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %k0 = arith.constant 0 : index
    %k2 = arith.constant 2 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %pad1 = arith.constant -1.0 : f32
    %pad2 = arith.constant -2.0 : f32
    %pad3 = arith.constant -3.0 : f32
    %count = arith.remui %tx, %k5 : index
    %mask = vector.create_mask %count : vector<4xi1>
    %a = vector.transfer_read %in[%tx], %pad1, %mask : memref<10xf32>, vector<4xf32>
    vector.transfer_write %a, %masked[%tx, %k0] {in_bounds = [true]} : vector<4xf32>, memref<16x4xf32>
    %b = vector.transfer_read %in[%tx], %pad2 : memref<10xf32>, vector<4xf32>
    vector.transfer_write %b, %unmasked[%tx, %k0] {in_bounds = [true]} : vector<4xf32>, memref<16x4xf32>

    %values = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : vector<4xf32>
    vector.transfer_write %values, %written[%tx, %tx], %mask : vector<4xf32>, memref<16x12xf32>

    %r0 = arith.divui %tx, %k4 : index
    %q = arith.remui %tx, %k4 : index
    %col0 = arith.addi %q, %k2 : index
    %k1 = arith.constant 1 : index
    %columns = arith.addi %q, %k1 : index
    %mask2 = vector.create_mask %k2, %columns : vector<2x4xi1>
    %d = vector.transfer_read %in2[%r0, %col0], %pad3, %mask2 : memref<3x5xf32>, vector<2x4xf32>
    vector.transfer_write %d, %read2[%tx, %k0, %k0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<16x2x4xf32>
    gpu.terminator
  }
  %m = memref.cast %masked : memref<16x4xf32> to memref<*xf32>
  call @printMemrefF32(%m) : (memref<*xf32>) -> ()
  // CHECK:      [-1, -1, -1, -1],
  // CHECK-NEXT: [2, -1, -1, -1],
  // CHECK-NEXT: [3, 4, -1, -1],
  // CHECK-NEXT: [4, 5, 6, -1],
  // CHECK-NEXT: [5, 6, 7, 8],
  // CHECK-NEXT: [-1, -1, -1, -1],
  // CHECK-NEXT: [7, -1, -1, -1],
  // CHECK-NEXT: [8, 9, -1, -1],
  // CHECK-NEXT: [9, 10, -1, -1],
  // CHECK-NEXT: [10, -1, -1, -1],
  // CHECK-NEXT: [-1, -1, -1, -1],
  // CHECK-NEXT: [-1, -1, -1, -1],
  // CHECK-NEXT: [-1, -1, -1, -1],
  // CHECK-NEXT: [-1, -1, -1, -1],
  // CHECK-NEXT: [-1, -1, -1, -1],
  // CHECK-NEXT: [-1, -1, -1, -1]]
  %u = memref.cast %unmasked : memref<16x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // CHECK:      [1, 2, 3, 4],
  // CHECK-NEXT: [2, 3, 4, 5],
  // CHECK-NEXT: [3, 4, 5, 6],
  // CHECK-NEXT: [4, 5, 6, 7],
  // CHECK-NEXT: [5, 6, 7, 8],
  // CHECK-NEXT: [6, 7, 8, 9],
  // CHECK-NEXT: [7, 8, 9, 10],
  // CHECK-NEXT: [8, 9, 10, -2],
  // CHECK-NEXT: [9, 10, -2, -2],
  // CHECK-NEXT: [10, -2, -2, -2],
  // CHECK-NEXT: [-2, -2, -2, -2],
  // CHECK-NEXT: [-2, -2, -2, -2],
  // CHECK-NEXT: [-2, -2, -2, -2],
  // CHECK-NEXT: [-2, -2, -2, -2],
  // CHECK-NEXT: [-2, -2, -2, -2],
  // CHECK-NEXT: [-2, -2, -2, -2]]
  %w = memref.cast %written : memref<16x12xf32> to memref<*xf32>
  call @printMemrefF32(%w) : (memref<*xf32>) -> ()
  // CHECK:      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 1, 2, 3, 0, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 1, 2, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  // CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
  %r2 = memref.cast %read2 : memref<16x2x4xf32> to memref<*xf32>
  call @printMemrefF32(%r2) : (memref<*xf32>) -> ()
  // CHECK:      {{\[}}[3, -3, -3, -3],
  // CHECK-NEXT:   [8, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[4, 5, -3, -3],
  // CHECK-NEXT:   [9, 10, -3, -3]],
  // CHECK-NEXT:  {{\[}}[5, -3, -3, -3],
  // CHECK-NEXT:   [10, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[-3, -3, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[8, -3, -3, -3],
  // CHECK-NEXT:   [13, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[9, 10, -3, -3],
  // CHECK-NEXT:   [14, 15, -3, -3]],
  // CHECK-NEXT:  {{\[}}[10, -3, -3, -3],
  // CHECK-NEXT:   [15, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[-3, -3, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[13, -3, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[14, 15, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[15, -3, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[-3, -3, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[-3, -3, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[-3, -3, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[-3, -3, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]],
  // CHECK-NEXT:  {{\[}}[-3, -3, -3, -3],
  // CHECK-NEXT:   [-3, -3, -3, -3]]]
  return
}
