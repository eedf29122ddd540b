// AMD's raw buffer accesses, checked against the buffer's size as the
// hardware checks them: a read outside is 0, a write or an atomic outside
// does nothing. The buffer is the memref's elements up to
// max_d(size_d * stride_d), and an access is checked at its linear offset
// ((sum_d(index_d * stride_d) + indexOffset) * element size, 32 bits,
// unsigned), before sgprOffset moves it; each element of a load or store on
// its own, an atomic whole. One thread, in this order, on views of 8 f32
// (1, 2, ..., 12 in memory), 8 i32 (1, ..., 12) and 4 f16 (1, ..., 6), the
// elements past the views' ends there to show that nothing reaches them:
//
// loads, into %out: f[7], the last, 8; f[8], the first past the end, 0; 4 at
// f[6], straddling the end, (7, 8, 0, 0); 4 at f[-2] and 1 at f[-1], negative,
// all 0; f[5] and f[6] with indexOffset 2, 8 and 0; f[1] with sgprOffset 2, 4;
// f[8] with sgprOffset -2, 0 (checked before it moves); [1, 3], [0, 5] and
// [2, 0] of the 2x4 view, linear 7, 5 (a column past the row is inside the
// buffer) and 8: 8, 6, 0; 2 at [7] of a memref<?xf32> of 8, (8, 0); f[7]
// with boundsCheck = false, 8; a compare-and-swap of 5 for 42 at f[4], its
// old value 5.
//
// stores: 100 at f[7]; 101 at f[8] (dropped); (102, 103, 104, 105) at f[6]
// (the last two dropped); 106 at f[-1] (dropped); 107 at [0, 5]; 108 at f[0]
// with indexOffset 1; 109 at f[0] with sgprOffset 2; (110, 111) at [7] of the
// memref<?xf32> (the second dropped). Atomics: f[0] += 0.5, f[8] += 0.5
// (dropped); max(f[3], 50), max(f[4], 1); on the i32: smax(i[0], -5),
// smax(i[1], 20), umin(i[2], 0xffffffff), umin(i[3], 0); compare-and-swap 77
// for 5 at i[4] (swapped, old 5), 88 for 0 at i[5] (kept, old 6), at i[8]
// (outside: old 0, nothing done); smax(i[8], 1000), umin(i[-1], 0)
// (dropped); on the f16: (0.5, 0.25) added at h[2] (both inside), at h[3]
// (one element outside: the atomic is dropped whole) and at h[-1].
// amdgpu.sched_barrier, a scheduling hint, does nothing.
//
// UNSUPPORTED-TARGET: vulkan: the amdgpu dialect is AMD's; its RUN line checks the diagnostic
// UNSUPPORTED-TARGET: cuda: the amdgpu dialect is AMD's; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'amdgpu.sched_barrier' has no SPIR-V meaning for #offload.vulkan here
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="chips=sm_90 toolkit=%cuda_toolkit" -o /dev/null 2>&1 | FileCheck %s --check-prefix=CUDA
// CUDA: 'amdgpu.sched_barrier' is left unlowered in gpu.module @main_kernel

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c12 = arith.constant 12 : index
  %f1 = arith.constant 1.0 : f32
  %fmem = gpu.alloc host_shared () : memref<12xf32>
  %imem = gpu.alloc host_shared () : memref<12xi32>
  %hmem = gpu.alloc host_shared () : memref<6xf16>
  %out = gpu.alloc host_shared () : memref<22xf32>
  %iout = gpu.alloc host_shared () : memref<3xi32>
  scf.for %i = %c0 to %c12 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %one = arith.constant 1 : i32
    %v = arith.addi %ii, %one : i32
    memref.store %v, %imem[%i] : memref<12xi32>
    %f = arith.sitofp %v : i32 to f32
    memref.store %f, %fmem[%i] : memref<12xf32>
    %in6 = arith.cmpi ult, %i, %c6 : index
    scf.if %in6 {
      %h = arith.truncf %f : f32 to f16
      memref.store %h, %hmem[%i] : memref<6xf16>
    }
  }
  %f8 = memref.reinterpret_cast %fmem to offset: [0], sizes: [8], strides: [1] : memref<12xf32> to memref<8xf32>
  %f2x4 = memref.reinterpret_cast %fmem to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<12xf32> to memref<2x4xf32>
  %fdyn = memref.cast %f8 : memref<8xf32> to memref<?xf32>
  %i8 = memref.reinterpret_cast %imem to offset: [0], sizes: [8], strides: [1] : memref<12xi32> to memref<8xi32>
  %h4 = memref.reinterpret_cast %hmem to offset: [0], sizes: [4], strides: [1] : memref<6xf16> to memref<4xf16>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %m2 = arith.constant -2 : i32
    %m1 = arith.constant -1 : i32
    %i0 = arith.constant 0 : i32
    %i1 = arith.constant 1 : i32
    %i2 = arith.constant 2 : i32
    %i3 = arith.constant 3 : i32
    %i4 = arith.constant 4 : i32
    %i5 = arith.constant 5 : i32
    %i6 = arith.constant 6 : i32
    %i7 = arith.constant 7 : i32
    %i8c = arith.constant 8 : i32
    %k0 = arith.constant 0 : index
    %k2 = arith.constant 2 : index
    %k6 = arith.constant 6 : index
    %k10 = arith.constant 10 : index
    %k18 = arith.constant 18 : index
    amdgpu.sched_barrier allow = <none>

    %l0 = amdgpu.raw_buffer_load %f8[%i7] : memref<8xf32>, i32 -> f32
    %l1 = amdgpu.raw_buffer_load %f8[%i8c] : memref<8xf32>, i32 -> f32
    %l2 = amdgpu.raw_buffer_load %f8[%i6] : memref<8xf32>, i32 -> vector<4xf32>
    %l3 = amdgpu.raw_buffer_load %f8[%m2] : memref<8xf32>, i32 -> vector<4xf32>
    %l4 = amdgpu.raw_buffer_load %f8[%m1] : memref<8xf32>, i32 -> f32
    %l5 = amdgpu.raw_buffer_load {indexOffset = 2 : i32} %f8[%i5] : memref<8xf32>, i32 -> f32
    %l6 = amdgpu.raw_buffer_load {indexOffset = 2 : i32} %f8[%i6] : memref<8xf32>, i32 -> f32
    %l7 = amdgpu.raw_buffer_load %f8[%i1] sgprOffset %i2 : memref<8xf32>, i32 -> f32
    %l8 = amdgpu.raw_buffer_load %f8[%i8c] sgprOffset %m2 : memref<8xf32>, i32 -> f32
    %l9 = amdgpu.raw_buffer_load %f2x4[%i1, %i3] : memref<2x4xf32>, i32, i32 -> f32
    %l10 = amdgpu.raw_buffer_load %f2x4[%i0, %i5] : memref<2x4xf32>, i32, i32 -> f32
    %l11 = amdgpu.raw_buffer_load %f2x4[%i2, %i0] : memref<2x4xf32>, i32, i32 -> f32
    %l12 = amdgpu.raw_buffer_load %fdyn[%i7] : memref<?xf32>, i32 -> vector<2xf32>
    %l13 = amdgpu.raw_buffer_load {boundsCheck = false} %f8[%i7] : memref<8xf32>, i32 -> f32
    %c42 = arith.constant 42.0 : f32
    %c5f = arith.constant 5.0 : f32
    %l14 = amdgpu.raw_buffer_atomic_cmpswap %c42, %c5f -> %f8[%i4] : f32 -> memref<8xf32>, i32
    memref.store %l0, %out[%k0] : memref<22xf32>
    %k1 = arith.constant 1 : index
    memref.store %l1, %out[%k1] : memref<22xf32>
    vector.store %l2, %out[%k2] : memref<22xf32>, vector<4xf32>
    vector.store %l3, %out[%k6] : memref<22xf32>, vector<4xf32>
    memref.store %l4, %out[%k10] : memref<22xf32>
    %k11 = arith.constant 11 : index
    memref.store %l5, %out[%k11] : memref<22xf32>
    %k12 = arith.constant 12 : index
    memref.store %l6, %out[%k12] : memref<22xf32>
    %k13 = arith.constant 13 : index
    memref.store %l7, %out[%k13] : memref<22xf32>
    %k14 = arith.constant 14 : index
    memref.store %l8, %out[%k14] : memref<22xf32>
    %k15 = arith.constant 15 : index
    memref.store %l9, %out[%k15] : memref<22xf32>
    %k16 = arith.constant 16 : index
    memref.store %l10, %out[%k16] : memref<22xf32>
    %k17 = arith.constant 17 : index
    memref.store %l11, %out[%k17] : memref<22xf32>
    vector.store %l12, %out[%k18] : memref<22xf32>, vector<2xf32>
    %k20 = arith.constant 20 : index
    memref.store %l13, %out[%k20] : memref<22xf32>
    %k21 = arith.constant 21 : index
    memref.store %l14, %out[%k21] : memref<22xf32>

    %s100 = arith.constant 100.0 : f32
    %s101 = arith.constant 101.0 : f32
    %s102 = arith.constant dense<[102.0, 103.0, 104.0, 105.0]> : vector<4xf32>
    %s106 = arith.constant 106.0 : f32
    %s107 = arith.constant 107.0 : f32
    %s108 = arith.constant 108.0 : f32
    %s109 = arith.constant 109.0 : f32
    %s110 = arith.constant dense<[110.0, 111.0]> : vector<2xf32>
    amdgpu.raw_buffer_store %s100 -> %f8[%i7] : f32 -> memref<8xf32>, i32
    amdgpu.raw_buffer_store %s101 -> %f8[%i8c] : f32 -> memref<8xf32>, i32
    amdgpu.raw_buffer_store %s102 -> %f8[%i6] : vector<4xf32> -> memref<8xf32>, i32
    amdgpu.raw_buffer_store %s106 -> %f8[%m1] : f32 -> memref<8xf32>, i32
    amdgpu.raw_buffer_store %s107 -> %f2x4[%i0, %i5] : f32 -> memref<2x4xf32>, i32, i32
    amdgpu.raw_buffer_store {indexOffset = 1 : i32} %s108 -> %f8[%i0] : f32 -> memref<8xf32>, i32
    amdgpu.raw_buffer_store %s109 -> %f8[%i0] sgprOffset %i2 : f32 -> memref<8xf32>, i32
    amdgpu.raw_buffer_store %s110 -> %fdyn[%i7] : vector<2xf32> -> memref<?xf32>, i32

    %half = arith.constant 0.5 : f32
    %fifty = arith.constant 50.0 : f32
    amdgpu.raw_buffer_atomic_fadd %half -> %f8[%i0] : f32 -> memref<8xf32>, i32
    amdgpu.raw_buffer_atomic_fadd %half -> %f8[%i8c] : f32 -> memref<8xf32>, i32
    amdgpu.raw_buffer_atomic_fmax %fifty -> %f8[%i3] : f32 -> memref<8xf32>, i32
    amdgpu.raw_buffer_atomic_fmax %f1 -> %f8[%i4] : f32 -> memref<8xf32>, i32

    %n5 = arith.constant -5 : i32
    %p20 = arith.constant 20 : i32
    %p77 = arith.constant 77 : i32
    %p88 = arith.constant 88 : i32
    %p99 = arith.constant 99 : i32
    %p1000 = arith.constant 1000 : i32
    amdgpu.raw_buffer_atomic_smax %n5 -> %i8[%i0] : i32 -> memref<8xi32>, i32
    amdgpu.raw_buffer_atomic_smax %p20 -> %i8[%i1] : i32 -> memref<8xi32>, i32
    amdgpu.raw_buffer_atomic_umin %m1 -> %i8[%i2] : i32 -> memref<8xi32>, i32
    amdgpu.raw_buffer_atomic_umin %i0 -> %i8[%i3] : i32 -> memref<8xi32>, i32
    %o0 = amdgpu.raw_buffer_atomic_cmpswap %p77, %i5 -> %i8[%i4] : i32 -> memref<8xi32>, i32
    %o1 = amdgpu.raw_buffer_atomic_cmpswap %p88, %i0 -> %i8[%i5] : i32 -> memref<8xi32>, i32
    %o2 = amdgpu.raw_buffer_atomic_cmpswap %p99, %i8c -> %i8[%i8c] : i32 -> memref<8xi32>, i32
    amdgpu.raw_buffer_atomic_smax %p1000 -> %i8[%i8c] : i32 -> memref<8xi32>, i32
    amdgpu.raw_buffer_atomic_umin %i0 -> %i8[%m1] : i32 -> memref<8xi32>, i32
    memref.store %o0, %iout[%k0] : memref<3xi32>
    memref.store %o1, %iout[%k1] : memref<3xi32>
    memref.store %o2, %iout[%k2] : memref<3xi32>

    %hv = arith.constant dense<[0.5, 0.25]> : vector<2xf16>
    amdgpu.raw_buffer_atomic_fadd %hv -> %h4[%i2] : vector<2xf16> -> memref<4xf16>, i32
    amdgpu.raw_buffer_atomic_fadd %hv -> %h4[%i3] : vector<2xf16> -> memref<4xf16>, i32
    amdgpu.raw_buffer_atomic_fadd %hv -> %h4[%m1] : vector<2xf16> -> memref<4xf16>, i32
    gpu.terminator
  }
  %o = memref.cast %out : memref<22xf32> to memref<*xf32>
  call @printMemrefF32(%o) : (memref<*xf32>) -> ()
  // CHECK: [8,  0,  7,  8,  0,  0,  0,  0,  0,  0,  0,  8,  0,  4,  0,  8,  6,  0,  8,  0,  8,  5]
  %fo = memref.cast %fmem : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%fo) : (memref<*xf32>) -> ()
  // CHECK: [1.5,  108,  109,  50,  42,  107,  102,  110,  9,  10,  11,  12]
  %io = memref.cast %imem : memref<12xi32> to memref<*xi32>
  call @printMemrefI32(%io) : (memref<*xi32>) -> ()
  // CHECK: [1,  20,  3,  0,  77,  6,  7,  8,  9,  10,  11,  12]
  %ioo = memref.cast %iout : memref<3xi32> to memref<*xi32>
  call @printMemrefI32(%ioo) : (memref<*xi32>) -> ()
  // CHECK: [5,  6,  0]
  %hf = memref.alloc() : memref<6xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    %h = memref.load %hmem[%i] : memref<6xf16>
    %f = arith.extf %h : f16 to f32
    memref.store %f, %hf[%i] : memref<6xf32>
  }
  %hfo = memref.cast %hf : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%hfo) : (memref<*xf32>) -> ()
  // CHECK: [1,  2,  3.5,  4.25,  5,  6]
  return
}
