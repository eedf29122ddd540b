// PTX to cubin with nvJitLink (the default where the toolkit has it) or ptxas:
// each deterministic, and an assembler that cannot be had is one error.

// RUN: offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' > %t.first
// RUN: offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading > %t.second
// RUN: cmp %t.first %t.second
// RUN: FileCheck %s --input-file=%t.first
// CHECK: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}bin = "\7FELF{{.*}}">, #gpu.object<#offload.cuda<chip = "sm_90", assembler = "nvjitlink">, {{.*}}bin = "\7FELF{{.*}}">, #gpu.object<#offload.cuda<chip = "sm_90", assembler = "ptxas">, {{.*}}bin = "\7FELF{{.*}}">]

// The default is nvJitLink; ptxas runs when asked.
// RUN: offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading -debug-only=serialize-to-binary 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=CHOICE
// CHOICE-COUNT-2: nvJitLink -arch=sm_90
// CHOICE: Tool invocation for gpu.module @kernels (sm_90):
// CHOICE-NEXT: {{.*}}ptxas -arch sm_90

// nvJitLink loads once: on a thread of its own while LLVM compiles, or, with
// threading off, when the first assembly needs it.
// RUN: offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' -debug-only=serialize-to-binary 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=BACKGROUND
// BACKGROUND-COUNT-1: loading {{.*}}/lib64/libnvJitLink.so in the background
// BACKGROUND-NOT: in the background
// RUN: offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading -debug-only=serialize-to-binary 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=FOREGROUND
// FOREGROUND-NOT: loading {{.*}}libnvJitLink
// FOREGROUND: loading {{.*}}/lib64/libnvJitLink.so for the first assembly
// FOREGROUND-NOT: loading {{.*}}libnvJitLink

// A toolkit without nvJitLink: ptxas by default, an error when nvJitLink is
// asked for.
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin toolkit=%S/Inputs/old-toolkit' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot compile gpu.module @kernels for sm_90: ptxas failed
// MISSING: error: cannot compile gpu.module @kernels for sm_90: cannot find a CUDA toolkit with what this compile needs; looked in:
// MISSING-NEXT: old-toolkit (the toolkit option): no lib64/libnvJitLink.so (to assemble the PTX (assembler = "nvjitlink"))

// An option that ptxas does not know, passed on by nvJitLink: ptxas's message.
// RUN: %expect_exit 1 offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit opts=--no-such-option' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OPTION
// OPTION: error: cannot compile gpu.module @kernels for sm_90: nvJitLink failed (error {{[0-9]+}}):
// OPTION-NEXT: ptxas fatal   : Unknown option '-no-such-option'

// RUN: %expect_exit 1 offload-opt %s --offload-attach-target='chip=sm_90 assembler=nvlink' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: offload-attach-target: unknown assembler 'nvlink'; it is nvjitlink or ptxas (or absent, for nvJitLink where the toolkit has it)

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90">,
                       #offload.cuda<chip = "sm_90", assembler = "nvjitlink">,
                       #offload.cuda<chip = "sm_90", assembler = "ptxas">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
