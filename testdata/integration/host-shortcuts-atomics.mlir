// Atomics on shared memory, which the host target makes plain updates (a
// block's threads run one after another on one CPU thread), of every kind
// that every target compiles, and a generic one, each with an answer known
// here. host-shortcuts.mlir has the host target's other shortcuts.
//
// UNSUPPORTED-TARGET: vulkan: atomic maximumf of f32 is no atomic of Vulkan's

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @atomics() {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %ints = gpu.alloc host_shared () : memref<8xi32>
  %floats = gpu.alloc host_shared () : memref<2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
      workgroup(%w : memref<8xi32, #gpu.address_space<workgroup>>,
                %f : memref<2xf32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %c7 = arith.constant 7 : index
    %c8 = arith.constant 8 : index
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      %zero = arith.constant 0 : i32
      %lowest = arith.constant -2147483648 : i32
      %ones = arith.constant -1 : i32
      %fzero = arith.constant 0.0 : f32
      %flowest = arith.constant 0xFF800000 : f32
      memref.store %zero, %w[%c0] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %lowest, %w[%c1] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %ones, %w[%c2] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %zero, %w[%c3] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %ones, %w[%c4] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %zero, %w[%c5] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %zero, %w[%c6] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %zero, %w[%c7] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %fzero, %f[%c0] : memref<2xf32, #gpu.address_space<workgroup>>
      memref.store %flowest, %f[%c1] : memref<2xf32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %t = arith.index_cast %tx : index to i32
    %one = arith.constant 1 : i32
    %ones_i32 = arith.constant -1 : i32
    %three = arith.constant 3 : i32
    %fifty = arith.constant 50 : i32
    %five = arith.constant 5 : i32
    %eight = arith.constant 8 : i32
    %sixteen = arith.constant 16 : i32
    %t3 = arith.muli %t, %three : i32
    %signed = arith.subi %t3, %fifty : i32
    %plus5 = arith.addi %t, %five : i32
    %bit16 = arith.remui %t, %sixteen : i32
    %orbit = arith.shli %one, %bit16 : i32
    %bit8 = arith.remui %t, %eight : i32
    %andbit = arith.shli %one, %bit8 : i32
    %notbit = arith.xori %andbit, %ones_i32 : i32
    %square = arith.muli %t, %t : i32
    %a0 = memref.atomic_rmw addi %one, %w[%c0] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
    %a1 = memref.atomic_rmw maxs %signed, %w[%c1] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
    %a2 = memref.atomic_rmw minu %plus5, %w[%c2] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
    %a3 = memref.atomic_rmw ori %orbit, %w[%c3] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
    %a4 = memref.atomic_rmw andi %notbit, %w[%c4] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
    %a5 = memref.atomic_rmw xori %square, %w[%c5] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
    %seventh = arith.cmpi eq, %tx, %c7 : index
    scf.if %seventh {
      %v = arith.constant 77 : i32
      %a6 = memref.atomic_rmw assign %v, %w[%c6] : (i32, memref<8xi32, #gpu.address_space<workgroup>>) -> i32
    }
    %a7 = memref.generic_atomic_rmw %w[%c7] : memref<8xi32, #gpu.address_space<workgroup>> {
    ^bb0(%current: i32):
      %sum = arith.addi %current, %t : i32
      memref.atomic_yield %sum : i32
    }
    %half = arith.constant 0.5 : f32
    %quarter = arith.constant 0.25 : f32
    %tf = arith.uitofp %t : i32 to f32
    %scaled = arith.mulf %tf, %quarter : f32
    %f0 = memref.atomic_rmw addf %half, %f[%c0] : (f32, memref<2xf32, #gpu.address_space<workgroup>>) -> f32
    %f1 = memref.atomic_rmw maximumf %scaled, %f[%c1] : (f32, memref<2xf32, #gpu.address_space<workgroup>>) -> f32
    gpu.barrier
    %int_lane = arith.cmpi ult, %tx, %c8 : index
    scf.if %int_lane {
      %v = memref.load %w[%tx] : memref<8xi32, #gpu.address_space<workgroup>>
      memref.store %v, %ints[%tx] : memref<8xi32>
    }
    %float_lane = arith.cmpi ult, %tx, %c2 : index
    scf.if %float_lane {
      %v = memref.load %f[%tx] : memref<2xf32, #gpu.address_space<workgroup>>
      memref.store %v, %floats[%tx] : memref<2xf32>
    }
    gpu.terminator
  }
  %i = memref.cast %ints : memref<8xi32> to memref<*xi32>
  call @printMemrefI32(%i) : (memref<*xi32>) -> ()
  %fl = memref.cast %floats : memref<2xf32> to memref<*xf32>
  call @printMemrefF32(%fl) : (memref<*xf32>) -> ()
  return
}
// CHECK: {{\[}}64, 139, 5, 65535, -256, 256, 77, 2016]
// CHECK: {{\[}}32, 15.75]

func.func @main() {
  call @atomics() : () -> ()
  return
}
