// Math in a host kernel's thread loop vectorizes through glibc's libmvec,
// in the widest variant the CPU runs: SSE2's (b) on any x86-64 CPU, AVX's
// (c) where it has no AVX2, AVX2's (d); AVX-512's is left out (LLVM would
// pass its 512-bit vectors as two 256-bit halves on CPUs that prefer them).
// The tail of each loop calls the scalar functions. expm1 and log1p stay
// C library calls (LLVM's exp(x) - 1 and log(1 + x) lose a small x). An
// AArch64 object has no vector math library: its calls stay scalar.
// testdata/vector-math/vector_math_test.cc checks the results.
//
// RUN: offload-opt %s --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=x86-64' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s --check-prefix=SSE2
// RUN: offload-opt %s --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=sandybridge' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s --check-prefix=AVX
// RUN: offload-opt %s --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=x86-64-v3' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s --check-prefix=AVX2
// RUN: offload-opt %s --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=x86-64-v4' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s --check-prefix=AVX2
// RUN: offload-opt %s --offload-attach-host-target='triple=aarch64-unknown-linux-gnu cpu=neoverse-v2' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s --check-prefix=AARCH64

// SSE2: callq\09_ZGVbN4v_expf@PLT\0A\09callq\09_ZGVbN4v_tanhf@PLT
// SSE2-NOT: _ZGVc
// SSE2-NOT: _ZGVd
// SSE2: callq\09expf@PLT\0A\09callq\09tanhf@PLT
// SSE2: __mgpu_host_run.doubles:
// SSE2: callq\09_ZGVbN2v_log1p@PLT
// SSE2: callq\09_ZGVbN2v_cos@PLT
// SSE2-NOT: _ZGVc
// SSE2-NOT: _ZGVd

// AVX: callq\09_ZGVcN8v_expf@PLT\0A\09callq\09_ZGVcN8v_tanhf@PLT
// AVX: __mgpu_host_run.doubles:
// AVX: callq\09_ZGVcN4v_log1p@PLT
// AVX: callq\09_ZGVcN4v_cos@PLT

// AVX2: callq\09_ZGVdN8v_expf@PLT\0A\09callq\09_ZGVdN8v_tanhf@PLT
// AVX2-NOT: _ZGVe
// AVX2: __mgpu_host_run.doubles:
// AVX2: callq\09_ZGVdN4v_log1p@PLT
// AVX2: callq\09_ZGVdN4v_cos@PLT
// AVX2-NOT: _ZGVe

// AARCH64-NOT: _ZGV
// AARCH64: bl\09expf\0A\09bl\09tanhf
// AARCH64: bl\09log1p
// AARCH64-NOT: _ZGV

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @floats(%x: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %a = memref.load %x[%i] : memref<?xf32>
      %b = math.exp %a : f32
      %c = math.tanh %b : f32
      memref.store %c, %x[%i] : memref<?xf32>
      gpu.return
    }
    gpu.func @doubles(%y: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %d = memref.load %y[%i] : memref<?xf64>
      %e = math.log1p %d : f64
      %f = math.cos %e : f64
      memref.store %f, %y[%i] : memref<?xf64>
      gpu.return
    }
  }
}
