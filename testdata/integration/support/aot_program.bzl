# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""aot_program: an MLIR program whose `func.func @main` returns nothing, built
ahead of time into a binary that needs no LLVM (the GPU machine's kind):
offload_objects, then @main renamed integration_main, which support/main.cc
calls, linked with the static libmgpu and the print functions of
support/print_*.cc."""

load("//build_defs:cc.bzl", "cc_binary")
load("//build_defs:offload.bzl", "offload_objects")

def aot_program(name, src, tags = [], **kwargs):
    """`name`: the binary; `name`_objects: its objects (offload_objects, with
    `kwargs` as its pipeline's options)."""
    offload_objects(
        name = name + "_objects",
        srcs = [src],
        format = "bin",
        tags = tags,
        **kwargs
    )
    native.genrule(
        name = name + "_renamed",
        srcs = [":%s_objects" % name],
        outs = [name + ".o"],
        cmd = "$(location @offload_llvm//:llvm-objcopy) --redefine-sym main=integration_main $< $@",
        tags = tags,
        tools = ["@offload_llvm//:llvm-objcopy"],
    )
    cc_binary(
        name = name,
        srcs = [":%s.o" % name],
        tags = tags,
        deps = [
            "//offload_runtime:mgpu",
            "//testdata:integration_support",
        ],
    )
