# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The conformance suite on one backend: its kernels and its test.

Each backend's folder (cuda/, hip/, host/, vulkan/) calls these two macros:
`conformance_kernels` compiles conformance_kernels.mlir to the object that
the backend loads, and `conformance_test` links the suite (`:suite`) with the
backend's fixture.cc into a test whose environment chooses the backend.
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

def conformance_test(device, kernels, name = "conformance_test", data = [], env = {}):
    """The suite, linked with fixture.cc of the calling folder.

    Every case reports errors rather than ending (MGPU_ON_ERROR=report), so
    that it reads the answer to each call.

    Args:
      device: the backend, as MGPU_DEVICE names it.
      kernels: the label of the object of conformance_kernels.mlir that the
        fixture loads ($CONFORMANCE_KERNELS).
      name: the test.
      data: the backend's driver and whatever else `env` names.
      env: the environment that sets up the backend's driver.
    """
    cc_test(
        name = name,
        size = "small",
        srcs = ["fixture.cc"],
        data = [_SOURCE, kernels] + data,
        env = dict(
            env,
            CONFORMANCE_KERNELS = "$(rootpath %s)" % kernels,
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
