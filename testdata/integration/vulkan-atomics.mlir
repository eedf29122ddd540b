// Every atomic kind Vulkan has, of i32 and i64, on global and on workgroup
// memory, and f32 addf and assign, from the 16 threads of a block; muli, for
// which SPIR-V has no instruction, is a compare-exchange loop, and the old
// values it returns (5^0 to 5^15, in some order) add up to (5^16 - 1) / 4,
// wrapped to the width. Each module declares what its atomics need: Int64Atomics,
// and AtomicFloat32AddEXT with SPV_EXT_shader_atomic_float_add (which the
// runtime enables as VK_EXT_shader_atomic_float's shaderBufferFloat32AtomicAdd
// and shaderSharedFloat32AtomicAdd). Columns: addi of t + 1 from 0, andi of
// ~(1 << t) from -1, ori of 2 << t from 0, xori of t^3 from 0, maxs, mins
// and maxu of t - 8 from INT_MIN, INT_MAX and 0, minu of t + 3 from -1,
// assign of 42, muli of 5 from 1, the sum of muli's old values. The second
// kernel updates in loops: thread t adds 1 t + 1 times to a global and a
// workgroup counter, and with muli (relaxed atomics: lavapipe loses the lanes
// of all subgroups but the first from a loop with an acquire or release in
// it). The CHECK lines are computed by hand.
//
// RUN: %python %S/../extract_object.py -o %t.spv < %t.vulkan.mlir
// RUN: spirv-dis %t.spv | FileCheck %s --check-prefix=CAPS

// CAPS-DAG: OpCapability Int64Atomics
// CAPS-DAG: OpCapability AtomicFloat32AddEXT
// CAPS-DAG: OpExtension "SPV_EXT_shader_atomic_float_add"

module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefF32(memref<*xf32>)

  memref.global "private" constant @init32 : memref<11xi32> = dense<[0, -1, 0, 0, -2147483648, 2147483647, 0, -1, 0, 1, 0]>
  memref.global "private" constant @init64 : memref<11xi64> = dense<[0, -1, 0, 0, -9223372036854775808, 9223372036854775807, 0, -1, 0, 1, 0]>

  gpu.module @kernels {
    gpu.func @update(%init32: memref<11xi32>, %g32: memref<11xi32>, %out32: memref<11xi32>,
                     %init64: memref<11xi64>, %g64: memref<11xi64>, %out64: memref<11xi64>,
                     %gf: memref<2xf32>, %outf: memref<2xf32>)
        workgroup(%w32: memref<11xi32, #gpu.address_space<workgroup>>, %w64: memref<11xi64, #gpu.address_space<workgroup>>,
                  %wf: memref<2xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %c9 = arith.constant 9 : index
      %c10 = arith.constant 10 : index
      %c11 = arith.constant 11 : index
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      %zero = arith.constant 0.0 : f32
      scf.if %first {
        scf.for %i = %c0 to %c11 step %c1 {
          %a = memref.load %init32[%i] : memref<11xi32>
          memref.store %a, %w32[%i] : memref<11xi32, #gpu.address_space<workgroup>>
          %b = memref.load %init64[%i] : memref<11xi64>
          memref.store %b, %w64[%i] : memref<11xi64, #gpu.address_space<workgroup>>
        }
        memref.store %zero, %wf[%c0] : memref<2xf32, #gpu.address_space<workgroup>>
        memref.store %zero, %wf[%c1] : memref<2xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %t_i32 = arith.index_cast %t : index to i32
      %one_i32 = arith.constant 1 : i32
      %eight_i32 = arith.constant 8 : i32
      %three_i32 = arith.constant 3 : i32
      %cube_i320 = arith.muli %t_i32, %t_i32 : i32
      %all_i32 = arith.constant -1 : i32
      %vi_i32_addi = arith.addi %t_i32, %one_i32 : i32
      %bit_i32 = arith.shli %one_i32, %t_i32 : i32
      %vi_i32_andi = arith.xori %bit_i32, %all_i32 : i32
      %vi_i32_ori = arith.addi %bit_i32, %bit_i32 : i32
      %vi_i32_xori = arith.muli %cube_i320, %t_i32 : i32
      %vi_i32_maxs = arith.subi %t_i32, %eight_i32 : i32
      %vi_i32_mins = arith.subi %t_i32, %eight_i32 : i32
      %vi_i32_maxu = arith.subi %t_i32, %eight_i32 : i32
      %vi_i32_minu = arith.addi %t_i32, %three_i32 : i32
      %vi_i32_assign = arith.constant 42 : i32
      %vi_i32_muli = arith.constant 5 : i32
      %t_i64 = arith.index_cast %t : index to i64
      %one_i64 = arith.constant 1 : i64
      %eight_i64 = arith.constant 8 : i64
      %three_i64 = arith.constant 3 : i64
      %cube_i640 = arith.muli %t_i64, %t_i64 : i64
      %all_i64 = arith.constant -1 : i64
      %vi_i64_addi = arith.addi %t_i64, %one_i64 : i64
      %bit_i64 = arith.shli %one_i64, %t_i64 : i64
      %vi_i64_andi = arith.xori %bit_i64, %all_i64 : i64
      %vi_i64_ori = arith.addi %bit_i64, %bit_i64 : i64
      %vi_i64_xori = arith.muli %cube_i640, %t_i64 : i64
      %vi_i64_maxs = arith.subi %t_i64, %eight_i64 : i64
      %vi_i64_mins = arith.subi %t_i64, %eight_i64 : i64
      %vi_i64_maxu = arith.subi %t_i64, %eight_i64 : i64
      %vi_i64_minu = arith.addi %t_i64, %three_i64 : i64
      %vi_i64_assign = arith.constant 42 : i64
      %vi_i64_muli = arith.constant 5 : i64
      %g32_addi = memref.atomic_rmw addi %vi_i32_addi, %g32[%c0] : (i32, memref<11xi32>) -> i32
      %g32_andi = memref.atomic_rmw andi %vi_i32_andi, %g32[%c1] : (i32, memref<11xi32>) -> i32
      %g32_ori = memref.atomic_rmw ori %vi_i32_ori, %g32[%c2] : (i32, memref<11xi32>) -> i32
      %g32_xori = memref.atomic_rmw xori %vi_i32_xori, %g32[%c3] : (i32, memref<11xi32>) -> i32
      %g32_maxs = memref.atomic_rmw maxs %vi_i32_maxs, %g32[%c4] : (i32, memref<11xi32>) -> i32
      %g32_mins = memref.atomic_rmw mins %vi_i32_mins, %g32[%c5] : (i32, memref<11xi32>) -> i32
      %g32_maxu = memref.atomic_rmw maxu %vi_i32_maxu, %g32[%c6] : (i32, memref<11xi32>) -> i32
      %g32_minu = memref.atomic_rmw minu %vi_i32_minu, %g32[%c7] : (i32, memref<11xi32>) -> i32
      %g32_assign = memref.atomic_rmw assign %vi_i32_assign, %g32[%c8] : (i32, memref<11xi32>) -> i32
      %g32_muli = memref.atomic_rmw muli %vi_i32_muli, %g32[%c9] : (i32, memref<11xi32>) -> i32
      %g32_olds = memref.atomic_rmw addi %g32_muli, %g32[%c10] : (i32, memref<11xi32>) -> i32
      %g64_addi = memref.atomic_rmw addi %vi_i64_addi, %g64[%c0] : (i64, memref<11xi64>) -> i64
      %g64_andi = memref.atomic_rmw andi %vi_i64_andi, %g64[%c1] : (i64, memref<11xi64>) -> i64
      %g64_ori = memref.atomic_rmw ori %vi_i64_ori, %g64[%c2] : (i64, memref<11xi64>) -> i64
      %g64_xori = memref.atomic_rmw xori %vi_i64_xori, %g64[%c3] : (i64, memref<11xi64>) -> i64
      %g64_maxs = memref.atomic_rmw maxs %vi_i64_maxs, %g64[%c4] : (i64, memref<11xi64>) -> i64
      %g64_mins = memref.atomic_rmw mins %vi_i64_mins, %g64[%c5] : (i64, memref<11xi64>) -> i64
      %g64_maxu = memref.atomic_rmw maxu %vi_i64_maxu, %g64[%c6] : (i64, memref<11xi64>) -> i64
      %g64_minu = memref.atomic_rmw minu %vi_i64_minu, %g64[%c7] : (i64, memref<11xi64>) -> i64
      %g64_assign = memref.atomic_rmw assign %vi_i64_assign, %g64[%c8] : (i64, memref<11xi64>) -> i64
      %g64_muli = memref.atomic_rmw muli %vi_i64_muli, %g64[%c9] : (i64, memref<11xi64>) -> i64
      %g64_olds = memref.atomic_rmw addi %g64_muli, %g64[%c10] : (i64, memref<11xi64>) -> i64
      %w32_addi = memref.atomic_rmw addi %vi_i32_addi, %w32[%c0] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_andi = memref.atomic_rmw andi %vi_i32_andi, %w32[%c1] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_ori = memref.atomic_rmw ori %vi_i32_ori, %w32[%c2] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_xori = memref.atomic_rmw xori %vi_i32_xori, %w32[%c3] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_maxs = memref.atomic_rmw maxs %vi_i32_maxs, %w32[%c4] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_mins = memref.atomic_rmw mins %vi_i32_mins, %w32[%c5] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_maxu = memref.atomic_rmw maxu %vi_i32_maxu, %w32[%c6] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_minu = memref.atomic_rmw minu %vi_i32_minu, %w32[%c7] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_assign = memref.atomic_rmw assign %vi_i32_assign, %w32[%c8] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_muli = memref.atomic_rmw muli %vi_i32_muli, %w32[%c9] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w32_olds = memref.atomic_rmw addi %w32_muli, %w32[%c10] : (i32, memref<11xi32, #gpu.address_space<workgroup>>) -> i32
      %w64_addi = memref.atomic_rmw addi %vi_i64_addi, %w64[%c0] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_andi = memref.atomic_rmw andi %vi_i64_andi, %w64[%c1] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_ori = memref.atomic_rmw ori %vi_i64_ori, %w64[%c2] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_xori = memref.atomic_rmw xori %vi_i64_xori, %w64[%c3] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_maxs = memref.atomic_rmw maxs %vi_i64_maxs, %w64[%c4] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_mins = memref.atomic_rmw mins %vi_i64_mins, %w64[%c5] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_maxu = memref.atomic_rmw maxu %vi_i64_maxu, %w64[%c6] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_minu = memref.atomic_rmw minu %vi_i64_minu, %w64[%c7] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_assign = memref.atomic_rmw assign %vi_i64_assign, %w64[%c8] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_muli = memref.atomic_rmw muli %vi_i64_muli, %w64[%c9] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %w64_olds = memref.atomic_rmw addi %w64_muli, %w64[%c10] : (i64, memref<11xi64, #gpu.address_space<workgroup>>) -> i64
      %half = arith.constant 0.5 : f32
      %x = arith.constant 1.5 : f32
      %gf0 = memref.atomic_rmw addf %half, %gf[%c0] : (f32, memref<2xf32>) -> f32
      %gf1 = memref.atomic_rmw assign %x, %gf[%c1] : (f32, memref<2xf32>) -> f32
      %wf0 = memref.atomic_rmw addf %half, %wf[%c0] : (f32, memref<2xf32, #gpu.address_space<workgroup>>) -> f32
      %wf1 = memref.atomic_rmw assign %x, %wf[%c1] : (f32, memref<2xf32, #gpu.address_space<workgroup>>) -> f32
      gpu.barrier
      scf.if %first {
        scf.for %i = %c0 to %c11 step %c1 {
          %a = memref.load %w32[%i] : memref<11xi32, #gpu.address_space<workgroup>>
          memref.store %a, %out32[%i] : memref<11xi32>
          %b = memref.load %w64[%i] : memref<11xi64, #gpu.address_space<workgroup>>
          memref.store %b, %out64[%i] : memref<11xi64>
        }
        %f0 = memref.load %wf[%c0] : memref<2xf32, #gpu.address_space<workgroup>>
        memref.store %f0, %outf[%c0] : memref<2xf32>
        %f1 = memref.load %wf[%c1] : memref<2xf32, #gpu.address_space<workgroup>>
        memref.store %f1, %outf[%c1] : memref<2xf32>
      }
      gpu.return
    }
    gpu.func @in_loops(%counts: memref<3xi32>, %seen: memref<16xi32>)
        workgroup(%local: memref<1xi32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        memref.store %zero, %local[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %n = arith.addi %t, %c1 : index
      %done = scf.for %i = %c0 to %n step %c1 iter_args(%k = %zero) -> (i32) {
        %a = memref.atomic_rmw addi %one, %counts[%c0] : (i32, memref<3xi32>) -> i32
        %b = memref.atomic_rmw addi %one, %local[%c0] : (i32, memref<1xi32, #gpu.address_space<workgroup>>) -> i32
        %c = memref.atomic_rmw muli %one, %counts[%c2] : (i32, memref<3xi32>) -> i32
        %k1 = arith.addi %k, %one : i32
        scf.yield %k1 : i32
      }
      memref.store %done, %seen[%t] : memref<16xi32>
      gpu.barrier
      scf.if %first {
        %l = memref.load %local[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
        memref.store %l, %counts[%c1] : memref<3xi32>
      }
      gpu.return
    }
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %i32s = memref.get_global @init32 : memref<11xi32>
    %i64s = memref.get_global @init64 : memref<11xi64>
    %init32 = gpu.alloc host_shared () : memref<11xi32>
    %g32 = gpu.alloc host_shared () : memref<11xi32>
    %out32 = gpu.alloc host_shared () : memref<11xi32>
    %init64 = gpu.alloc host_shared () : memref<11xi64>
    %g64 = gpu.alloc host_shared () : memref<11xi64>
    %out64 = gpu.alloc host_shared () : memref<11xi64>
    %gf = gpu.alloc host_shared () : memref<2xf32>
    %outf = gpu.alloc host_shared () : memref<2xf32>
    memref.copy %i32s, %init32 : memref<11xi32> to memref<11xi32>
    memref.copy %i32s, %g32 : memref<11xi32> to memref<11xi32>
    memref.copy %i64s, %init64 : memref<11xi64> to memref<11xi64>
    memref.copy %i64s, %g64 : memref<11xi64> to memref<11xi64>
    memref.store %zero, %gf[%c0] : memref<2xf32>
    memref.store %zero, %gf[%c1] : memref<2xf32>
    gpu.launch_func @kernels::@update blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%init32 : memref<11xi32>, %g32 : memref<11xi32>, %out32 : memref<11xi32>,
             %init64 : memref<11xi64>, %g64 : memref<11xi64>, %out64 : memref<11xi64>,
             %gf : memref<2xf32>, %outf : memref<2xf32>)
    %p1 = memref.cast %g32 : memref<11xi32> to memref<*xi32>
    %p2 = memref.cast %out32 : memref<11xi32> to memref<*xi32>
    %p3 = memref.cast %g64 : memref<11xi64> to memref<*xi64>
    %p4 = memref.cast %out64 : memref<11xi64> to memref<*xi64>
    %p5 = memref.cast %gf : memref<2xf32> to memref<*xf32>
    %p6 = memref.cast %outf : memref<2xf32> to memref<*xf32>
    // CHECK: [136,  -65536,  131070,  3680,  7,  -8,  -1,  3,  42,  -2030932031,  -507733008]
    call @printMemrefI32(%p1) : (memref<*xi32>) -> ()
    // CHECK: [136,  -65536,  131070,  3680,  7,  -8,  -1,  3,  42,  -2030932031,  -507733008]
    call @printMemrefI32(%p2) : (memref<*xi32>) -> ()
    // CHECK: [136,  -65536,  131070,  3680,  7,  -8,  -1,  3,  42,  152587890625,  38146972656]
    call @printMemrefI64(%p3) : (memref<*xi64>) -> ()
    // CHECK: [136,  -65536,  131070,  3680,  7,  -8,  -1,  3,  42,  152587890625,  38146972656]
    call @printMemrefI64(%p4) : (memref<*xi64>) -> ()
    // CHECK: [8,  1.5]
    call @printMemrefF32(%p5) : (memref<*xf32>) -> ()
    // CHECK: [8,  1.5]
    call @printMemrefF32(%p6) : (memref<*xf32>) -> ()

    %counts = gpu.alloc host_shared () : memref<3xi32>
    %seen = gpu.alloc host_shared () : memref<16xi32>
    %zero32 = arith.constant 0 : i32
    %one32 = arith.constant 1 : i32
    %c2 = arith.constant 2 : index
    memref.store %zero32, %counts[%c0] : memref<3xi32>
    memref.store %one32, %counts[%c2] : memref<3xi32>
    gpu.launch_func @kernels::@in_loops blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%counts : memref<3xi32>, %seen : memref<16xi32>)
    %p7 = memref.cast %counts : memref<3xi32> to memref<*xi32>
    %p8 = memref.cast %seen : memref<16xi32> to memref<*xi32>
    // CHECK: [136,  136,  1]
    call @printMemrefI32(%p7) : (memref<*xi32>) -> ()
    // CHECK: [1,  2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16]
    call @printMemrefI32(%p8) : (memref<*xi32>) -> ()
    return
  }
}
