# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The kinds of runtime test that BUILD.bazel declares more than once."""

load("//build_defs:cc.bzl", "cc_test")

_FAKE_CUDA = "//offload_runtime/testing:libfake_cuda.so"

def fake_cuda_test(name, env = {}, data = [], deps = [], **kwargs):
    """A test of libmgpu.so against the test CUDA driver (MGPU_CUDA_DRIVER).

    Args:
      name: the test.
      env: the environment besides MGPU_CUDA_DRIVER.
      data: what the test reads besides the driver.
      deps: the test's libraries besides the runtime, the driver's control
        and cuda.h.
      **kwargs: cc_test's other attributes.
    """
    cc_test(
        name = name,
        env = dict(env, MGPU_CUDA_DRIVER = "$(rootpath %s)" % _FAKE_CUDA),
        data = [_FAKE_CUDA] + data,
        deps = [
            "//offload_runtime:mgpu",
            "//offload_runtime/testing:fake_cuda_helpers",
            "@offload_cuda//:cuda_headers",
        ] + deps,
        **kwargs
    )

def tsan_test(name, srcs, env = {}, deps = [], **kwargs):
    """`srcs` with the runtime compiled in, under ThreadSanitizer.

    Its own sanitizer: tagged `tsan`, which --config=asan and --config=ubsan
    leave out.

    Args:
      name: the test.
      srcs: the test's sources, besides the runtime's.
      env: the environment besides TSAN_OPTIONS.
      deps: the test's libraries besides the runtime's and GoogleTest.
      **kwargs: cc_test's other attributes.
    """
    cc_test(
        name = name,
        srcs = srcs + ["//offload_runtime:mgpu_sources"],
        copts = [
            "-fsanitize=thread",
            "-O1",
            "-g",
        ],
        env = dict(env, TSAN_OPTIONS = "halt_on_error=1 second_deadlock_stack=1"),
        linkopts = [
            "-fsanitize=thread",
            "-ldl",
        ],
        tags = ["tsan"],
        deps = [
            "//object_format/amdgpu:amdgpu_chips",
            "//object_format/spirv:spirv_reflect",
            "//offload_runtime:mgpu_headers",
            "@offload_cuda//:cuda_headers",
            "@offload_gtest//:gtest_main",
        ] + deps,
        **kwargs
    )

def script_test(name, inputs, **kwargs):
    """`<name>.sh`, run with the path of each of `inputs` as its arguments.

    Args:
      name: the test, and its script without `.sh`.
      inputs: the labels whose paths the script takes, in order.
      **kwargs: sh_test's other attributes.
    """
    native.sh_test(
        name = name,
        srcs = [name + ".sh"],
        args = ["$(rootpath %s)" % label for label in inputs],
        data = inputs,
        **kwargs
    )
