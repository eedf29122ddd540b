# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What each target's folder of registration/ declares, and the list of them."""

load("//build_defs:cc.bzl", "cc_library")
load("//build_defs:targets.bzl", "OFFLOAD_TARGETS")

def offload_target_registration(name, cc_name, deps, translation_deps):
    """The two libraries that register target `name` (`cuda`).

    `:<name>` (`<cc_name>Registration.cpp`) registers everything of the
    target for offload-opt and the plugin: register<cc_name>Target and
    register<cc_name>TargetPasses. `:translation`
    (`<cc_name>Translation.cpp`) registers what --mlir-to-llvmir needs of
    it, without its serializer: register<cc_name>Translation.

    Args:
      name: the target's folder name.
      cc_name: its name in C++ (`Cuda`).
      deps: the libraries of the target's parts.
      translation_deps: those that its translation needs.
    """
    cc_library(
        name = "translation",
        srcs = [cc_name + "Translation.cpp"],
        deps = ["//registration:target_registration"] + translation_deps,
    )
    cc_library(
        name = name,
        srcs = [cc_name + "Registration.cpp"],
        deps = ["//registration:target_registration"] + deps,
    )

def target_cc_name(target):
    """`cuda` as C++ names it: `Cuda`."""
    return target[0].upper() + target[1:]

def targets_def(name):
    """`name`: Targets.def, an OFFLOAD_TARGET(<cc_name>) line per target."""
    lines = ["OFFLOAD_TARGET(%s)" % target_cc_name(t) for t in OFFLOAD_TARGETS]
    native.genrule(
        name = name,
        outs = ["Targets.def"],
        cmd = "printf '%s\\n' " + " ".join(["'%s'" % line for line in lines]) + " > $@",
    )

def each_target(label):
    """`label` (`//registration/%s`) for each target."""
    return [label % t for t in OFFLOAD_TARGETS]
