// offload-check-lowered: the pipelines' last check before serialization.
// Host code may hold only the LLVM dialect, gpu.module, gpu.binary and
// gpu.launch_func; a gpu.module only dialects that translate to LLVM IR and
// no gpu operation. Anything else is one error, at the first such
// operation (an unrealized_conversion_cast only when nothing else is left),
// naming its gpu.module and how many more are left. Nested modules that
// hold no code are skipped. pipelines/leftovers.mlir has what the
// pipelines leave behind.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-check-lowered | FileCheck %s
// With host-code=false (the pipelines' check-lowered=false), host code is
// left alone and kernels are checked all the same.
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-check-lowered=host-code=false -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KERNELS --implicit-check-not=": error: '"
// KERNELS: offload-check-lowered.mlir:[[# @LINE + 61]]:5: error: 'func.func' is left unlowered in gpu.module @stubs, and the translation to LLVM IR cannot take it (nor 1 more operation left)
// KERNELS: offload-check-lowered.mlir:[[# @LINE + 118]]:5: error: 'gpu.func' is left unlowered in gpu.module @kernels, and the translation to LLVM IR cannot take it (nor 1 more operation left)
// KERNELS: offload-check-lowered.mlir:[[# @LINE + 135]]:14: error: 'arith.addi' is left unlowered in gpu.module @arith, and the translation to LLVM IR cannot take it{{$}}

// What the pipelines hand the serializers passes, and is left as it is.
// CHECK-LABEL: module @lowered
// CHECK: gpu.launch_func @binary::@k
// CHECK: gpu.module @kernels
// CHECK: nvvm.read.ptx.sreg.tid.x
// CHECK: gpu.binary @binary
// CHECK: module attributes {transform.with_named_sequence}
module @lowered attributes {gpu.container_module} {
  llvm.func @main() {
    %c1 = llvm.mlir.constant(1 : i64) : i64
    gpu.launch_func @binary::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
  gpu.module @kernels [#offload.cuda] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      llvm.return
    }
  }
  gpu.binary @binary [#gpu.object<#offload.host, "object">]
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      transform.yield
    }
  }
}

// -----

// A gpu.module whose code is in another IR than LLVM's, as a module of that
// IR (an isolated symbol table of a dialect with no translation to LLVM IR),
// is its serializer's to check: what the module holds is not looked at, and
// the kernels beside it are empty func.funcs for gpu.launch_func to name.
// CHECK-LABEL: module @other_ir
// CHECK: gpu.module @kernels
// CHECK-NEXT: spirv.module Logical GLSL450
// CHECK: func.func @k()
module @other_ir attributes {gpu.container_module} {
  gpu.module @kernels [#offload.vulkan] {
    spirv.module Logical GLSL450 {
      spirv.func @k() "None" {
        spirv.Return
      }
      spirv.EntryPoint "GLCompute" @k
    }
    func.func @k() attributes {gpu.kernel} {
      return
    }
  }
}

// -----

// Without such a module, a func.func in a gpu.module is left unlowered.
module @stubs_alone attributes {gpu.container_module} {
  gpu.module @stubs [#offload.vulkan] {
    // expected-error @below {{'func.func' is left unlowered in gpu.module @stubs, and the translation to LLVM IR cannot take it (nor 1 more operation left)}}
    func.func @k() attributes {gpu.kernel} {
      return
    }
  }
}

// -----

module @host_function {
  // expected-error @below {{'func.func' is left unlowered, and the translation to LLVM IR cannot take it (nor 1 more operation left)}}
  func.func @main() {
    return
  }
}

// -----

// One operation left: no count.
module @one_left {
  llvm.func @main() -> i64 {
    // expected-error @below {{'arith.constant' is left unlowered, and the translation to LLVM IR cannot take it}}
    %zero = arith.constant 0 : i64
    llvm.return %zero : i64
  }
}

// -----

// A cast whose other side was never converted is the symptom; the
// operation that kept it, after it, is the one reported.
module @cast_and_cause {
  llvm.func @main(%a: i64) -> i64 {
    %index = builtin.unrealized_conversion_cast %a : i64 to index
    // expected-error @below {{'arith.addi' is left unlowered, and the translation to LLVM IR cannot take it (nor 2 more operations left)}}
    %sum = arith.addi %index, %index : index
    %back = builtin.unrealized_conversion_cast %sum : index to i64
    llvm.return %back : i64
  }
}

// -----

// Casts alone: the first is reported.
module @casts_alone {
  llvm.func @main(%a: i64) -> i64 {
    // expected-error @below {{'builtin.unrealized_conversion_cast' is left unlowered, and the translation to LLVM IR cannot take it (nor 1 more operation left)}}
    %index = builtin.unrealized_conversion_cast %a : i64 to index
    %back = builtin.unrealized_conversion_cast %index : index to i64
    llvm.return %back : i64
  }
}

// -----

// In a kernel: no gpu operation, whatever the host code's option.
module @gpu_func attributes {gpu.container_module} {
  gpu.module @kernels {
    // expected-error @below {{'gpu.func' is left unlowered in gpu.module @kernels, and the translation to LLVM IR cannot take it (nor 1 more operation left)}}
    gpu.func @k() kernel {
      gpu.return
    }
  }
}

// -----

// In a kernel, the arith that convert-gpu-to-nvvm left; the host code's
// func.func, which comes first, is reported without host-code=false.
module @arith_in_kernel attributes {gpu.container_module} {
  // expected-error @below {{'func.func' is left unlowered, and the translation to LLVM IR cannot take it (nor 2 more operations left)}}
  func.func @main() {
    return
  }
  gpu.module @arith {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      %c1 = llvm.mlir.constant(1 : i64) : i64
      %sum = arith.addi %c1, %c1 : i64
      llvm.return
    }
  }
}
