// Memory that host and kernels share: a gpu.alloc host_shared buffer and a
// host buffer registered with gpu.host_register, both written by a kernel
// and read by the host without a copy; gpu.memset on device memory, of i32
// and f32 values.

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %shared = gpu.alloc host_shared () : memref<6xi32>
  %registered = memref.alloc() : memref<6xf32>
  %registered_u = memref.cast %registered : memref<6xf32> to memref<*xf32>
  gpu.host_register %registered_u : memref<*xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c6, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %square = arith.muli %t, %t : i32
    memref.store %square, %shared[%tx] : memref<6xi32>
    %tf = arith.sitofp %t : i32 to f32
    %half = arith.constant 0.5 : f32
    %f = arith.mulf %tf, %half : f32
    memref.store %f, %registered[%tx] : memref<6xf32>
    gpu.terminator
  }
  %shared_u = memref.cast %shared : memref<6xi32> to memref<*xi32>
  // CHECK: [0, 1, 4, 9, 16, 25]
  call @printMemrefI32(%shared_u) : (memref<*xi32>) -> ()
  // CHECK: [0, 0.5, 1, 1.5, 2, 2.5]
  call @printMemrefF32(%registered_u) : (memref<*xf32>) -> ()
  gpu.host_unregister %registered_u : memref<*xf32>

  // memset fills device memory; a kernel adds each element's index.
  %ints = gpu.alloc () : memref<6xi32>
  %floats = gpu.alloc () : memref<6xf32>
  %seven = arith.constant 7 : i32
  %quarter = arith.constant 0.25 : f32
  gpu.memset %ints, %seven : memref<6xi32>, i32
  gpu.memset %floats, %quarter : memref<6xf32>, f32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c6, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %x = memref.load %ints[%tx] : memref<6xi32>
    %y = arith.addi %x, %t : i32
    memref.store %y, %ints[%tx] : memref<6xi32>
    %tf = arith.sitofp %t : i32 to f32
    %f = memref.load %floats[%tx] : memref<6xf32>
    %g = arith.addf %f, %tf : f32
    memref.store %g, %floats[%tx] : memref<6xf32>
    gpu.terminator
  }
  %ints_host = memref.alloc() : memref<6xi32>
  %floats_host = memref.alloc() : memref<6xf32>
  gpu.memcpy %ints_host, %ints : memref<6xi32>, memref<6xi32>
  gpu.memcpy %floats_host, %floats : memref<6xf32>, memref<6xf32>
  %ints_u = memref.cast %ints_host : memref<6xi32> to memref<*xi32>
  %floats_u = memref.cast %floats_host : memref<6xf32> to memref<*xf32>
  // CHECK: [7, 8, 9, 10, 11, 12]
  call @printMemrefI32(%ints_u) : (memref<*xi32>) -> ()
  // CHECK: [0.25, 1.25, 2.25, 3.25, 4.25, 5.25]
  call @printMemrefF32(%floats_u) : (memref<*xf32>) -> ()

  gpu.dealloc %ints : memref<6xi32>
  gpu.dealloc %floats : memref<6xf32>
  gpu.dealloc %shared : memref<6xi32>
  memref.dealloc %registered : memref<6xf32>
  memref.dealloc %ints_host : memref<6xi32>
  memref.dealloc %floats_host : memref<6xf32>
  return
}
