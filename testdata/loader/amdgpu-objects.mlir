// AMD code objects in a gpu.binary's table of objects: MGPU_OBJECT_AMDGPU
// (6), their chip's EF_AMDGPU_MACH (0x3f gfx90a, 0x4c gfx942) and their
// xnack and sramecc settings as their own ELF flags have them (0x500: both
// left open; 0xe00: sramecc on, xnack off), beside the host object.
//
// RUN: env OFFLOAD_CACHE=off offload-opt %s \
// RUN:   --offload-lower-to-gpu="targets=gfx90a,gfx942:sramecc+:xnack-,host" \
// RUN: | offload-translate --mlir-to-llvmir | FileCheck %s
//
// An object whose ELF flags are not what its target says (here: made for
// gfx90a with xnack open, then claimed for gfx90a:xnack+) is refused, since
// the runtime would choose it by those flags.
// RUN: env OFFLOAD_CACHE=off offload-opt %s --offload-lower-to-rocm="chips=gfx90a" \
// RUN: | sed 's/#offload.rocm<chip = "gfx90a">/#offload.rocm<chip = "gfx90a:xnack+">/' \
// RUN: | %expect_exit 1 offload-translate --mlir-to-llvmir 2>&1 | FileCheck %s --check-prefix=MISMATCH
// MISMATCH: error: object 0 of gpu.binary @kernels targets gfx90a:xnack+, but holds code for gfx90a

// An object that upstream's #rocdl.target made is embedded by its chip alone,
// whatever flags it has that our pipelines do not take (unsafe_sqrt).
// RUN: env OFFLOAD_CACHE=off offload-opt %s --offload-lower-to-rocm="chips=gfx90a" \
// RUN: | sed 's/#offload.rocm<chip = "gfx90a">/#rocdl.target<chip = "gfx90a", flags = {unsafe_sqrt}>/' \
// RUN: | offload-translate --mlir-to-llvmir | FileCheck %s --check-prefix=UPSTREAM
// UPSTREAM: @__offload.7kernels.objects = internal constant [1 x { ptr, i64, i32, i32, i32, i32 }]
// UPSTREAM-SAME: { ptr @__offload.7kernels.object.0, i64 {{[0-9]+}}, i32 6, i32 63, i32 {{[0-9]+}}, i32 0 }

// CHECK: @__offload.7kernels.objects = internal constant [3 x { ptr, i64, i32, i32, i32, i32 }]
// CHECK-SAME: { ptr @__offload.7kernels.object.0, i64 {{[0-9]+}}, i32 6, i32 63, i32 1280, i32 0 }
// CHECK-SAME: { ptr @__offload.7kernels.object.1, i64 {{[0-9]+}}, i32 6, i32 76, i32 3584, i32 0 }
// CHECK-SAME: { ptr @__offload.7kernels.object.2, i64 {{[0-9]+}}, i32 4, i32 62, i32 0, i32 0 }

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @double(%data: memref<64xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %data[%i] : memref<64xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %data[%i] : memref<64xf32>
      gpu.return
    }
  }
  func.func @run(%data: memref<64xf32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @kernels::@double blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%data : memref<64xf32>)
    return
  }
}
