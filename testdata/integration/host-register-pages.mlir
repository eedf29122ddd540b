// Host memory registered with gpu.host_register and handed to kernels as it
// is, as MLIR's CUDA programs do: two small arrays that malloc puts in one
// page, and one of 3000 elements that starts and ends inside pages. The
// kernels read what the host wrote and the host reads what they wrote, with
// no copy. One array is unregistered and registered again while the other
// in its page stays registered. Expected values are computed by hand:
// a[i] = (i + 0.5) * 2 + 1, b[i] = 10i + i^2, big[i] = 3i - 1.

func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c30 = arith.constant 30 : index
  %c100 = arith.constant 100 : index
  %c3000 = arith.constant 3000 : index
  %a = memref.alloc() : memref<5xf32>
  %b = memref.alloc() : memref<7xi32>
  %big = memref.alloc() : memref<3000xi32>
  scf.for %i = %c0 to %c5 step %c1 {
    %n = arith.index_cast %i : index to i32
    %f = arith.sitofp %n : i32 to f32
    %half = arith.constant 0.5 : f32
    %v = arith.addf %f, %half : f32
    memref.store %v, %a[%i] : memref<5xf32>
  }
  scf.for %i = %c0 to %c7 step %c1 {
    %n = arith.index_cast %i : index to i32
    %ten = arith.constant 10 : i32
    %v = arith.muli %n, %ten : i32
    memref.store %v, %b[%i] : memref<7xi32>
  }
  scf.for %i = %c0 to %c3000 step %c1 {
    %n = arith.index_cast %i : index to i32
    memref.store %n, %big[%i] : memref<3000xi32>
  }
  %au = memref.cast %a : memref<5xf32> to memref<*xf32>
  %bu = memref.cast %b : memref<7xi32> to memref<*xi32>
  %bigu = memref.cast %big : memref<3000xi32> to memref<*xi32>
  gpu.host_register %au : memref<*xf32>
  gpu.host_register %bu : memref<*xi32>
  gpu.host_register %bigu : memref<*xi32>

  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c7, %sy = %c1, %sz = %c1) {
    %in_a = arith.cmpi ult, %tx, %c5 : index
    scf.if %in_a {
      %x = memref.load %a[%tx] : memref<5xf32>
      %two = arith.constant 2.0 : f32
      %y = arith.mulf %x, %two : f32
      memref.store %y, %a[%tx] : memref<5xf32>
    }
    %x = memref.load %b[%tx] : memref<7xi32>
    %t = arith.index_cast %tx : index to i32
    %sq = arith.muli %t, %t : i32
    %y = arith.addi %x, %sq : i32
    memref.store %y, %b[%tx] : memref<7xi32>
    gpu.terminator
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c30, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c100, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %c100 : index
    %i = arith.addi %base, %tx : index
    %x = memref.load %big[%i] : memref<3000xi32>
    %three = arith.constant 3 : i32
    %one = arith.constant 1 : i32
    %x3 = arith.muli %x, %three : i32
    %y = arith.subi %x3, %one : i32
    memref.store %y, %big[%i] : memref<3000xi32>
    gpu.terminator
  }
  // CHECK: [1,  3,  5,  7,  9]
  call @printMemrefF32(%au) : (memref<*xf32>) -> ()
  // CHECK: [0,  11,  24,  39,  56,  75,  96]
  call @printMemrefI32(%bu) : (memref<*xi32>) -> ()
  %head = memref.subview %big[0] [4] [1]
      : memref<3000xi32> to memref<4xi32, strided<[1]>>
  %tail = memref.subview %big[2990] [10] [1]
      : memref<3000xi32> to memref<10xi32, strided<[1], offset: 2990>>
  %headu = memref.cast %head : memref<4xi32, strided<[1]>> to memref<*xi32>
  %tailu = memref.cast %tail
      : memref<10xi32, strided<[1], offset: 2990>> to memref<*xi32>
  // CHECK: [-1,  2,  5,  8]
  call @printMemrefI32(%headu) : (memref<*xi32>) -> ()
  // CHECK: [8969,  8972,  8975,  8978,  8981,  8984,  8987,  8990,  8993,  8996]
  call @printMemrefI32(%tailu) : (memref<*xi32>) -> ()

  // %a again, while %b, in the same page, stays registered.
  gpu.host_unregister %au : memref<*xf32>
  gpu.host_register %au : memref<*xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c5, %sy = %c1, %sz = %c1) {
    %x = memref.load %a[%tx] : memref<5xf32>
    %one = arith.constant 1.0 : f32
    %y = arith.addf %x, %one : f32
    memref.store %y, %a[%tx] : memref<5xf32>
    gpu.terminator
  }
  // CHECK: [2,  4,  6,  8,  10]
  call @printMemrefF32(%au) : (memref<*xf32>) -> ()

  gpu.host_unregister %au : memref<*xf32>
  gpu.host_unregister %bu : memref<*xi32>
  gpu.host_unregister %bigu : memref<*xi32>
  memref.dealloc %a : memref<5xf32>
  memref.dealloc %b : memref<7xi32>
  memref.dealloc %big : memref<3000xi32>
  return
}
