// Each bad parameter of #offload.rocm is one diagnostic at the attribute,
// and exit code 1.
// RUN: offload-opt %s -split-input-file -verify-diagnostics
// Without -verify-diagnostics, the first bad attribute stops the run with exit code 1.
// RUN: %expect_exit 1 offload-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: error: chip 'gfx91' is not a target ID of an AMD GPU: unknown AMD GPU 'gfx91'; supported chips: gfx801,
// EXIT-NOT: Stack dump

// An unknown chip lists the known ones.
// expected-error @below {{chip 'gfx91' is not a target ID of an AMD GPU: unknown AMD GPU 'gfx91'; supported chips: gfx801, gfx802, gfx803, }}
gpu.module @m [#offload.rocm<chip = "gfx91">] {
}

// -----

// xnack where the chip has none.
// expected-error @below {{chip 'gfx1030:xnack+' is not a target ID of an AMD GPU: gfx1030 has no xnack}}
gpu.module @m [#offload.rocm<chip = "gfx1030:xnack+">] {
}

// -----

// expected-error @below {{chip 'gfx90a:xnack+:xnack-' is not a target ID of an AMD GPU: xnack is set twice}}
gpu.module @m [#offload.rocm<chip = "gfx90a:xnack+:xnack-">] {
}

// -----

// expected-error @below {{unknown code object version abi = "300"; it is 400, 500 or 600}}
gpu.module @m [#offload.rocm<abi = "300">] {
}

// -----

// expected-error @below {{gfx1250 runs waves of 32 lanes only; drop wave64}}
gpu.module @m [#offload.rocm<chip = "gfx1250", wave64 = true>] {
}

// -----

// expected-error @below {{feature '+xnack' belongs in the chip: write it as a target ID, chip = "gfx90a:xnack+"}}
gpu.module @m [#offload.rocm<chip = "gfx90a", features = "+xnack">] {
}

// -----

// expected-error @below {{feature '+wavefrontsize64' sets the wave size, which wave64 does}}
gpu.module @m [#offload.rocm<chip = "gfx1100", features = "+wavefrontsize64">] {
}

// -----

// expected-error @below {{unknown flag 'turbo'; known flags: fast, daz, unsafe_math, finite_only}}
gpu.module @m [#offload.rocm<flags = {turbo}>] {
}

// -----

// expected-error @below {{optimization level O = 4 is out of range; it must be 0, 1, 2 or 3}}
gpu.module @m [#offload.rocm<O = 4>] {
}

// -----

// expected-error @below {{unsupported triple 'nvptx64-nvidia-cuda'; #offload.rocm targets 'amdgcn-amd-amdhsa'}}
gpu.module @m [#offload.rocm<triple = "nvptx64-nvidia-cuda">] {
}

// -----

// Another spelling of the vendor or an environment: the code object would
// be for "amdgcn--amdhsa--gfx90a", which the HIP runtime runs nowhere.
// expected-error @below {{unsupported triple 'amdgcn--amdhsa'; #offload.rocm targets 'amdgcn-amd-amdhsa'}}
gpu.module @m [#offload.rocm<chip = "gfx90a", triple = "amdgcn--amdhsa">] {
}

// -----

// expected-error @below {{unsupported triple 'amdgcn-amd-amdhsa-gnu'; #offload.rocm targets 'amdgcn-amd-amdhsa'}}
gpu.module @m [#offload.rocm<chip = "gfx90a", triple = "amdgcn-amd-amdhsa-gnu">] {
}

// -----

// expected-error @below {{'link' must be an array of strings}}
gpu.module @m [#offload.rocm<link = [1]>] {
}

// -----

// gfx6 and gfx7 lack ds_bpermute, which every subgroup operation needs, and
// no ROCm release runs them: not in the table.
// expected-error @below {{chip 'gfx600' is not a target ID of an AMD GPU: unknown AMD GPU 'gfx600'; supported chips: gfx801,}}
gpu.module @m [#offload.rocm<chip = "gfx600">] {
}

// -----

// A feature that LLVM's AMDGPU backend does not know: one error, not the
// backend's warnings and an object built without it.
// expected-error @below {{feature '+bogus' (in '+cumode,+bogus') is not a feature of LLVM's AMDGPU backend}}
gpu.module @m [#offload.rocm<chip = "gfx1100", features = "+cumode,+bogus">] {
}

// -----

// expected-error @below {{feature '-cumod' (in '-cumod') is not a feature of LLVM's AMDGPU backend; did you mean 'cumode'?}}
gpu.module @m [#offload.rocm<chip = "gfx1100", features = "-cumod">] {
}

// -----

// An instruction set of another chip: its instructions would not decode.
// expected-error @below {{feature '+fp8-conversion-insts' is an instruction set feature that gfx90a does not have: its code would not run there}}
gpu.module @m [#offload.rocm<chip = "gfx90a", features = "+fp8-conversion-insts">] {
}

// -----

// Two targets whose code objects the runtime cannot tell apart (both
// gfx1100, neither with xnack or sramecc) but whose waves differ: it would
// load either, and subgroups would change with it.
// expected-error @below {{gpu.module lists #offload.rocm<chip = "gfx1100"> and #offload.rocm<chip = "gfx1100", wave64 = true>, whose code objects the runtime cannot tell apart (both for gfx1100) but whose waves differ (32 and 64 lanes): keep one of them}}
gpu.module @m [#offload.rocm<chip = "gfx1100">, #offload.host, #offload.rocm<chip = "gfx1100", wave64 = true>] {
}
