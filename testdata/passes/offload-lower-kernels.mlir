// offload-lower-kernels: each gpu.module with its targets' lowering: the
// host's (offload-lower-gpu-to-host) for #offload.host, NVVM's for GPU
// targets (or none), with redux.sync kept where every target is sm_80 or
// later (#offload.cuda or #nvvm.target). A module that lists both kinds is
// an error at it: offload-split-by-lowering separates them first.
// pipelines/printf-promotion.mlir checks gpu.printf's arguments for vprintf.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-lower-kernels | FileCheck %s
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-lower-kernels='index-bitwidth=32 kernel-bare-ptr' \
// RUN:   | FileCheck %s --check-prefix=BARE

module attributes {gpu.container_module} {
  // expected-error @below {{gpu.module @both lists #offload.cuda<chip = "sm_90"> and #offload.host, whose kernels need different lowerings (offload-lower-gpu-to-nvvm, offload-lower-gpu-to-host): run offload-split-by-lowering first}}
  gpu.module @both [#offload.cuda<chip = "sm_90">, #offload.host] {
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// CHECK-LABEL: gpu.module @cpu [#offload.host]
// CHECK: llvm.func internal @k(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i32) attributes {gpu.kernel}
// CHECK-NOT: nvvm
// CHECK: llvm.mlir.global external constant @__mgpu_host_kernel.k()
// BARE-LABEL: gpu.module @cpu [#offload.host]
// BARE: llvm.func internal @k(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i32) attributes {gpu.kernel}
// BARE: llvm.mlir.global internal constant @__mgpu_host_param_sizes.k(dense<[8, 4]> : tensor<2xi32>)

// A GPU module: an NVVM kernel, subgroup operations expanded, redux.sync
// where every chip has it.
// CHECK-LABEL: gpu.module @sm80 [#offload.cuda<chip = "sm_80">]
// CHECK: llvm.func @k(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i64, %{{[^:]*}}: i32) attributes {gpu.kernel, nvvm.kernel}
// CHECK: nvvm.redux.sync add
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return
// BARE-LABEL: gpu.module @sm80
// BARE: llvm.func @k(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i32) attributes {gpu.kernel, nvvm.kernel}

// sm_75 has no redux.sync: a tree of indexed shuffles among the active
// lanes (five steps, then the result from the lowest) for every chip of the
// module.
// CHECK-LABEL: gpu.module @sm75_and_sm90
// CHECK-NOT: nvvm.redux.sync
// CHECK-COUNT-6: nvvm.shfl.sync idx
// CHECK-NOT: nvvm.redux.sync
// CHECK: llvm.return

// Upstream's target counts too.
// CHECK-LABEL: gpu.module @nvvm90 [#nvvm.target<chip = "sm_90">]
// CHECK: nvvm.redux.sync add
// CHECK-NOT: nvvm.shfl.sync
// CHECK: llvm.return

// No target: NVVM, without redux.sync.
// CHECK-LABEL: gpu.module @untargeted {
// CHECK: llvm.func @k({{.*}}) attributes {gpu.kernel, nvvm.kernel}
// CHECK-NOT: nvvm.redux.sync
// CHECK-COUNT-6: nvvm.shfl.sync idx
// CHECK-NOT: gpu.
// CHECK: llvm.return
module attributes {gpu.container_module} {
  gpu.module @cpu [#offload.host] {
    gpu.func @k(%out: memref<4xi32>, %v: i32) kernel {
      %c0 = arith.constant 0 : index
      %s = gpu.subgroup_reduce add %v uniform : (i32) -> i32
      memref.store %s, %out[%c0] : memref<4xi32>
      gpu.return
    }
  }
  gpu.module @sm80 [#offload.cuda<chip = "sm_80">] {
    gpu.func @k(%out: memref<4xi32>, %v: i32) kernel {
      %c0 = arith.constant 0 : index
      %s = gpu.subgroup_reduce add %v uniform : (i32) -> i32
      memref.store %s, %out[%c0] : memref<4xi32>
      gpu.return
    }
  }
  gpu.module @sm75_and_sm90 [#offload.cuda<chip = "sm_75">, #offload.cuda<chip = "sm_90">] {
    gpu.func @k(%out: memref<4xi32>, %v: i32) kernel {
      %c0 = arith.constant 0 : index
      %s = gpu.subgroup_reduce add %v uniform : (i32) -> i32
      memref.store %s, %out[%c0] : memref<4xi32>
      gpu.return
    }
  }
  gpu.module @nvvm90 [#nvvm.target<chip = "sm_90">] {
    gpu.func @k(%out: memref<4xi32>, %v: i32) kernel {
      %c0 = arith.constant 0 : index
      %s = gpu.subgroup_reduce add %v uniform : (i32) -> i32
      memref.store %s, %out[%c0] : memref<4xi32>
      gpu.return
    }
  }
  gpu.module @untargeted {
    gpu.func @k(%out: memref<4xi32>, %v: i32) kernel {
      %c0 = arith.constant 0 : index
      %s = gpu.subgroup_reduce add %v uniform : (i32) -> i32
      memref.store %s, %out[%c0] : memref<4xi32>
      gpu.return
    }
  }
}

// -----

// index is index-bitwidth wide in NVVM kernels; on the host it is 64 bits.
// CHECK-LABEL: gpu.module @index_gpu
// CHECK: llvm.func @k(%{{[^:]*}}: i64)
// BARE-LABEL: gpu.module @index_gpu
// BARE: llvm.func @k(%{{[^:]*}}: i32)
// CHECK-LABEL: gpu.module @index_host
// CHECK: llvm.func internal @k(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i64)
// BARE-LABEL: gpu.module @index_host
// BARE: llvm.func internal @k(%{{[^:]*}}: !llvm.ptr, %{{[^:]*}}: i64)
module attributes {gpu.container_module} {
  gpu.module @index_gpu [#offload.cuda<chip = "sm_90">] {
    gpu.func @k(%i: index) kernel {
      gpu.return
    }
  }
  gpu.module @index_host [#offload.host] {
    gpu.func @k(%i: index) kernel {
      gpu.return
    }
  }
}
