// offload-check-lowered reports an unrealized_conversion_cast left in a
// kernel, as it does in host code: the translation to LLVM IR cannot take
// it, and the pass exists so that no serializer is handed what it rejects.
//
// The builtin dialect has an LLVM translation interface (for builtin.module),
// so accepting every operation of such a dialect in a gpu.module would let
// the cast pass, and offload-module-to-binary would then fail with "LLVM
// Translation failed for operation: builtin.unrealized_conversion_cast" and
// "Failed creating the llvm::Module". As in host code, casts alone are one
// error at the first, with the count of the rest; a cast beside the
// operation that kept it reports that operation.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-check-lowered

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90">] {
    llvm.func @k(%a: i64) attributes {gpu.kernel, nvvm.kernel} {
      // expected-error @below {{'builtin.unrealized_conversion_cast' is left unlowered in gpu.module @kernels, and the translation to LLVM IR cannot take it (nor 1 more operation left)}}
      %index = builtin.unrealized_conversion_cast %a : i64 to index
      %back = builtin.unrealized_conversion_cast %index : index to i64
      llvm.return
    }
  }
}

// -----

// In a kernel for the host target too.
module attributes {gpu.container_module} {
  gpu.module @host_kernels [#offload.host] {
    llvm.func @k(%a: i64) attributes {gpu.kernel} {
      // expected-error-re @below {{'builtin.unrealized_conversion_cast' is left unlowered in gpu.module @host_kernels, and the translation to LLVM IR cannot take it{{$}}}}
      %f = builtin.unrealized_conversion_cast %a : i64 to f64
      llvm.return
    }
  }
}

// -----

// The cause before the cast: the arith.addi that kept it is reported.
module attributes {gpu.container_module} {
  gpu.module @cause [#offload.cuda<chip = "sm_90">] {
    llvm.func @k(%a: i64) attributes {gpu.kernel, nvvm.kernel} {
      %index = builtin.unrealized_conversion_cast %a : i64 to index
      // expected-error @below {{'arith.addi' is left unlowered in gpu.module @cause, and the translation to LLVM IR cannot take it (nor 2 more operations left)}}
      %sum = arith.addi %index, %index : index
      %back = builtin.unrealized_conversion_cast %sum : index to i64
      llvm.return
    }
  }
}
