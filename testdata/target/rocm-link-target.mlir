// A `link` file's functions keep their own "target-cpu" and
// "target-features", which the AMDGPU backend compiles them for whatever
// the code object is for: a file built for another chip, xnack mode, wave
// size or instruction set, or code object version, is one error that names
// it, what it is for and the target, never an object that the GPU cannot
// run (a gfx942 file in a gfx90a object put v_cvt_pk_fp8_f32 there, which
// gfx90a cannot decode). clang builds the files, for code object version
// 5, the target's default abi (clang 22's default is 6).

// RUN: rm -rf %t && mkdir %t
// RUN: clang --target=amdgcn-amd-amdhsa -nogpulib -O1 -emit-llvm -mcode-object-version=5 -c %S/Inputs/rocm-fp8.c -mcpu=gfx942 -o %t/fp8-gfx942.bc
// RUN: sed 's/TARGET/chip = "gfx90a"/' %s > %t/gfx90a.mlir
// RUN: %expect_exit 1 offload-opt %t/gfx90a.mlir --offload-module-to-binary='format=bin l=%t/fp8-gfx942.bc' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CHIP
// CHIP: error: cannot compile gpu.module @user for gfx90a: the bitcode file "{{.*}}fp8-gfx942.bc" to link is for gfx942 ("target-cpu" of its function f), not gfx90a
// CHIP-NOT: note:
// CHIP-NOT: error:

// For gfx942 itself, the same file compiles, its instruction inlined.
// RUN: sed 's/TARGET/chip = "gfx942"/' %s > %t/gfx942.mlir
// RUN: offload-opt %t/gfx942.mlir --offload-module-to-binary='format=isa l=%t/fp8-gfx942.bc' \
// RUN:   | %python %S/../extract_object.py -o /dev/stdout | FileCheck %s --check-prefix=GFX942
// GFX942: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
// GFX942: v_cvt_pk_fp8_f32

// An instruction set feature the chip lacks, without a "target-cpu".
// RUN: clang --target=amdgcn-amd-amdhsa -nogpulib -O1 -emit-llvm -mcode-object-version=5 -c %S/Inputs/rocm-fp8.c -Xclang -target-feature -Xclang +fp8-conversion-insts -o %t/fp8-feature.bc
// RUN: %expect_exit 1 offload-opt %t/gfx90a.mlir --offload-module-to-binary='format=bin l=%t/fp8-feature.bc' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FEATURE
// FEATURE: error: cannot compile gpu.module @user for gfx90a: the bitcode file "{{.*}}fp8-feature.bc" to link needs '+fp8-conversion-insts' (in "target-features" of its function f), which gfx90a does not have
// FEATURE-NOT: error:

// xnack: code for xnack+ runs in an xnack+ object only, not in one for
// xnack- nor in one that runs either way; code that leaves it open runs in
// any.
// RUN: clang --target=amdgcn-amd-amdhsa -nogpulib -O1 -emit-llvm -mcode-object-version=5 -c %S/Inputs/rocm-scale.c -mcpu=gfx90a:xnack+ -o %t/xnack-on.bc
// RUN: clang --target=amdgcn-amd-amdhsa -nogpulib -O1 -emit-llvm -mcode-object-version=5 -c %S/Inputs/rocm-scale.c -mcpu=gfx90a -o %t/gfx90a.bc
// RUN: sed 's/TARGET/chip = "gfx90a:xnack-"/' %s > %t/xnack-off.mlir
// RUN: sed 's/TARGET/chip = "gfx90a:xnack+"/' %s > %t/xnack-on.mlir
// RUN: %expect_exit 1 offload-opt %t/xnack-off.mlir --offload-module-to-binary='format=bin l=%t/xnack-on.bc' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=XNACK-OFF
// XNACK-OFF: error: cannot compile gpu.module @user for gfx90a:xnack-: the bitcode file "{{.*}}xnack-on.bc" to link is for xnack+, '+xnack' (in "target-features" of its function f), not gfx90a:xnack-
// RUN: %expect_exit 1 offload-opt %t/gfx90a.mlir --offload-module-to-binary='format=bin l=%t/xnack-on.bc' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=XNACK-ANY
// XNACK-ANY: error: cannot compile gpu.module @user for gfx90a: the bitcode file "{{.*}}xnack-on.bc" to link is for xnack+, '+xnack' (in "target-features" of its function f), not gfx90a (xnack on or off)
// RUN: offload-opt %t/xnack-on.mlir --offload-module-to-binary='format=bin l=%t/xnack-on.bc' -o %t/xnack-on.bin.mlir
// RUN: offload-opt %t/xnack-off.mlir --offload-module-to-binary='format=bin l=%t/gfx90a.bc' -o %t/open.bin.mlir
// RUN: offload-opt %t/gfx90a.mlir --offload-module-to-binary='format=bin l=%t/gfx90a.bc' -o %t/any.bin.mlir
// RUN: %python %S/../extract_object.py -o %t/xnack-on.hsaco < %t/xnack-on.bin.mlir
// RUN: llvm-readelf -h %t/xnack-on.hsaco | FileCheck %s --check-prefix=XNACK-ON
// XNACK-ON: Flags: 0x{{[0-9a-f]+}}, gfx90a, xnack+

// The wave size: code for waves of 64 in a gfx1100 object of waves of 32.
// RUN: clang --target=amdgcn-amd-amdhsa -nogpulib -O1 -emit-llvm -mcode-object-version=5 -c %S/Inputs/rocm-scale.c -mcpu=gfx1100 -mwavefrontsize64 -o %t/wave64.bc
// RUN: sed 's/TARGET/chip = "gfx1100"/' %s > %t/gfx1100.mlir
// RUN: sed 's/TARGET/chip = "gfx1100", wave64 = true/' %s > %t/gfx1100-wave64.mlir
// RUN: %expect_exit 1 offload-opt %t/gfx1100.mlir --offload-module-to-binary='format=bin l=%t/wave64.bc' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WAVE
// WAVE: error: cannot compile gpu.module @user for gfx1100: the bitcode file "{{.*}}wave64.bc" to link is for waves of 64 lanes, '+wavefrontsize64' (in "target-features" of its function f), not gfx1100's 32
// RUN: offload-opt %t/gfx1100-wave64.mlir --offload-module-to-binary='format=bin l=%t/wave64.bc' -o /dev/null

// Another code object version: named as the `abi` that would take it.
// RUN: clang --target=amdgcn-amd-amdhsa -nogpulib -O1 -emit-llvm -c %S/Inputs/rocm-scale.c -mcpu=gfx90a -mcode-object-version=6 -o %t/cov6.bc
// RUN: %expect_exit 1 offload-opt %t/gfx90a.mlir --offload-module-to-binary='format=bin l=%t/cov6.bc' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ABI
// ABI: error: cannot compile gpu.module @user for gfx90a: the bitcode file "{{.*}}cov6.bc" to link is for code object version 6 (abi = "600"), not version 5 (abi = "500"): build it for abi 500 or set the target's abi to 600
// ABI-NOT: conflicting
// RUN: sed 's/TARGET/chip = "gfx90a", abi = "600"/' %s > %t/cov6.mlir
// RUN: offload-opt %t/cov6.mlir --offload-module-to-binary='format=bin l=%t/cov6.bc' -o /dev/null

gpu.module @user [#offload.rocm<TARGET>] {
  llvm.func @f(f32) -> f32
  llvm.func @k(%p: !llvm.ptr) attributes {gpu.kernel, rocdl.kernel} {
    %v = llvm.load %p : !llvm.ptr -> f32
    %r = llvm.call @f(%v) : (f32) -> f32
    llvm.store %r, %p : f32, !llvm.ptr
    llvm.return
  }
}
