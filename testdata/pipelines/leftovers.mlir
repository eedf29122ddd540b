// Whatever the pipelines cannot lower, in host code or in a kernel, is one
// error at the operation, and exit code 1: never an output that a serializer
// or the translation rejects.

// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-lower-to-cuda="chips=sm_80" 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=error:

// CHECK: :[[# @LINE + 4]]:3: error: 'linalg.fill' is left unlowered, and the translation to LLVM IR cannot take it (nor 2 more operations left)

func.func @main(%out: memref<16xf32>) {
  %zero = arith.constant 0.0 : f32
  linalg.fill ins(%zero : f32) outs(%out : memref<16xf32>)
  return
}

// -----

// A 2-D vector.load, which convert-vector-to-llvm leaves to unrolling.
// CHECK: :[[# @LINE + 7]]:12: error: 'vector.load' is left unlowered in gpu.module @kernels, and the translation to LLVM IR cannot take it (nor 4 more operations left)

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @load(%a: memref<32x4x2xf16>) kernel {
      %c0 = arith.constant 0 : index
      %tx = gpu.thread_id x
      %A = vector.load %a[%tx, %c0, %c0] : memref<32x4x2xf16>, vector<4x2xf16>
      vector.store %A, %a[%tx, %c0, %c0] : memref<32x4x2xf16>, vector<4x2xf16>
      gpu.return
    }
  }
}
