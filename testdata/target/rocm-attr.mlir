// #offload.rocm prints only what differs from its defaults: O = 2, the triple
// amdgcn-amd-amdhsa, chip gfx900, no features, abi (code object version)
// 500, waves of the chip's own size.
// RUN: offload-opt %s | FileCheck %s
// RUN: offload-opt %s | offload-opt | FileCheck %s

// CHECK: gpu.module @defaults [#offload.rocm]
gpu.module @defaults [#offload.rocm<O = 2, triple = "amdgcn-amd-amdhsa", chip = "gfx900", features = "", abi = "500", wave64 = false>] {
}

// CHECK: gpu.module @all [#offload.rocm<O = 3, chip = "gfx1100", features = "+cumode", abi = "600", wave64 = true, flags = {daz, fast, finite_only = false, unsafe_math}, link = ["lib.bc"]>]
gpu.module @all [#offload.rocm<O = 3, chip = "gfx1100", features = "+cumode", abi = "600", wave64 = true, flags = {fast, daz, unsafe_math, finite_only = false}, link = ["lib.bc"]>] {
}

// A target ID: the chip with its xnack and sramecc settings, as written.
// CHECK: gpu.module @target_ids [#offload.rocm<chip = "gfx90a:xnack-">, #offload.rocm<chip = "gfx942:sramecc+:xnack+">, #offload.rocm<chip = "gfx90a">]
gpu.module @target_ids [#offload.rocm<chip = "gfx90a:xnack-">, #offload.rocm<chip = "gfx942:sramecc+:xnack+">, #offload.rocm<chip = "gfx90a">] {
}

// Features the chip has, modes (cumode, on any chip) and what turns a
// feature off are accepted.
// CHECK: gpu.module @features [#offload.rocm<chip = "gfx942", features = "+fp8-conversion-insts,-dot7-insts">, #offload.rocm<chip = "gfx90a", features = "+cumode,+tgsplit">]
gpu.module @features [#offload.rocm<chip = "gfx942", features = "+fp8-conversion-insts,-dot7-insts">, #offload.rocm<chip = "gfx90a", features = "+cumode,+tgsplit">] {
}

// Waves of two sizes on chips or modes that the runtime tells apart.
// CHECK: gpu.module @waves [#offload.rocm<chip = "gfx1100">, #offload.rocm<chip = "gfx1030", wave64 = true>, #offload.rocm<chip = "gfx1010:xnack+">, #offload.rocm<chip = "gfx1010:xnack-", wave64 = true>]
gpu.module @waves [#offload.rocm<chip = "gfx1100">, #offload.rocm<chip = "gfx1030", wave64 = true>, #offload.rocm<chip = "gfx1010:xnack+">, #offload.rocm<chip = "gfx1010:xnack-", wave64 = true>] {
}

// Beside the other vendors' targets.
// CHECK: gpu.module @vendors [#offload.cuda<chip = "sm_90">, #offload.rocm<chip = "gfx942">, #offload.host]
gpu.module @vendors [#offload.cuda<chip = "sm_90">, #offload.rocm<chip = "gfx942">, #offload.host] {
}
