// What #offload.rocm cannot compile is one error at the gpu.module, with exit
// code 1: never a code object with an undefined symbol, which would only
// fail when the runtime loads it.
// RUN: offload-opt %s --split-input-file --offload-module-to-binary='format=bin' -verify-diagnostics
// -verify-diagnostics holds each module to its one error; without it, the
// run exits 1 without a crash.
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-module-to-binary='format=bin' 2>&1 | FileCheck %s
// CHECK: error: cannot compile gpu.module @nosuch for gfx90a: it calls __ocml_nosuch_f32, which no device library defines
// CHECK: error: cannot compile gpu.module @helper for gfx90a: it calls helper, which nothing it links defines
// CHECK: error: cannot compile gpu.module @global for gfx90a: it refers to the global outside, which nothing it links defines
// CHECK: error: gpu.module @unlowered is not lowered for AMD GPUs: run offload-lower-kernels on it first
// CHECK: error: cannot compile gpu.module @attribute for gfx90a: the bitcode file "no-such-library.bc" to link does not exist
// CHECK: error: cannot compile gpu.module @lds for gfx90a: the AMDGPU backend failed: local memory (1048576) exceeds limit (65536) in function 'k'
// CHECK: error: cannot compile gpu.module @mfma for gfx1100: the AMDGPU backend failed: Cannot select: intrinsic %llvm.amdgcn.mfma.f32.4x4x1f32
// CHECK-NOT: Stack dump
// Each error is at the module, which is not printed after it (a module of
// a few kernels was hundreds of lines of generic form).
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-module-to-binary='format=bin' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-DUMP
// NO-DUMP-NOT: see current operation
// NO-DUMP-NOT: "gpu.module"
// NO-DUMP-NOT: "llvm.func"

// Bitcode may be linked further: an undefined function is no error there
// (only the module that is not lowered is).
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-module-to-binary='format=llvm' 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=BITCODE
// BITCODE-NOT: error: cannot compile
// BITCODE: error: gpu.module @unlowered is not lowered for AMD GPUs
// BITCODE-NOT: error: cannot compile
// BITCODE: error: cannot compile gpu.module @attribute for gfx90a: the bitcode file "no-such-library.bc" to link does not exist

// expected-error @below {{cannot compile gpu.module @nosuch for gfx90a: it calls __ocml_nosuch_f32, which no device library defines}}
gpu.module @nosuch [#offload.rocm<chip = "gfx90a">] {
  llvm.func @__ocml_nosuch_f32(f32) -> f32
  llvm.func @k(%p: !llvm.ptr) attributes {gpu.kernel, rocdl.kernel} {
    %v = llvm.load %p : !llvm.ptr -> f32
    %e = llvm.call @__ocml_nosuch_f32(%v) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr
    llvm.return
  }
}

// -----

// expected-error @below {{cannot compile gpu.module @helper for gfx90a: it calls helper, which nothing it links defines (its own functions, the `link` files and the device libraries)}}
gpu.module @helper [#offload.rocm<chip = "gfx90a">] {
  llvm.func @helper(f32) -> f32
  llvm.func @k(%p: !llvm.ptr) attributes {gpu.kernel, rocdl.kernel} {
    %v = llvm.load %p : !llvm.ptr -> f32
    %e = llvm.call @helper(%v) : (f32) -> f32
    llvm.store %e, %p : f32, !llvm.ptr
    llvm.return
  }
}

// -----

// expected-error @below {{cannot compile gpu.module @global for gfx90a: it refers to the global outside, which nothing it links defines}}
gpu.module @global [#offload.rocm<chip = "gfx90a">] {
  llvm.mlir.global external @outside() : f32
  llvm.func @k(%p: !llvm.ptr) attributes {gpu.kernel, rocdl.kernel} {
    %a = llvm.mlir.addressof @outside : !llvm.ptr
    %v = llvm.load %a : !llvm.ptr -> f32
    llvm.store %v, %p : f32, !llvm.ptr
    llvm.return
  }
}

// -----

// Kernels still in the gpu dialect have not been through the lowering.
gpu.module @unlowered [#offload.rocm<chip = "gfx90a">] {
  // expected-error @below {{gpu.module @unlowered is not lowered for AMD GPUs: run offload-lower-kernels on it first}}
  gpu.func @k() kernel {
    gpu.return
  }
}

// -----

// The attribute's `link` files are checked before anything reads them, as
// gpu-module-to-binary's `l=` (rocm-link.mlir).
// expected-error @below {{cannot compile gpu.module @attribute for gfx90a: the bitcode file "no-such-library.bc" to link does not exist}}
gpu.module @attribute [#offload.rocm<chip = "gfx90a", link = ["no-such-library.bc"]>] {
  llvm.func @k() attributes {gpu.kernel, rocdl.kernel} {
    llvm.return
  }
}

// -----

// What the backend reports to LLVM's context, which would print it and end
// the process: one error at the module.
// expected-error @below {{cannot compile gpu.module @lds for gfx90a: the AMDGPU backend failed: local memory (1048576) exceeds limit (65536) in function 'k'}}
gpu.module @lds [#offload.rocm<chip = "gfx90a">] {
  llvm.mlir.global internal @big() {addr_space = 3 : i32} : !llvm.array<262144 x f32>
  llvm.func @k(%p: !llvm.ptr, %i: i32, %j: i32) attributes {gpu.kernel, rocdl.kernel} {
    %b = llvm.mlir.addressof @big : !llvm.ptr<3>
    %q = llvm.getelementptr %b[0, %i] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<262144 x f32>
    %w = llvm.load %p : !llvm.ptr -> f32
    llvm.store %w, %q : f32, !llvm.ptr<3>
    rocdl.barrier
    %r = llvm.getelementptr %b[0, %j] : (!llvm.ptr<3>, i32) -> !llvm.ptr<3>, !llvm.array<262144 x f32>
    %v = llvm.load %r : !llvm.ptr<3> -> f32
    llvm.store %v, %p : f32, !llvm.ptr
    llvm.return
  }
}

// -----

// A fatal error of the backend (gfx11 has no MFMA): one error, no crash.
// expected-error @below {{cannot compile gpu.module @mfma for gfx1100: the AMDGPU backend failed: Cannot select: intrinsic %llvm.amdgcn.mfma.f32.4x4x1f32}}
gpu.module @mfma [#offload.rocm<chip = "gfx1100">] {
  llvm.func @k(%p: !llvm.ptr, %a: f32) attributes {gpu.kernel, rocdl.kernel} {
    %c = llvm.load %p : !llvm.ptr -> vector<4xf32>
    %z = llvm.mlir.constant(0 : i32) : i32
    %r = llvm.call_intrinsic "llvm.amdgcn.mfma.f32.4x4x1f32"(%a, %a, %c, %z, %z, %z) : (f32, f32, vector<4xf32>, i32, i32, i32) -> vector<4xf32>
    llvm.store %r, %p : vector<4xf32>, !llvm.ptr
    llvm.return
  }
}
