// Kernels lose their source locations (strip-debuginfo, as upstream's
// pipeline) unless line-info is set; then the PTX has line directives that
// ptxas keeps (-lineinfo), and the host object has a line table.

// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=isa" | FileCheck %s --check-prefix=STRIPPED
// STRIPPED: gpu.binary @main_kernel
// STRIPPED-NOT: .loc\09

// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=isa line-info=true" | FileCheck %s --check-prefix=PTX
// PTX: .loc\091 [[# @LINE + 18]] 
// PTX: .file{{.*}}line-info.mlir

// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=bin line-info=true toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=CUBIN
// CUBIN: #offload.cuda<chip = "sm_90", ptxasOptions = ["-lineinfo"]>
// CUBIN-SAME: .nv_debug_line_sass

// RUN: offload-opt %s --offload-lower-to-host="line-info=true" | FileCheck %s --check-prefix=HOST
// HOST: #offload.host{{.*}}.debug_line

func.func @main() {
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %out = gpu.alloc host_shared () : memref<32xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %f = arith.sitofp %i : i32 to f32
    %g = arith.mulf %f, %f : f32
    memref.store %g, %out[%tx] : memref<32xf32>
    gpu.terminator
  }
  return
}
