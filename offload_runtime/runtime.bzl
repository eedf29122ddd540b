# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What every library of the runtime (the core and each backend) builds with."""

# Optimized builds leave out the frame pointer (which Bazel's default
# toolchain keeps) and call other libraries through the GOT instead of the
# PLT: 8 of the instructions that libmgpu.so spends on a synchronous launch
# (docs/runtime.md#launch-cost). Unwinding still works from the DWARF call
# frame information, and the sanitizer builds, which are not optimized, keep
# their frame pointers.
RUNTIME_COPTS = select({
    "//offload_runtime:optimized": [
        "-fomit-frame-pointer",
        "-fno-plt",
    ],
    "//conditions:default": [],
})
