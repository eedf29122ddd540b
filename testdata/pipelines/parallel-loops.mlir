// offload-lower-loops-to-cuda: an scf.parallel in a func.func becomes a
// kernel, launched over ceil(n / 128) blocks of 128 threads.

// RUN: offload-opt %s --offload-lower-loops-to-cuda="chips=sm_90 format=bin toolkit=%cuda_toolkit" | FileCheck %s
// RUN: offload-opt %s --offload-lower-loops-to-cuda="chips=sm_90 format=isa tile-sizes=256 toolkit=%cuda_toolkit" \
// RUN:   | FileCheck %s --check-prefix=TILE
// RUN: offload-opt %s --offload-lower-loops-to-cuda="chips=sm_90 toolkit=%cuda_toolkit" \
// RUN:   | offload-translate --mlir-to-llvmir | llc -filetype=obj -o %t.o

// CHECK: module attributes {gpu.container_module}
// CHECK: llvm.func @saxpy(
// CHECK: %[[THREADS:.*]] = llvm.mlir.constant(128 : index) : i64
// CHECK: llvm.select
// CHECK: %[[BLOCKS:.*]] = llvm.select
// CHECK-NEXT: gpu.launch_func @saxpy_kernel::@saxpy_kernel blocks in (%[[BLOCKS]], %{{.*}}, %{{.*}}) threads in (%[[THREADS]], %{{.*}}, %{{.*}})
// CHECK: gpu.binary @saxpy_kernel <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, kernels = <[#gpu.kernel_metadata<"saxpy_kernel"

// TILE: llvm.mlir.constant(256 : index)
// TILE: .maxntid 256, 1, 1

func.func @saxpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %xv = memref.load %x[%i] : memref<?xf32>
    %yv = memref.load %y[%i] : memref<?xf32>
    %p = arith.mulf %a, %xv : f32
    %s = arith.addf %p, %yv : f32
    memref.store %s, %y[%i] : memref<?xf32>
  }
  return
}
