# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A target's attach pass, as each target's folder of dialects/ declares it."""

load("//build_defs:cc.bzl", "cc_library")
load("//build_defs:tablegen.bzl", "gentbl_cc_library")

def offload_attach_pass(name, src, pass_group):
    """`name`: the pass of `src`, declared in the folder's Passes.td.

    Args:
      name: the library (`passes`).
      src: the pass's source file.
      pass_group: the name its generated registration takes
        (`register<pass_group>Passes`).
    """
    gentbl_cc_library(
        name = name + "_inc",
        outs = {"-gen-pass-decls -name " + pass_group: "Passes.h.inc"},
        td_file = "Passes.td",
        td_srcs = ["//dialects:attach_options_td"],
    )
    cc_library(
        name = name,
        srcs = [src],
        hdrs = ["Passes.h"],
        deps = [
            ":" + name + "_inc",
            "//dialects:attach_target",
            "//dialects:offload_dialect",
            "@offload_llvm//:mlir",
        ],
    )
