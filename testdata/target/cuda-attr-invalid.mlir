// Each bad parameter is one diagnostic at the attribute, and exit code 1.
// RUN: offload-opt %s -split-input-file -verify-diagnostics
// Without -verify-diagnostics, the first bad attribute stops the run with exit code 1.
// RUN: %expect_exit 1 offload-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: error: unknown chip 'sm_99'
// EXIT-NOT: Stack dump

// expected-error @below {{unknown chip 'sm_99'; supported chips: sm_75, sm_80, sm_86, sm_87, sm_88, sm_89, sm_90, sm_90a, sm_100, sm_100a, sm_100f, sm_103, sm_103a, sm_103f, sm_110, sm_110a, sm_110f, sm_120, sm_120a, sm_120f, sm_121, sm_121a, sm_121f}}
gpu.module @m [#offload.cuda<chip = "sm_99">] {
}

// -----

// CUDA 13 dropped everything before sm_75.
// expected-error @below {{unknown chip 'sm_50'}}
gpu.module @m [#offload.cuda<chip = "sm_50">] {
}

// -----

// Upstream aborts with "LLVM ERROR: PTX version 6.0 does not support target 'sm_80'".
// expected-error @below {{PTX ISA 6.0 cannot target sm_80, which needs +ptx70 or newer (or no features, for the oldest that works)}}
gpu.module @m [#offload.cuda<chip = "sm_80", features = "+ptx60">] {
}

// -----

// expected-error @below {{unsupported feature '+avx2': features are '+ptxNN' entries, separated by commas without spaces, that choose the PTX ISA version, for example '+ptx80'}}
gpu.module @m [#offload.cuda<features = "+avx2">] {
}

// -----

// LLVM reads other spellings as features of their own name, warns outside any
// diagnostic and emits its default PTX version.
// expected-error @below {{unsupported feature '+ptx0080'}}
gpu.module @m [#offload.cuda<chip = "sm_90", features = "+ptx0080">] {
}

// -----

// expected-error @below {{unsupported feature ' +ptx80 '}}
gpu.module @m [#offload.cuda<chip = "sm_90", features = " +ptx80 ">] {
}

// -----

// expected-error @below {{unknown PTX ISA version in '+ptx99'; LLVM 22 emits PTX 3.2 to 9.0}}
gpu.module @m [#offload.cuda<features = "+ptx99">] {
}

// -----

// expected-error @below {{optimization level O = 4 is out of range; it must be 0, 1, 2 or 3}}
gpu.module @m [#offload.cuda<O = 4>] {
}

// -----

// expected-error @below {{unsupported triple 'amdgcn-amd-amdhsa'; #offload.cuda targets 'nvptx64-nvidia-cuda'}}
gpu.module @m [#offload.cuda<triple = "amdgcn-amd-amdhsa">] {
}

// -----

// expected-error @below {{unknown flag 'fastest'; known flags: fast, ftz}}
gpu.module @m [#offload.cuda<flags = {fastest}>] {
}

// -----

// expected-error @below {{flag 'fast' is set by its name alone or by true or false, not by 1 : i64}}
gpu.module @m [#offload.cuda<flags = {fast = 1}>] {
}

// -----

// Too large for its int: the attribute parser says so, never a wrapped level.
// expected-error @below {{integer value too large}}
// expected-error @below {{failed to parse Offload_CudaTargetAttr parameter 'O'}}
gpu.module @m [#offload.cuda<O = 4294967295>] {
}

// -----

// expected-error @below {{'link' must be an array of strings}}
gpu.module @m [#offload.cuda<link = [1]>] {
}
