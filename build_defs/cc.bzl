# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""cc_library, cc_binary and cc_test for mlir-offload's own targets.

MLIR 22's headers need C++17, and Bazel 4's default toolchain compiles C++ as
C++0x. Each of our targets carries the language level in its own copts, which
do not propagate: a workspace that depends on mlir-offload needs no --cxxopt
in a .bazelrc, and its own targets keep the flags it gives them.
"""

OFFLOAD_COPTS = ["-std=c++17"]

def cc_library(copts = [], **kwargs):
    native.cc_library(copts = OFFLOAD_COPTS + copts, **kwargs)

def cc_binary(copts = [], **kwargs):
    native.cc_binary(copts = OFFLOAD_COPTS + copts, **kwargs)

def cc_test(copts = [], **kwargs):
    native.cc_test(copts = OFFLOAD_COPTS + copts, **kwargs)
