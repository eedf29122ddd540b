// Registered host memory handed to a kernel the way MLIR's ROCm programs do
// it: mgpuMemHostRegisterMemRef, then mgpuMemGetDeviceMemRef1dFloat and
// ...Int32 (upstream's ROCm wrappers; libmgpu.so has them in its ABI table)
// for the memref at the device's address, which the kernel writes through.
// Thread x writes 2x + 0.5 and x * x; the host reads its own memrefs.
//
// The entry points return the memref by value, which matches MLIR's
// lowering on x86-64 hosts only (docs/runtime.md).
// REQUIRES: x86_64
// CHECK: [0.5,  2.5,  4.5,  6.5,  8.5,  10.5,  12.5,  14.5]
// CHECK: [0,  1,  4,  9,  16,  25,  36,  49]

func.func private @mgpuMemGetDeviceMemRef1dFloat(memref<?xf32>) -> memref<?xf32>
func.func private @mgpuMemGetDeviceMemRef1dInt32(memref<?xi32>) -> memref<?xi32>
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %floats = memref.alloc() : memref<8xf32>
  %ints = memref.alloc() : memref<8xi32>
  %f = memref.cast %floats : memref<8xf32> to memref<?xf32>
  %i = memref.cast %ints : memref<8xi32> to memref<?xi32>
  %fu = memref.cast %floats : memref<8xf32> to memref<*xf32>
  %iu = memref.cast %ints : memref<8xi32> to memref<*xi32>
  gpu.host_register %fu : memref<*xf32>
  gpu.host_register %iu : memref<*xi32>
  %fd = call @mgpuMemGetDeviceMemRef1dFloat(%f) : (memref<?xf32>) -> memref<?xf32>
  %id = call @mgpuMemGetDeviceMemRef1dInt32(%i) : (memref<?xi32>) -> memref<?xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %x = arith.index_cast %tx : index to i32
    %xf = arith.sitofp %x : i32 to f32
    %two = arith.constant 2.0 : f32
    %half = arith.constant 0.5 : f32
    %twice = arith.mulf %xf, %two : f32
    %v = arith.addf %twice, %half : f32
    memref.store %v, %fd[%tx] : memref<?xf32>
    %sq = arith.muli %x, %x : i32
    memref.store %sq, %id[%tx] : memref<?xi32>
    gpu.terminator
  }
  call @printMemrefF32(%fu) : (memref<*xf32>) -> ()
  call @printMemrefI32(%iu) : (memref<*xi32>) -> ()
  gpu.host_unregister %fu : memref<*xf32>
  gpu.host_unregister %iu : memref<*xi32>
  memref.dealloc %floats : memref<8xf32>
  memref.dealloc %ints : memref<8xi32>
  return
}
