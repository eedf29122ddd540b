// An iterative solver's launch loop: a !gpu.async.token carried through
// scf.for. Upstream's gpu-lower-to-nvvm-pipeline fails on it; with
// gpu-to-llvm alone, the gpu.wait after the loop would synchronize and
// destroy the loop's stream as an event. offload-lower-to-cuda keeps the
// stream through the loop and waits on it as a stream.
// A plugin built with ASan cannot load into the stock mlir-opt.
// UNSUPPORTED: asan

// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=bin toolkit=%cuda_toolkit" | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=bin toolkit=%cuda_toolkit" \
// RUN:   | offload-translate --mlir-to-llvmir | llc -filetype=obj -o %t.o
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=bin toolkit=%cuda_toolkit" \
// RUN:   | FileCheck %s --check-prefix=NOEVENT
// NOEVENT-NOT: mgpuEvent

// Stock mlir-opt with the plugin runs the same pipeline (#offload.loader's
// trait TypeID is libMLIR's there too).
// RUN: mlir-opt %s --load-dialect-plugin=%plugin --load-pass-plugin=%plugin \
// RUN:   --pass-pipeline="builtin.module(offload-lower-to-cuda{chips=sm_90 format=bin toolkit=%cuda_toolkit})" \
// RUN:   | FileCheck %s

// The baseline: upstream's pipeline fails on this loop.
// RUN: not mlir-opt %s --gpu-lower-to-nvvm-pipeline="cubin-chip=sm_90 cubin-features=+ptx80" 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: error: failed to legalize operation 'scf.for'

// CHECK: gpu.binary @kernels <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">
// CHECK-LABEL: llvm.func @iterate(
// CHECK: %[[STREAM:.*]] = llvm.call @mgpuStreamCreate()
// CHECK: llvm.br ^[[HEAD:.*]](%{{.*}}, %[[STREAM]] : i64, !llvm.ptr)
// CHECK: ^[[HEAD]](%{{.*}}: i64, %[[CARRIED:.*]]: !llvm.ptr):
// CHECK: gpu.launch_func <%[[CARRIED]] : !llvm.ptr> @kernels::@step
// CHECK: gpu.launch_func <%[[CARRIED]] : !llvm.ptr> @kernels::@step
// CHECK: llvm.br ^[[HEAD]](%{{.*}}, %[[CARRIED]] : i64, !llvm.ptr)
// CHECK: llvm.call @mgpuStreamSynchronize(%[[CARRIED]])
// CHECK-NEXT: llvm.call @mgpuStreamDestroy(%[[CARRIED]])
// CHECK-NEXT: llvm.return

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @step(%x: memref<?xf32>, %n: index) kernel {
      %i = gpu.global_id x
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %v = memref.load %x[%i] : memref<?xf32>
        %c = arith.constant 0.5 : f32
        %w = arith.mulf %v, %c : f32
        memref.store %w, %x[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
  func.func @iterate(%x: memref<?xf32>, %iters: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %t0 = gpu.wait async
    %r = scf.for %i = %c0 to %iters step %c1 iter_args(%t = %t0) -> !gpu.async.token {
      %t1 = gpu.launch_func async [%t] @kernels::@step blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%x : memref<?xf32>, %n : index)
      %t2 = gpu.launch_func async [%t1] @kernels::@step blocks in (%c1, %c1, %c1) threads in (%c128, %c1, %c1) args(%x : memref<?xf32>, %n : index)
      scf.yield %t2 : !gpu.async.token
    }
    gpu.wait [%r]
    return
  }
}
