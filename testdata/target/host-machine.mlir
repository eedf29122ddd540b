// The CPU a host object is compiled for: features that turn off what the
// platform's calling convention passes values in are one error at the module
// each, exit code 1 (an unknown CPU or feature is the attribute's own error:
// host-attr-invalid.mlir). (With -sse2 on
// x86-64, a kernel would take its float arguments on the x87 stack while its
// launcher and libm put them in XMM registers.)
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-module-to-binary='format=isa'
// RUN: %expect_exit 1 offload-opt %s -split-input-file --offload-module-to-binary='format=isa' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXIT --implicit-check-not='not a recognized'
// EXIT: error: cannot compile gpu.module @m for the host: features '-sse2' turn off 'sse2'
// EXIT-NOT: Stack dump

// expected-error @below {{cannot compile gpu.module @m for the host: features '-sse2' turn off 'sse2', which x86_64's calling convention needs for float and double arguments and results: the kernels and the C library would pass them in different places}}
gpu.module @m [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64", features = "-sse2">] {
}

// -----

// Turning off SSE turns off SSE2 with it.
// expected-error @below {{features '+avx2,-sse' turn off 'sse2'}}
gpu.module @m [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64", features = "+avx2,-sse">] {
}

// -----

// expected-error @below {{features '-x87' turn off 'x87', which x86_64's calling convention needs for long double results}}
gpu.module @m [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64", features = "-x87">] {
}

// -----

// expected-error @below {{'x86-64' with features '+soft-float' turns on 'soft-float', which x86_64's calling convention needs for every floating-point value}}
gpu.module @m [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64", features = "+soft-float">] {
}

// -----

// expected-error @below {{features '-neon' turn off 'neon', which aarch64's calling convention needs for vector arguments and results}}
gpu.module @m [#offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "neoverse-v2", features = "-neon">] {
}

// -----

// expected-error @below {{features '-fp-armv8' turn off 'fp-armv8'}}
gpu.module @m [#offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "generic", features = "-fp-armv8">] {
}

// -----

// What the calling convention does not need may go, and newer CPUs than
// this one are compiled for (the runtime checks what runs where).
gpu.module @fewer [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64-v3", features = "-avx2,-fma">] {
}
gpu.module @newer [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "diamondrapids">] {
}
gpu.module @arm [#offload.host<triple = "aarch64-unknown-linux-gnu", cpu = "neoverse-v2", features = "-sve2">] {
}
