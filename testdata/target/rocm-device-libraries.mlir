// The ROCm device libraries: ocml where a module calls __ocml_*, ockl where
// it calls __ockl_* (printf), nothing otherwise; with them, the __oclc_*
// controls they read, defined in the module from the chip and the flags
// (one i8 or i32 constant each in address space 4, as upstream defines
// them); every library from the first directory that has them all.

// At O = 0 the controls stay in the bitcode, which shows their values.
// RUN: offload-opt %s --gpu-module-to-binary='format=llvm' -o %t.llvm.mlir
// RUN: %python %S/../extract_object.py --index 0 -o %t.ocml.bc < %t.llvm.mlir
// RUN: llvm-dis %t.ocml.bc -o - | FileCheck %s --check-prefix=OCML
// OCML-DAG: @__oclc_ISA_version = linkonce_odr protected local_unnamed_addr addrspace(4) constant i32 9010, align 4
// OCML-DAG: @__oclc_ABI_version = linkonce_odr protected local_unnamed_addr addrspace(4) constant i32 500, align 4
// OCML-DAG: @__oclc_wavefrontsize64 = linkonce_odr protected local_unnamed_addr addrspace(4) constant i8 1, align 1
// OCML-DAG: @__oclc_daz_opt = linkonce_odr protected local_unnamed_addr addrspace(4) constant i8 0, align 1
// OCML-DAG: @__oclc_finite_only_opt = linkonce_odr protected local_unnamed_addr addrspace(4) constant i8 0, align 1
// OCML-DAG: @__oclc_unsafe_math_opt = linkonce_odr protected local_unnamed_addr addrspace(4) constant i8 0, align 1
// OCML-DAG: @__oclc_correctly_rounded_sqrt32 = linkonce_odr protected local_unnamed_addr addrspace(4) constant i8 1, align 1
// OCML-DAG: define internal float @__ocml_exp_f32(
// OCML-DAG: !{i32 1, !"amdhsa_code_object_version", i32 500}
// The library's functions compile for the target's chip and features.
// OCML-DAG: "target-cpu"="gfx90a"

// `fast` turns on every math option of ocml, and fast-math flags on the
// module's own arithmetic; gfx1100 runs waves of 32.
// RUN: %python %S/../extract_object.py --index 1 -o %t.fast.bc < %t.llvm.mlir
// RUN: llvm-dis %t.fast.bc -o - | FileCheck %s --check-prefix=FAST
// FAST-DAG: @__oclc_ISA_version = {{.*}} constant i32 11000
// FAST-DAG: @__oclc_ABI_version = {{.*}} constant i32 600
// FAST-DAG: @__oclc_wavefrontsize64 = {{.*}} constant i8 0
// FAST-DAG: @__oclc_daz_opt = {{.*}} constant i8 1
// FAST-DAG: @__oclc_finite_only_opt = {{.*}} constant i8 1
// FAST-DAG: @__oclc_unsafe_math_opt = {{.*}} constant i8 1
// FAST-DAG: @__oclc_correctly_rounded_sqrt32 = {{.*}} constant i8 0
// FAST-DAG: fmul fast float
// FAST-DAG: !{i32 1, !"amdhsa_code_object_version", i32 600}
// FAST-DAG: "target-features"="+wavefrontsize32"

// ockl alone: its controls, none of ocml's, and no ocml.
// RUN: %python %S/../extract_object.py --index 2 -o %t.ockl.bc < %t.llvm.mlir
// RUN: llvm-dis %t.ockl.bc -o - | FileCheck %s --check-prefix=OCKL
// OCKL-NOT: __oclc_daz_opt
// OCKL-NOT: __ocml_
// OCKL-DAG: @__oclc_ISA_version = {{.*}} constant i32 9402
// OCKL-DAG: @__oclc_wavefrontsize64 = {{.*}} constant i8 1
// OCKL-DAG: @__oclc_ABI_version = {{.*}} constant i32 400
// OCKL-DAG: define internal i64 @__ockl_printf_begin(
// OCKL-NOT: __oclc_daz_opt
// OCKL-NOT: __ocml_

// No library, no control; the code object version all the same.
// RUN: %python %S/../extract_object.py --index 3 -o %t.none.bc < %t.llvm.mlir
// RUN: llvm-dis %t.none.bc -o - | FileCheck %s --check-prefix=NONE
// NONE-NOT: __oclc
// NONE-NOT: __ocml
// NONE-NOT: __ockl
// NONE: !{i32 1, !"amdhsa_code_object_version", i32 500}

// Where they come from: the toolkit option, then $ROCM_PATH, then
// /opt/rocm, then Debian's rocm-device-libs. Two fake installations
// with an ocml of their own show which is taken.
// RUN: rm -rf %t.toolkit %t.rocm && mkdir -p %t.toolkit/amdgcn/bitcode %t.rocm/amdgcn/bitcode
// RUN: cp %S/Inputs/rocm-fake-ocml.ll %t.toolkit/amdgcn/bitcode/ocml.bc
// RUN: cp %S/Inputs/rocm-fake-ocml.ll %t.rocm/amdgcn/bitcode/ocml.bc
// RUN: env ROCM_PATH=%t.rocm offload-opt %s --gpu-module-to-binary='format=llvm toolkit=%t.toolkit' -debug-only=serialize-to-binary \
// RUN:   --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=TOOLKIT -DT=%t
// TOOLKIT: gpu.module @ocml for gfx90a links [[T]].toolkit/amdgcn/bitcode/ocml.bc
// RUN: env ROCM_PATH=%t.rocm offload-opt %s --gpu-module-to-binary='format=llvm' -debug-only=serialize-to-binary \
// RUN:   --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROCM-PATH -DT=%t
// ROCM-PATH: gpu.module @ocml for gfx90a links [[T]].rocm/amdgcn/bitcode/ocml.bc
// A toolkit without the libraries hides nothing after it: one `toolkit`
// serves the CUDA and the ROCm targets of a pass.
// RUN: env ROCM_PATH=%t.rocm offload-opt %s --gpu-module-to-binary='format=llvm toolkit=%t.nothing' -debug-only=serialize-to-binary \
// RUN:   --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=ROCM-PATH -DT=%t
// Every library of a compile comes from one directory: the fake ones lack
// ockl, so @both (ocml and ockl) takes both from one that has it.
// RUN: env ROCM_PATH=%t.rocm offload-opt %s --gpu-module-to-binary='format=llvm toolkit=%t.toolkit' -debug-only=serialize-to-binary \
// RUN:   --mlir-disable-threading -o /dev/null 2>&1 | FileCheck %s --check-prefix=ONE-PLACE -DT=%t
// ONE-PLACE: gpu.module @both for gfx90a links [[DIR:.*]]/ocml.bc
// ONE-PLACE-NEXT: gpu.module @both for gfx90a links [[DIR]]/ockl.bc

module attributes {gpu.container_module} {
  gpu.module @ocml [#offload.rocm<chip = "gfx90a", O = 0>,
                    #offload.rocm<chip = "gfx1100", O = 0, abi = "600", flags = {fast}>] {
    llvm.func @__ocml_exp_f32(f32) -> f32
    llvm.func @exp(%p: !llvm.ptr) attributes {gpu.kernel, rocdl.kernel} {
      %v = llvm.load %p : !llvm.ptr -> f32
      %e = llvm.call @__ocml_exp_f32(%v) : (f32) -> f32
      %s = llvm.fmul %e, %v : f32
      llvm.store %s, %p : f32, !llvm.ptr
      llvm.return
    }
  }

  gpu.module @ockl [#offload.rocm<chip = "gfx942", O = 0, abi = "400">] {
    llvm.func @__ockl_printf_begin(i64) -> i64
    llvm.func @begin() attributes {gpu.kernel, rocdl.kernel} {
      %0 = llvm.mlir.constant(0 : i64) : i64
      %1 = llvm.call @__ockl_printf_begin(%0) : (i64) -> i64
      llvm.return
    }
  }

  gpu.module @none [#offload.rocm<chip = "gfx90a", O = 0>] {
    llvm.func @store(%p: !llvm.ptr, %v: f32) attributes {gpu.kernel, rocdl.kernel} {
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.return
    }
  }

  gpu.module @both [#offload.rocm<chip = "gfx90a">] {
    llvm.func @__ocml_exp_f32(f32) -> f32
    llvm.func @__ockl_printf_begin(i64) -> i64
    llvm.func @both(%p: !llvm.ptr) attributes {gpu.kernel, rocdl.kernel} {
      %0 = llvm.mlir.constant(0 : i64) : i64
      %1 = llvm.call @__ockl_printf_begin(%0) : (i64) -> i64
      %v = llvm.load %p : !llvm.ptr -> f32
      %e = llvm.call @__ocml_exp_f32(%v) : (f32) -> f32
      llvm.store %e, %p : f32, !llvm.ptr
      llvm.return
    }
  }
}
