// #offload.vulkan: parsed and printed with its defaults elided, and its
// verifier: the SPIR-V version (1.5 or 1.6, for buffer device addresses),
// capability and extension names that SPIR-V knows, and limits in range, one
// diagnostic each at the attribute.
// RUN: offload-opt %s -split-input-file -verify-diagnostics | FileCheck %s

// CHECK: gpu.module @defaults [#offload.vulkan]
gpu.module @defaults [#offload.vulkan] {
}

// -----

// CHECK: gpu.module @all [#offload.vulkan<version = "1.5", caps = ["Float64", "Int64"], exts = ["SPV_KHR_integer_dot_product"], max_shared_memory = 49152, max_invocations = 256>]
gpu.module @all [#offload.vulkan<version = "1.5", caps = ["Float64", "Int64"], exts = ["SPV_KHR_integer_dot_product"], max_shared_memory = 49152, max_invocations = 256>] {
}

// -----

// expected-error @below {{SPIR-V version '1.4' is not 1.5 or 1.6: the kernel ABI passes memrefs as buffer device addresses, core from 1.5}}
gpu.module @version [#offload.vulkan<version = "1.4">] {
}

// -----

// expected-error @below {{'Float128' is not a SPIR-V capability}}
gpu.module @cap [#offload.vulkan<caps = ["Float128"]>] {
}

// -----

// expected-error @below {{'SPV_KHR_nothing' is not a SPIR-V extension}}
gpu.module @ext [#offload.vulkan<exts = ["SPV_KHR_nothing"]>] {
}

// -----

// expected-error @below {{each of caps must be a string, not 1 : i64}}
gpu.module @not_a_string [#offload.vulkan<caps = [1]>] {
}

// -----

// expected-error @below {{max_invocations = 2048 is out of range; it must be 1 to 1024}}
gpu.module @invocations [#offload.vulkan<max_invocations = 2048>] {
}

// -----

// expected-error @below {{max_shared_memory = -1 is negative}}
gpu.module @shared [#offload.vulkan<max_shared_memory = -1>] {
}
