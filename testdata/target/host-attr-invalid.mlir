// #offload.host's verifier checks `cpu` and each name in `features` against
// LLVM's tables for the attribute's triple (the compiling machine's when it
// names none): an unknown one is one diagnostic at the attribute, naming it
// and the triple, with the closest known name when one is close, and exit
// code 1, where LLVM itself would only warn and compile for another CPU.
// RUN: offload-opt %s -split-input-file -verify-diagnostics
// (The plugin's verifier is the same: testdata/tools/dialect-plugin-alone.mlir.)
// Without -verify-diagnostics, the first bad attribute stops the run with exit code 1.
// RUN: %expect_exit 1 offload-opt %s -split-input-file 2>&1 | FileCheck %s --check-prefix=EXIT
// EXIT: error: cpu 'skylake-avx51' is not a CPU that LLVM knows for x86_64-unknown-linux-gnu; did you mean 'skylake-avx512'?
// EXIT-NOT: Stack dump
// The attach pass builds the attribute through the same verifier.
// RUN: %expect_exit 1 offload-opt %S/../vector_add.mlir --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=znver44' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ATTACH
// ATTACH: error: offload-attach-host-target: cpu 'znver44' is not a CPU that LLVM knows for x86_64-unknown-linux-gnu; did you mean 'znver4'?

// expected-error @below {{cpu 'skylake-avx51' is not a CPU that LLVM knows for x86_64-unknown-linux-gnu; did you mean 'skylake-avx512'?}}
gpu.module @m [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "skylake-avx51">] {
}

// -----

// Nothing close: no suggestion.
// expected-error @below {{cpu 'pentium-99' is not a CPU that LLVM knows for x86_64-unknown-linux-gnu}}
gpu.module @m [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "pentium-99">] {
}

// -----

// The feature that is wrong, among good ones.
// expected-error @below {{feature 'avx22' (in '+fma,+avx22,-avx512f') is not a feature that LLVM knows for x86_64-unknown-linux-gnu; did you mean 'avx2'?}}
gpu.module @m [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64-v2", features = "+fma,+avx22,-avx512f">] {
}

// -----

// Turning off an unknown feature is as wrong as turning it on.
// expected-error @below {{feature 'avx9000' (in '-avx9000') is not a feature that LLVM knows for x86_64-unknown-linux-gnu}}
gpu.module @m [#offload.host<triple = "x86_64-unknown-linux-gnu", features = "-avx9000">] {
}

// -----

// Another architecture's names are unknown on this one.
// expected-error @below {{cpu 'znver4' is not a CPU that LLVM knows for aarch64-unknown-linux-gnu}}
gpu.module @m [#offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "znver4">] {
}

// -----

// expected-error @below {{feature 'avx2' (in '+avx2') is not a feature that LLVM knows for aarch64-unknown-linux-gnu}}
gpu.module @m [#offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "neoverse-v2", features = "+avx2">] {
}

// -----

// expected-error @below {{feature 'sve3' (in '+sve3') is not a feature that LLVM knows for aarch64-unknown-linux-gnu; did you mean 'sve2'?}}
gpu.module @m [#offload.host<triple = "aarch64-unknown-linux-gnu", features = "+sve3">] {
}

// -----

// Without a triple, the compiling machine's tables decide, and the message
// says which they were.
// expected-error-re @below {{cpu 'no-such-cpu' is not a CPU that LLVM knows for {{(x86_64|aarch64)}}-{{.*}} (the compiling machine)}}
gpu.module @m [#offload.host<cpu = "no-such-cpu">] {
}

// -----

// Known names pass, on each architecture and on the compiling machine.
gpu.module @x86 [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64-v3", features = "+avx2,-avx512f">] {
}
gpu.module @newer [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "diamondrapids">] {
}
gpu.module @arm [#offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "neoverse-v2", features = "+sve2,-sve2-aes">] {
}
gpu.module @generic [#offload.host<cpu = "generic", O = 3>] {
}
