# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What each target's folder of dialects/ declares: its attribute and its attach pass."""

load("//build_defs:cc.bzl", "cc_library")
load("//build_defs:tablegen.bzl", "gentbl_cc_library")

def offload_target_attr(name, attr, srcs = [], hdrs = [], deps = []):
    """`name`: the target's attribute `<attr>TargetAttr`, defined in `<attr>TargetAttr.td`.

    The library holds the generated class, its verifier and its
    registration (`<attr>TargetAttr.{h,cpp}`), with `srcs` and `hdrs` that
    the verifier uses.

    Args:
      name: the library (`target_attr`).
      attr: the attribute's C++ name without `TargetAttr` (`Cuda`).
      srcs: further sources.
      hdrs: further headers.
      deps: further dependencies.
    """
    base = attr + "TargetAttr"
    gentbl_cc_library(
        name = name + "_inc",
        outs = {
            "-gen-attrdef-decls -attrdefs-dialect=offload": base + ".h.inc",
            "-gen-attrdef-defs -attrdefs-dialect=offload": base + ".cpp.inc",
        },
        td_file = base + ".td",
        td_srcs = ["//dialects:OffloadBase.td"],
    )
    cc_library(
        name = name,
        srcs = [base + ".cpp"] + srcs,
        hdrs = [base + ".h"] + hdrs,
        deps = [
            ":" + name + "_inc",
            "//dialects:offload_dialect",
            "@offload_llvm//:llvm",
            "@offload_llvm//:mlir",
        ] + deps,
    )

def offload_attach_pass(name, src, pass_group, deps = []):
    """`name`: the pass of `src`, declared in the folder's Passes.td.

    Args:
      name: the library (`passes`).
      src: the pass's source file.
      pass_group: the name its generated registration takes
        (`register<pass_group>Passes`).
      deps: further dependencies: the target's attribute.
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
        ] + deps,
    )
