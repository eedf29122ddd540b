// #offload.rocm's formats: AMDGPU assembly (`isa`), HSA code objects (`bin`,
// `fatbin`: an EM_AMDGPU shared object linked by ld.lld, with the chip's
// e_flags and no undefined symbol) and bitcode (`llvm`), for gfx9 chips
// (waves of 64), gfx11 (32, or 64 with wave64) and a target ID that fixes
// xnack. ocml and ockl come from the device libraries found on this machine.

// RUN: offload-opt %s --gpu-module-to-binary='format=isa' -o %t.isa.mlir
// RUN: %python %S/../extract_object.py --index 0 -o %t.gfx90a.s < %t.isa.mlir
// RUN: FileCheck %s --check-prefix=ISA-GFX90A < %t.gfx90a.s
// ISA-GFX90A: .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
// ISA-GFX90A: exp:
// ISA-GFX90A-NOT: __ocml
// ISA-GFX90A: v_exp_f32
// ISA-GFX90A-NOT: __ocml
// ISA-GFX90A: .amdhsa_kernel exp
// RUN: %python %S/../extract_object.py --index 2 -o /dev/stdout < %t.isa.mlir | FileCheck %s --check-prefix=ISA-GFX1100
// ISA-GFX1100: .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
// ISA-GFX1100: .amdhsa_wavefront_size32 1
// RUN: %python %S/../extract_object.py --index 3 -o /dev/stdout < %t.isa.mlir | FileCheck %s --check-prefix=ISA-XNACK
// ISA-XNACK: .amdgcn_target "amdgcn-amd-amdhsa--gfx90a:xnack-"
// RUN: %python %S/../extract_object.py --index 4 -o /dev/stdout < %t.isa.mlir | FileCheck %s --check-prefix=ISA-WAVE64
// ISA-WAVE64: .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
// ISA-WAVE64: .amdhsa_wavefront_size32 0
// printf's arguments go to the host through the hostcall buffer.
// RUN: %python %S/../extract_object.py --index 5 -o /dev/stdout < %t.isa.mlir | FileCheck %s --check-prefix=ISA-PRINTF
// ISA-PRINTF: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// ISA-PRINTF: .value_kind: hidden_hostcall_buffer
// ISA-PRINTF: .name: hello

// RUN: offload-opt %s --gpu-module-to-binary='format=bin' -o %t.bin.mlir
// RUN: FileCheck %s --check-prefix=BIN < %t.bin.mlir
// BIN: gpu.binary @math [#gpu.object<#offload.rocm<chip = "gfx90a">, kernels = <[#gpu.kernel_metadata<"exp", !llvm.func<void (ptr)>>]>, bin = "\7FELF
// RUN: %python %S/../extract_object.py --index 0 -o %t.gfx90a.hsaco < %t.bin.mlir
// RUN: %python %S/../extract_object.py --index 1 -o %t.gfx942.hsaco < %t.bin.mlir
// RUN: %python %S/../extract_object.py --index 2 -o %t.gfx1100.hsaco < %t.bin.mlir
// RUN: %python %S/../extract_object.py --index 3 -o %t.xnack.hsaco < %t.bin.mlir
// RUN: %python %S/../extract_object.py --index 5 -o %t.printf.hsaco < %t.bin.mlir
// RUN: llvm-readelf -h --dyn-syms %t.gfx90a.hsaco | FileCheck %s --check-prefixes=ELF,GFX90A
// RUN: llvm-readelf -h --dyn-syms %t.gfx942.hsaco | FileCheck %s --check-prefixes=ELF,GFX942
// RUN: llvm-readelf -h --dyn-syms %t.gfx1100.hsaco | FileCheck %s --check-prefixes=ELF,GFX1100
// RUN: llvm-readelf -h --dyn-syms %t.xnack.hsaco | FileCheck %s --check-prefixes=ELF,XNACK
// RUN: llvm-readelf -h --dyn-syms %t.printf.hsaco | FileCheck %s --check-prefixes=ELF,GFX942
// ELF: Type: DYN (Shared object file)
// ELF: Machine: EM_AMDGPU
// A target ID that leaves xnack and sramecc out runs either way (any).
// GFX90A: Flags: 0x53f, gfx90a, xnack, sramecc{{$}}
// GFX942: Flags: 0x54c, gfx942, xnack, sramecc{{$}}
// GFX1100: Flags: 0x41, gfx1100{{$}}
// XNACK: Flags: 0x63f, gfx90a, xnack-, sramecc{{$}}
// ELF: Symbol table '.dynsym'
// ELF-NOT: UND {{[^ ]+}}

// `fatbin` is the same code object: AMD has no fat binary of its own here.
// RUN: offload-opt %s --gpu-module-to-binary='format=fatbin' -o %t.fatbin.mlir
// RUN: %python %S/../extract_object.py --index 1 -o %t.fatbin.hsaco < %t.fatbin.mlir
// RUN: cmp %t.gfx942.hsaco %t.fatbin.hsaco

// The same attribute gives the same bytes.
// RUN: offload-opt %s --gpu-module-to-binary='format=bin' -o %t.again.mlir
// RUN: cmp %t.bin.mlir %t.again.mlir

// RUN: offload-opt %s --gpu-module-to-binary='format=llvm' -o %t.llvm.mlir
// RUN: %python %S/../extract_object.py --index 0 -o %t.bc < %t.llvm.mlir
// RUN: llvm-dis %t.bc -o - | FileCheck %s --check-prefix=BITCODE
// BITCODE: target triple = "amdgcn-amd-amdhsa"
// BITCODE: define amdgpu_kernel void @exp(
// BITCODE: !{i32 1, !"amdhsa_code_object_version", i32 500}

// -debug-only=serialize-to-binary shows the libraries linked, the LLVM IR
// and ld.lld's command line, with no path of this machine in its output.
// RUN: offload-opt %s -debug-only=serialize-to-binary --gpu-module-to-binary='format=bin' --mlir-disable-threading -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEBUG
// DEBUG: gpu.module @math for gfx90a links {{.*}}/amdgcn/bitcode/ocml.bc
// DEBUG: LLVM IR of gpu.module @math for gfx90a, linked and optimized:
// DEBUG: define amdgpu_kernel void @exp(
// DEBUG: Tool invocation for gpu.module @math (gfx90a):
// DEBUG-NEXT: ld.lld{{[-0-9]*}} -shared --no-undefined --build-id=none -o {{.*}}module.so {{.*}}module.o{{$}}
// DEBUG: gpu.module @printf for gfx942 links {{.*}}/amdgcn/bitcode/ockl.bc

// A warm object cache gives the same bytes without compiling.
// RUN: rm -rf %t.cache
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t.cache offload-opt %s --offload-module-to-binary='format=bin' -o %t.cold.mlir
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t.cache offload-opt %s --offload-module-to-binary='format=bin' --mlir-disable-threading \
// RUN:   -debug-only=offload-object-cache,serialize-to-binary -o %t.warm.mlir 2>&1 | FileCheck %s --check-prefix=HIT
// HIT-COUNT-6: hit
// HIT-NOT: Tool invocation
// RUN: cmp %t.cold.mlir %t.warm.mlir

module attributes {gpu.container_module} {
  gpu.module @math [#offload.rocm<chip = "gfx90a">, #offload.rocm<chip = "gfx942">,
                    #offload.rocm<chip = "gfx1100">, #offload.rocm<chip = "gfx90a:xnack-">] {
    llvm.func @__ocml_exp_f32(f32) -> f32
    llvm.func @exp(%p: !llvm.ptr) attributes {gpu.kernel, rocdl.kernel} {
      %i = rocdl.workitem.id.x : i32
      %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %v = llvm.load %q : !llvm.ptr -> f32
      %e = llvm.call @__ocml_exp_f32(%v) : (f32) -> f32
      llvm.store %e, %q : f32, !llvm.ptr
      llvm.return
    }
  }

  // gfx1100 with waves of 64, in a module of its own: beside gfx1100's
  // waves of 32, the runtime could not tell their objects apart
  // (rocm-attr-invalid.mlir).
  gpu.module @wave64 [#offload.rocm<chip = "gfx1100", wave64 = true>] {
    llvm.func @__ocml_exp_f32(f32) -> f32
    llvm.func @exp(%p: !llvm.ptr) attributes {gpu.kernel, rocdl.kernel} {
      %i = rocdl.workitem.id.x : i32
      %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %v = llvm.load %q : !llvm.ptr -> f32
      %e = llvm.call @__ocml_exp_f32(%v) : (f32) -> f32
      llvm.store %e, %q : f32, !llvm.ptr
      llvm.return
    }
  }

  // gpu.printf "thread %lld: %f\n", as convert-gpu-to-rocdl{runtime=HIP}
  // lowers it: ockl's printf over hostcall.
  gpu.module @printf [#offload.rocm<chip = "gfx942">] {
    llvm.mlir.global internal constant @printfFormat_0("thread %lld: %f\0A\00") {addr_space = 0 : i32}
    llvm.func @__ockl_printf_append_string_n(i64, !llvm.ptr, i64, i32) -> i64
    llvm.func @__ockl_printf_append_args(i64, i32, i64, i64, i64, i64, i64, i64, i64, i32) -> i64
    llvm.func @__ockl_printf_begin(i64) -> i64
    llvm.func @hello(%arg0: f32) attributes {gpu.kernel, rocdl.kernel} {
      %0 = rocdl.workitem.id.x : i32
      %1 = llvm.sext %0 : i32 to i64
      %2 = llvm.mlir.constant(0 : i64) : i64
      %3 = llvm.call @__ockl_printf_begin(%2) : (i64) -> i64
      %4 = llvm.mlir.addressof @printfFormat_0 : !llvm.ptr
      %5 = llvm.getelementptr %4[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.array<17 x i8>
      %6 = llvm.mlir.constant(17 : i64) : i64
      %7 = llvm.mlir.constant(1 : i32) : i32
      %8 = llvm.mlir.constant(0 : i32) : i32
      %9 = llvm.call @__ockl_printf_append_string_n(%3, %5, %6, %8) : (i64, !llvm.ptr, i64, i32) -> i64
      %10 = llvm.mlir.constant(2 : i32) : i32
      %11 = llvm.fpext %arg0 : f32 to f64
      %12 = llvm.bitcast %11 : f64 to i64
      %13 = llvm.call @__ockl_printf_append_args(%9, %10, %1, %12, %2, %2, %2, %2, %2, %7) : (i64, i32, i64, i64, i64, i64, i64, i64, i64, i32) -> i64
      llvm.return
    }
  }
}
