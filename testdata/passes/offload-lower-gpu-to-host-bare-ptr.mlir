// offload-lower-gpu-to-host{kernel-bare-ptr} passes each memref as the
// pointer to its first element: a kernel argument whose sizes, strides or
// offset the kernel needs is one error at the kernel (it was an internal
// error of the conversion to the LLVM dialect).
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host{kernel-bare-ptr}))'

gpu.module @dynamic [#offload.host] {
  // expected-error @below {{kernel @k takes 'memref<?xf32>' (argument 0), which kernel-bare-ptr cannot pass as a bare pointer: it passes memrefs of static shape and the identity layout only}}
  gpu.func @k(%out: memref<?xf32>, %x: f32) kernel {
    %t = gpu.thread_id x
    memref.store %x, %out[%t] : memref<?xf32>
    gpu.return
  }
}

// -----

gpu.module @strided [#offload.host] {
  // expected-error @below {{kernel @k takes 'memref<4xf32, strided<[2]>>' (argument 1), which kernel-bare-ptr cannot pass as a bare pointer}}
  gpu.func @k(%x: f32, %out: memref<4xf32, strided<[2]>>) kernel {
    %t = gpu.thread_id x
    memref.store %x, %out[%t] : memref<4xf32, strided<[2]>>
    gpu.return
  }
}

// -----

gpu.module @unranked [#offload.host] {
  // expected-error @below {{kernel @k takes 'memref<*xf32>' (argument 0), which kernel-bare-ptr cannot pass as a bare pointer}}
  gpu.func @k(%out: memref<*xf32>) kernel {
    gpu.return
  }
}
