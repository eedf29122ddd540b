// What a Vulkan launch refuses of a memref of plain host memory, in one line
// each, before the kernel runs: a descriptor whose size is negative, one whose
// elements lie outside the address space, one whose elements lie in no
// memory the process has (its pages cannot be imported), and one whose
// elements start in registered memory and run past it. Parameters are
// counted as the kernel declares them.
//
// UNSUPPORTED-TARGET: host: a kernel on the host's cores writes where the memref points, as any CPU code does; these descriptors would fault or corrupt memory
// UNSUPPORTED-TARGET: vulkan: its RUN lines check the refusals
// RUN: offload-opt %s --offload-lower-to-vulkan -o %t.mlir
// RUN: env MGPU_DEVICE=vulkan %expect_exit 1 %offload_runner -e negative_size %t.mlir 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// RUN: env MGPU_DEVICE=vulkan %expect_exit 1 %offload_runner -e outside %t.mlir 2>&1 | FileCheck %s --check-prefix=OUTSIDE
// RUN: env MGPU_DEVICE=vulkan %expect_exit 1 %offload_runner -e unmapped %t.mlir 2>&1 | FileCheck %s --check-prefix=UNMAPPED
// RUN: env MGPU_DEVICE=vulkan %expect_exit 1 %offload_runner -e partly_registered %t.mlir 2>&1 | FileCheck %s --check-prefix=PARTLY

// NEGATIVE: mgpuLaunchKernel: parameter 0 of kernel 'negative_size_kernel' is a memref whose size in dimension 0 is -1
// NEGATIVE-NOT: mgpu:
// OUTSIDE: mgpuLaunchKernel: parameter 0 of kernel 'outside_kernel' is a memref at 0x{{[0-9a-f]+}} whose offset, sizes and strides place elements outside the address space
// OUTSIDE-NOT: mgpu:
// UNMAPPED: mgpuLaunchKernel: parameter 0 of kernel 'unmapped_kernel' is a memref whose 4 bytes at 0x{{[0-9a-f]+}} are not all mapped memory
// UNMAPPED-NOT: mgpu:
// PARTLY: mgpuLaunchKernel: parameter 0 of kernel 'partly_registered_kernel': the memref's elements of 16384 bytes at 0x{{[0-9a-f]+}} runs past the end of its registration, 1024 bytes from there
// PARTLY-NOT: mgpu:

// A value the compiler does not see: the verifier refuses a constant
// negative size, and folding would make the views' layouts static.
func.func private @through_memory(%value: index) -> index {
  %cell = memref.alloca() : memref<index>
  memref.store %value, %cell[] : memref<index>
  %read = memref.load %cell[] : memref<index>
  return %read : index
}

func.func @negative_size() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %minus1 = arith.constant -1 : index
  %cm1 = call @through_memory(%minus1) : (index) -> index
  %a = memref.alloc() : memref<4xi32>
  %view = memref.reinterpret_cast %a to offset: [%c0], sizes: [%cm1], strides: [%c1]
      : memref<4xi32> to memref<?xi32, strided<[?], offset: ?>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = arith.constant 1 : i32
    memref.store %v, %view[%c0] : memref<?xi32, strided<[?], offset: ?>>
    gpu.terminator
  }
  return
}

// Element 2^62 of 4 bytes: 2^64 bytes past the array.
func.func @outside() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %element = arith.constant 4611686018427387904 : index
  %far = call @through_memory(%element) : (index) -> index
  %a = memref.alloc() : memref<4xi32>
  %view = memref.reinterpret_cast %a to offset: [%far], sizes: [%c1], strides: [%c1]
      : memref<4xi32> to memref<?xi32, strided<[?], offset: ?>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = arith.constant 1 : i32
    memref.store %v, %view[%c0] : memref<?xi32, strided<[?], offset: ?>>
    gpu.terminator
  }
  return
}

// Element 2^40 of 4 bytes: 4 TiB past the array, where nothing is mapped.
func.func @unmapped() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %element = arith.constant 1099511627776 : index
  %far = call @through_memory(%element) : (index) -> index
  %a = memref.alloc() : memref<4xi32>
  %view = memref.reinterpret_cast %a to offset: [%far], sizes: [%c1], strides: [%c1]
      : memref<4xi32> to memref<?xi32, strided<[?], offset: ?>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %v = arith.constant 1 : i32
    memref.store %v, %view[%c0] : memref<?xi32, strided<[?], offset: ?>>
    gpu.terminator
  }
  return
}

// The first 256 of 4096 elements registered, all written.
func.func @partly_registered() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4096 = arith.constant 4096 : index
  %a = memref.alloc() : memref<4096xi32>
  %head = memref.subview %a[0] [256] [1] : memref<4096xi32> to memref<256xi32, strided<[1]>>
  %headu = memref.cast %head : memref<256xi32, strided<[1]>> to memref<*xi32>
  gpu.host_register %headu : memref<*xi32>
  %value = arith.constant 7 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    scf.for %i = %c0 to %c4096 step %c1 {
      memref.store %value, %a[%i] : memref<4096xi32>
    }
    gpu.terminator
  }
  return
}
