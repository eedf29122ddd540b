// Float operations at their special values, in f32, against C's semantics
// (C11 Annex F; hand-computed CHECK lines, and the host target's libm):
// math.powf is C's pow in each of its special cases (GLSL's Pow, which
// Vulkan gives, is undefined for x <= 0), arith.remf is C's fmod, exact for
// any exponents (OpFRem rounds x - y * trunc(x / y), and gives NaN for an
// infinite y and +0 for -0), and math.isfinite is neither NaN nor
// infinite (OpIsFinite is not Vulkan's). Every NaN prints as nan (C leaves
// its sign open). Subnormal results are left out: Vulkan lets a device flush
// them (lavapipe does, in arithmetic).
//
// Runs on every target (lit.local.cfg).

module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)

  // (x, y) for pow.
  memref.global "private" constant @pow_cases : memref<40x2xf32> = dense<[
    [-1.0, 0.5], [-0.0, -2.5], [0x7FC00000, 10.0], [0xFF800000, 0.1],
    [0x7FC00000, 0.0], [0x7FC00000, -0.0], [1.0, 0x7FC00000], [1.0, 0x7F800000],
    [-1.0, 0x7F800000], [-1.0, 0xFF800000], [-0.0, -3.0], [-0.0, 3.0],
    [-0.0, 2.0], [0.0, -2.0], [0.0, 0xFF800000], [-0.0, 0x7F800000],
    [0xFF800000, -3.0], [0xFF800000, 3.0], [0xFF800000, 2.0], [0xFF800000, -2.0],
    [0x7F800000, -1.0], [0x7F800000, 0.5], [0.5, 0x7F800000], [0.5, 0xFF800000],
    [2.0, 0x7F800000], [2.0, 0xFF800000], [-0.5, 0x7F800000], [-2.0, 0xFF800000],
    [-2.0, 3.0], [-2.0, -1.0], [-2.0, 2.0], [2.0, 10.0],
    [4.0, 0.5], [-8.0, 0.333333343], [1.5, 0x7FC00000], [0x7FC00000, 1.0],
    [-2.0, 1.0e30], [-2.0, -1.0e30], [-1.0, 16777215.0], [-0.5, 3.0]]>

  // (x, y) for fmod.
  memref.global "private" constant @fmod_cases : memref<22x2xf32> = dense<[
    [2.5, 0x7F800000], [-0.0, 3.0], [5.5, 2.0], [-5.5, 2.0],
    [5.5, -2.0], [0x7F800000, 2.0], [2.0, 0.0], [0x7FC00000, 2.0],
    [2.0, 0x7FC00000], [1.0e10, 3.0], [1.2676506e30, 3.0], [0xFF800000, 0x7F800000],
    [3.0, 3.0], [-3.0, 3.0], [0.0, 0xFF800000], [-2.5, 0xFF800000],
    [0x7F7FFFFF, 3.0e-30], [0x00000001, 3.0], [7.0, 2.5], [-7.0, -2.5],
    [1.0e38, 7.0], [0.3, 0.1]]>

  memref.global "private" constant @finite_cases : memref<8xf32> = dense<[
    1.0, 0x7F800000, 0xFF800000, 0x7FC00000, 0x7F7FFFFF, 0x00000001, -0.0, 0xFF7FFFFF]>

  gpu.module @kernels {
    gpu.func @pow(%in: memref<40x2xf32>, %out: memref<40xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i = gpu.thread_id x
      %x = memref.load %in[%i, %c0] : memref<40x2xf32>
      %y = memref.load %in[%i, %c1] : memref<40x2xf32>
      %r = math.powf %x, %y : f32
      memref.store %r, %out[%i] : memref<40xf32>
      gpu.return
    }
    gpu.func @fmod(%in: memref<22x2xf32>, %out: memref<22xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i = gpu.thread_id x
      %x = memref.load %in[%i, %c0] : memref<22x2xf32>
      %y = memref.load %in[%i, %c1] : memref<22x2xf32>
      %r = arith.remf %x, %y : f32
      memref.store %r, %out[%i] : memref<22xf32>
      gpu.return
    }
    gpu.func @finite(%in: memref<8xf32>, %out: memref<8xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %in[%i] : memref<8xf32>
      %finite = math.isfinite %x : f32
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1.0 : f32
      %r = arith.select %finite, %one, %zero : f32
      memref.store %r, %out[%i] : memref<8xf32>
      gpu.return
    }
  }

  // Prints `values` with every NaN as the same NaN: C leaves its sign open.
  func.func @printCanonical(%values: memref<?xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %nan = arith.constant 0x7FC00000 : f32
    %n = memref.dim %values, %c0 : memref<?xf32>
    scf.for %i = %c0 to %n step %c1 {
      %x = memref.load %values[%i] : memref<?xf32>
      %isnan = arith.cmpf uno, %x, %x : f32
      %y = arith.select %isnan, %nan, %x : f32
      memref.store %y, %values[%i] : memref<?xf32>
    }
    %u = memref.cast %values : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c22 = arith.constant 22 : index
    %c40 = arith.constant 40 : index

    %pow_cases = memref.get_global @pow_cases : memref<40x2xf32>
    %pow_in = gpu.alloc host_shared () : memref<40x2xf32>
    memref.copy %pow_cases, %pow_in : memref<40x2xf32> to memref<40x2xf32>
    %pow_out = gpu.alloc host_shared () : memref<40xf32>
    gpu.launch_func @kernels::@pow blocks in (%c1, %c1, %c1) threads in (%c40, %c1, %c1)
        args(%pow_in : memref<40x2xf32>, %pow_out : memref<40xf32>)
    %pow_any = memref.cast %pow_out : memref<40xf32> to memref<?xf32>
    // CHECK: [nan,  inf,  nan,  inf,  1,  1,  1,  1,  1,  1,  -inf,  -0,  0,  inf,  inf,  0,  -0,  -inf,  inf,  0,  0,  inf,  0,  inf,  inf,  0,  0,  0,  -8,  -0.5,  4,  1024,  2,  nan,  nan,  nan,  inf,  0,  -1,  -0.125]
    call @printCanonical(%pow_any) : (memref<?xf32>) -> ()

    %fmod_cases = memref.get_global @fmod_cases : memref<22x2xf32>
    %fmod_in = gpu.alloc host_shared () : memref<22x2xf32>
    memref.copy %fmod_cases, %fmod_in : memref<22x2xf32> to memref<22x2xf32>
    %fmod_out = gpu.alloc host_shared () : memref<22xf32>
    gpu.launch_func @kernels::@fmod blocks in (%c1, %c1, %c1) threads in (%c22, %c1, %c1)
        args(%fmod_in : memref<22x2xf32>, %fmod_out : memref<22xf32>)
    %fmod_any = memref.cast %fmod_out : memref<22xf32> to memref<?xf32>
    // CHECK: [2.5,  -0,  1.5,  -1.5,  1.5,  nan,  nan,  nan,  nan,  1,  1,  nan,  0,  -0,  0,  -2.5,  9.92904e-31,  1.4013e-45,  2,  -2,  2,  7.45058e-09]
    call @printCanonical(%fmod_any) : (memref<?xf32>) -> ()

    %finite_cases = memref.get_global @finite_cases : memref<8xf32>
    %finite_in = gpu.alloc host_shared () : memref<8xf32>
    memref.copy %finite_cases, %finite_in : memref<8xf32> to memref<8xf32>
    %finite_out = gpu.alloc host_shared () : memref<8xf32>
    gpu.launch_func @kernels::@finite blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%finite_in : memref<8xf32>, %finite_out : memref<8xf32>)
    %finite_any = memref.cast %finite_out : memref<8xf32> to memref<?xf32>
    // CHECK: [1,  0,  0,  0,  1,  1,  1,  1]
    call @printCanonical(%finite_any) : (memref<?xf32>) -> ()
    return
  }
}
