// The names an object exports must be names its loader can find: PTX
// identifiers for #offload.cuda (NVPTX emits `a.b` and `_`, which ptxas then
// refuses), and no NUL for #offload.host, whose kernels the runtime looks up
// by C string (`k\00x` and `k\00y` would both be `k`), nor for
// #offload.vulkan, whose SPIR-V entry point names cannot hold one. Each bad
// name is one error at its symbol, from the verifier, and exit code 1.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics
// RUN: %expect_exit 1 offload-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: error: kernel @a.b cannot be compiled for #offload.cuda
// EXIT-NOT: Stack dump

gpu.module @m [#offload.cuda<chip = "sm_90">] {
  // expected-error @below {{kernel @a.b cannot be compiled for #offload.cuda: PTX names are a letter followed by letters, digits, '_' and '$', or '_', '$' or '%' followed by at least one of those; rename it}}
  gpu.func @"a.b"() kernel {
    gpu.return
  }
}

// -----

gpu.module @m [#offload.cuda<chip = "sm_90">] {
  // expected-error @below {{kernel @_ cannot be compiled for #offload.cuda}}
  gpu.func @_() kernel {
    gpu.return
  }
}

// -----

gpu.module @m [#offload.cuda<chip = "sm_90">] {
  // expected-error @below {{kernel @"0a" cannot be compiled for #offload.cuda}}
  llvm.func @"0a"() attributes {gpu.kernel, nvvm.kernel} {
    llvm.return
  }
}

// -----

// A device function keeps its name in the PTX too.
gpu.module @m [#offload.cuda<chip = "sm_90">] {
  // expected-error @below {{symbol @"helper%1" cannot be compiled for #offload.cuda}}
  gpu.func @"helper%1"() {
    gpu.return
  }
}

// -----

// A CUDA object and a host object: the stricter rule holds.
gpu.module @m [#offload.cuda<chip = "sm_90">, #offload.host] {
  // expected-error @below {{kernel @"k\00x" cannot be compiled for #offload.cuda}}
  gpu.func @"k\00x"() kernel {
    gpu.return
  }
}

// -----

gpu.module @m [#offload.host] {
  // expected-error @below {{kernel @"k\00x" cannot be compiled for #offload.host: its name holds a NUL character, and the runtime looks kernels up by C strings, which end there; rename it}}
  gpu.func @"k\00x"() kernel {
    gpu.return
  }
  gpu.func @"k\00y"() kernel {
    gpu.return
  }
}

// -----

gpu.module @m [#offload.vulkan] {
  // expected-error @below {{kernel @"k\00x" cannot be compiled for #offload.vulkan: its name holds a NUL character, which a SPIR-V entry point's name cannot hold; rename it}}
  gpu.func @"k\00x"() kernel {
    gpu.return
  }
}

// -----

// What PTX and C strings take is accepted, as are names that the object does
// not export under their own: local symbols (NVPTX renames them), and
// declarations, which are resolved by name elsewhere.
gpu.module @m [#offload.cuda<chip = "sm_90">, #offload.host] {
  gpu.func @k_1$() kernel {
    gpu.return
  }
  gpu.func @_k() kernel {
    gpu.return
  }
  gpu.func @"$k"() kernel {
    gpu.return
  }
  gpu.func @"%k"() kernel {
    gpu.return
  }
  llvm.func internal @"local.helper"() {
    llvm.return
  }
  llvm.mlir.global private constant @"format.0"("x\00")
  llvm.func @"llvm.nvvm.barrier0"()
}

// -----

// The host target alone exports kernels only, under any name without a NUL.
gpu.module @m [#offload.host] {
  gpu.func @"a.b c"() kernel {
    gpu.return
  }
  gpu.func @_() kernel {
    gpu.return
  }
}
