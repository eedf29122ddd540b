// The attribute prints only what differs from its defaults.
// RUN: offload-opt %s | FileCheck %s
// RUN: offload-opt %s | offload-opt | FileCheck %s

// CHECK: gpu.module @defaults [#offload.cuda]
gpu.module @defaults [#offload.cuda<O = 2, triple = "nvptx64-nvidia-cuda", chip = "sm_75", features = "">] {
}

// CHECK: gpu.module @all [#offload.cuda<O = 1, chip = "sm_120a", features = "+ptx88", flags = {ftz}, link = ["lib.bc"], ptxasOptions = ["-v"]>]
gpu.module @all [#offload.cuda<O = 1, chip = "sm_120a", features = "+ptx88", flags = {ftz}, link = ["lib.bc"], ptxasOptions = ["-v"]>] {
}

// CHECK: gpu.module @two_targets [#offload.cuda<chip = "sm_80">, #offload.cuda<chip = "sm_90">]
gpu.module @two_targets [#offload.cuda<chip = "sm_80">, #offload.cuda<chip = "sm_90">] {
}
