// Every format of gpu-module-to-binary, for an sm_90 kernel.

// RUN: offload-opt %s --gpu-module-to-binary='format=bin toolkit=%cuda_toolkit' -o %t.bin.mlir
// RUN: FileCheck %s --check-prefix=BIN < %t.bin.mlir
// RUN: %python %S/../extract_object.py -o %t.cubin < %t.bin.mlir
// RUN: llvm-readelf -h %t.cubin | FileCheck %s --check-prefix=ELF
// BIN: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, kernels = <[#gpu.kernel_metadata<"scale", !llvm.func<void (ptr, f32)>>]>, bin = "\7FELF
// ELF: Machine: NVIDIA CUDA architecture
// ELF: Flags: {{.*}}, sm_90

// RUN: offload-opt %s --gpu-module-to-binary='format=isa toolkit=%cuda_toolkit' \
// RUN:   | %python %S/../extract_object.py -o /dev/stdout | FileCheck %s --check-prefix=ISA
// ISA: .version 7.8
// ISA: .target sm_90
// ISA: .visible .entry scale(
// ISA: mul.rn.f32

// RUN: offload-opt %s --gpu-module-to-binary='format=fatbin toolkit=%cuda_toolkit' \
// RUN:   | FileCheck %s --check-prefix=FATBIN
// The fatbin magic number 0xBA55ED50, little-endian.
// FATBIN: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, kernels = <{{.*}}>, "P\EDU\BA

// `llvm` is gpu-module-to-binary's name for the offload (bitcode) format.
// RUN: offload-opt %s --gpu-module-to-binary='format=llvm' -o %t.llvm.mlir
// RUN: FileCheck %s --check-prefix=OFFLOAD < %t.llvm.mlir
// RUN: %python %S/../extract_object.py -o %t.bc < %t.llvm.mlir
// RUN: llvm-dis %t.bc -o - | FileCheck %s --check-prefix=BITCODE
// OFFLOAD: #gpu.object<#offload.cuda<chip = "sm_90">, kernels = <{{.*}}>, offload = "BC\C0\DE
// BITCODE: target triple = "nvptx64-nvidia-cuda"
// BITCODE: define ptx_kernel void @scale(

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90">] {
    llvm.func @scale(%p: !llvm.ptr, %x: f32) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr -> f32
      %r = llvm.fmul %v, %x : f32
      llvm.store %r, %p : f32, !llvm.ptr
      llvm.return
    }
  }
}
