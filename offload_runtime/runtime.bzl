# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What every library of the runtime (the core and each backend) builds with."""

load("//build_defs:cc.bzl", "cc_library")

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

def mgpu_backend(name, deps):
    """A backend of the runtime: the library of the sources in its folder.

    It registers itself with the core (MGPU_REGISTER_BACKEND, a static
    constructor that nothing calls, hence alwayslink), and its sources are
    also compiled into the runtime's ThreadSanitizer tests (`:sources`).

    Args:
      name: the backend, and its folder.
      deps: what it uses besides the core.
    """
    sources = native.glob(["*.cc", "*.h", "*.inc"])
    cc_library(
        name = name,
        srcs = sources,
        copts = RUNTIME_COPTS,
        deps = ["//offload_runtime:core"] + deps,
        alwayslink = True,
        linkstatic = True,
        visibility = ["//offload_runtime:__subpackages__"],
    )
    native.filegroup(
        name = "sources",
        srcs = sources,
        visibility = ["//offload_runtime:__subpackages__"],
    )
