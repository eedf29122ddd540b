// Bitcode files in #offload.rocm's `link` and gpu-module-to-binary's `l=`
// are linked into the module before the device libraries, which they may
// call too, and before optimization, so their functions are inlined.

// rocm-calls-ocml.ll defines @sine, which calls __ocml_sin_f32.
// RUN: offload-opt %s --gpu-module-to-binary='format=isa l=%S/Inputs/rocm-calls-ocml.ll' \
// RUN:   -debug-only=serialize-to-binary --mlir-disable-threading -o %t.isa.mlir 2>&1 | FileCheck %s --check-prefix=OCML
// OCML: gpu.module @user for gfx90a links {{.*}}/amdgcn/bitcode/ocml.bc
// RUN: %python %S/../extract_object.py -o %t.s < %t.isa.mlir
// RUN: FileCheck %s --check-prefix=LINKED < %t.s
// LINKED: user_kernel:
// LINKED-NOT: sine
// LINKED-NOT: __ocml_sin_f32
// LINKED: s_endpgm

// Files that cannot be linked: one error each, at the module.
// RUN: rm -rf %t.dir && mkdir %t.dir && printf 'BC\300\336garbage' > %t.garbage.bc
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin l=%t.missing.bc' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot compile gpu.module @user for gfx90a: the bitcode file "{{.*}}missing.bc" to link does not exist
// MISSING-NOT: error:
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin l=%t.dir' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIR
// DIR: error: cannot compile gpu.module @user for gfx90a: the bitcode file "{{.*}}.dir" to link is a directory
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin l=%t.garbage.bc' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: error: cannot compile gpu.module @user for gfx90a: cannot read the bitcode file "{{.*}}garbage.bc": Invalid bitcode signature
// GARBAGE-NOT: error:
// GARBAGE-NOT: see current operation
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin l=%S/Inputs/rocm-nvptx-library.ll' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRIPLE
// TRIPLE: error: cannot compile gpu.module @user for gfx90a: the bitcode file "{{.*}}rocm-nvptx-library.ll" to link is for nvptx64-nvidia-cuda, not amdgcn-amd-amdhsa
// TRIPLE-NOT: error:
// A file built for another code object version: one error that names the
// `abi` of each, not the linker's "conflicting values".
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin l=%S/Inputs/rocm-cov4-library.ll' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERSION
// VERSION: error: cannot compile gpu.module @user for gfx90a: the bitcode file "{{.*}}rocm-cov4-library.ll" to link is for code object version 4 (abi = "400"), not version 5 (abi = "500"): build it for abi 500 or set the target's abi to 400
// VERSION-NOT: error:
// A file for another triple's operating system (AMD's PAL graphics ABI).
// RUN: sed -e 's/amdgcn-amd-amdhsa/amdgcn-amd-amdpal/' %S/Inputs/rocm-calls-ocml.ll > %t.pal.ll
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin l=%t.pal.ll' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PAL
// PAL: error: cannot compile gpu.module @user for gfx90a: the bitcode file "{{.*}}.pal.ll" to link is for amdgcn-amd-amdpal, not amdgcn-amd-amdhsa
// (The attribute's `link` files: rocm-serialize-errors.mlir; files for
// another chip, mode or wave size: rocm-link-target.mlir.)

gpu.module @user [#offload.rocm<chip = "gfx90a">] {
  llvm.func @sine(f32) -> f32
  llvm.func @user_kernel(%p: !llvm.ptr) attributes {gpu.kernel, rocdl.kernel} {
    %v = llvm.load %p : !llvm.ptr -> f32
    %r = llvm.call @sine(%v) : (f32) -> f32
    llvm.store %r, %p : f32, !llvm.ptr
    llvm.return
  }
}
