// arith.maximumf and minimumf in a host kernel: exact, each lane's NaN and
// signed zero handled (compares and blends around maxps); with
// fastmath<nnan,nsz>, which says neither occurs, one vmaxps or vminps.
//
// RUN: offload-opt %s --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=x86-64-v3' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s

// CHECK: __mgpu_host_run.exact:
// CHECK: vcmpunordps
// CHECK: vblendvps
// CHECK: .Lfunc_end
// CHECK: __mgpu_host_run.fast:
// CHECK-NOT: vcmp
// CHECK-NOT: vblendv
// CHECK: vmaxps
// CHECK-NOT: vcmp
// CHECK-NOT: vblendv
// CHECK: vminps
// CHECK-NOT: vcmp
// CHECK-NOT: vblendv
// CHECK: .Lfunc_end

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @exact(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %a = memref.load %x[%i] : memref<?xf32>
      %b = memref.load %y[%i] : memref<?xf32>
      %c = arith.maximumf %a, %b : f32
      memref.store %c, %x[%i] : memref<?xf32>
      gpu.return
    }
    gpu.func @fast(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %a = memref.load %x[%i] : memref<?xf32>
      %b = memref.load %y[%i] : memref<?xf32>
      %c = arith.maximumf %a, %b fastmath<nnan,nsz> : f32
      %d = arith.minimumf %c, %b fastmath<nnan,nsz> : f32
      memref.store %d, %x[%i] : memref<?xf32>
      gpu.return
    }
  }
}
