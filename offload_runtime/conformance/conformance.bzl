# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The conformance suite on one backend: its kernels and its test.

Each backend's folder (<backend>/, beside this file) calls
`conformance_test`, which compiles conformance_kernels.mlir to the object
that the backend loads (`conformance_kernels`, which a backend may call for
more) and links the suite (`:suite`) with the backend's fixture.cc into a
test whose environment chooses the backend.
"""

load("//build_defs:cc.bzl", "cc_test")

_KERNELS = "//offload_runtime/conformance:conformance_kernels.mlir"
_SOURCE = "//offload_runtime/conformance:conformance_test.cc"

def conformance_kernels(name, out, pipeline, options = "", env = "", tools = []):
    """conformance_kernels.mlir lowered by --offload-lower-to-`pipeline`.

    Memrefs are bare pointers (each parameter is one value), and the object
    is extracted: what a gpu.binary holds for the backend.

    Args:
      name: the genrule.
      out: the object file.
      pipeline: the lowering, as --offload-lower-to-<pipeline> names it.
      options: the pipeline's options besides kernel-bare-ptr.
      env: assignments to put before the compiler's command line.
      tools: what the options and `env` name, besides the compiler.
    """
    native.genrule(
        name = name,
        srcs = [_KERNELS],
        outs = [out],
        cmd = " ".join([
            env,
            "OFFLOAD_CACHE=off",
            "OFFLOAD_LLD=$(location @offload_llvm//:ld.lld)",
            "$(location //tools:offload-opt) $(location %s)" % _KERNELS,
            "--offload-lower-to-%s=\"kernel-bare-ptr=true %s\"" % (pipeline, options),
            "| python3 $(location //testdata:extract_object.py) -o $@",
        ]),
        exec_tools = ["//tools:offload-opt"],
        tools = [
            "//testdata:extract_object.py",
            "@offload_llvm//:ld.lld",
        ] + tools,
    )

def conformance_test(
        device,
        pipeline,
        object,
        options = "",
        compile_env = "",
        compile_tools = [],
        data = [],
        env = {}):
    """The suite on one backend: `:kernels` and `:conformance_test`.

    `:kernels` is conformance_kernels.mlir compiled for the backend
    (conformance_kernels); `:conformance_test` the suite linked with
    fixture.cc of the calling folder. Every case reports errors rather than
    ending (MGPU_ON_ERROR=report), so that it reads the answer to each call.

    Args:
      device: the backend, as MGPU_DEVICE names it.
      pipeline: the lowering to the backend's object, as
        --offload-lower-to-<pipeline> names it.
      object: the object's file name ($CONFORMANCE_KERNELS).
      options: the pipeline's options besides kernel-bare-ptr.
      compile_env: assignments to put before the compiler's command line.
      compile_tools: what the options and `compile_env` name.
      data: the backend's driver and whatever else `env` names.
      env: the environment that sets up the backend's driver.
    """
    conformance_kernels(
        name = "kernels",
        out = object,
        env = compile_env,
        options = options,
        pipeline = pipeline,
        tools = compile_tools,
    )
    cc_test(
        name = "conformance_test",
        size = "small",
        srcs = ["fixture.cc"],
        data = [_SOURCE, ":kernels"] + data,
        env = dict(
            env,
            CONFORMANCE_KERNELS = "$(rootpath :kernels)",
            CONFORMANCE_TEST_SOURCE = "$(rootpath %s)" % _SOURCE,
            MGPU_DEVICE = device,
            MGPU_ON_ERROR = "report",
        ),
        deps = [
            "//offload_runtime:mgpu",
            "//offload_runtime/conformance:suite",
            "@offload_gtest//:gtest_main",
        ],
    )
