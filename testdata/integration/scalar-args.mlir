// Kernel arguments of every scalar type, each with a value that its
// neighbours' bytes would spoil if a parameter were read at the wrong place
// or width; the kernel widens them into i64 and f64 outputs.
//
// UNSUPPORTED-TARGET: vulkan: an i1 kernel parameter has no place in the Vulkan kernel ABI; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: kernel parameter #0 of type 'i1' has no place in the Vulkan kernel ABI

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @widen(%b: i1, %c: i8, %s: i16, %i: i32, %l: i64, %x: index,
                    %h: f16, %bh: bf16, %f: f32, %d: f64,
                    %ints: memref<6xi64>, %floats: memref<4xf64>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %b64 = arith.extui %b : i1 to i64
      %c64 = arith.extsi %c : i8 to i64
      %s64 = arith.extsi %s : i16 to i64
      %i64 = arith.extsi %i : i32 to i64
      %x64 = arith.index_cast %x : index to i64
      memref.store %b64, %ints[%c0] : memref<6xi64>
      memref.store %c64, %ints[%c1] : memref<6xi64>
      memref.store %s64, %ints[%c2] : memref<6xi64>
      memref.store %i64, %ints[%c3] : memref<6xi64>
      memref.store %l, %ints[%c4] : memref<6xi64>
      memref.store %x64, %ints[%c5] : memref<6xi64>
      %h64 = arith.extf %h : f16 to f64
      %bh64 = arith.extf %bh : bf16 to f64
      %f64 = arith.extf %f : f32 to f64
      memref.store %h64, %floats[%c0] : memref<4xf64>
      memref.store %bh64, %floats[%c1] : memref<4xf64>
      memref.store %f64, %floats[%c2] : memref<4xf64>
      memref.store %d, %floats[%c3] : memref<4xf64>
      gpu.return
    }
  }

  func.func private @printMemrefI64(memref<*xi64>)
  func.func private @printMemrefF64(memref<*xf64>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %ints = gpu.alloc host_shared () : memref<6xi64>
    %floats = gpu.alloc host_shared () : memref<4xf64>
    %b = arith.constant true
    %c = arith.constant -100 : i8
    %s = arith.constant -30000 : i16
    %i = arith.constant -2000000000 : i32
    %l = arith.constant -9000000000000000000 : i64
    %x = arith.constant 123456789012 : index
    %h = arith.constant -1.5 : f16
    %bh = arith.constant 3.0e+20 : bf16
    %f = arith.constant 0.1 : f32
    %d = arith.constant -1.0e+300 : f64
    gpu.launch_func @kernels::@widen blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%b : i1, %c : i8, %s : i16, %i : i32, %l : i64, %x : index,
             %h : f16, %bh : bf16, %f : f32, %d : f64,
             %ints : memref<6xi64>, %floats : memref<4xf64>)
    %ints_u = memref.cast %ints : memref<6xi64> to memref<*xi64>
    %floats_u = memref.cast %floats : memref<4xf64> to memref<*xf64>
    // CHECK: [1, -100, -30000, -2000000000, -9000000000000000000, 123456789012]
    call @printMemrefI64(%ints_u) : (memref<*xi64>) -> ()
    // bf16 keeps 8 bits of 3e20; f32 keeps 24 bits of 0.1.
    // CHECK: [-1.5, 2.99{{[0-9]+}}e+20, 0.1, -1e+300]
    call @printMemrefF64(%floats_u) : (memref<*xf64>) -> ()
    gpu.dealloc %ints : memref<6xi64>
    gpu.dealloc %floats : memref<4xf64>
    return
  }
}
