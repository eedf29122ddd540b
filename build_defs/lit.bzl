# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""One Bazel test per lit test file, so that Bazel caches and parallelizes them."""

def lit_tests(name, srcs, data = [], size = "small"):
    """Defines `<name>/<file>` tests for each file in `srcs` and a suite `name`.

    Each runs `lit` on one file with testdata/lit.cfg.py; the tools that its
    RUN lines use come from `data` and the LLVM tools from @offload_llvm.
    """
    tests = []
    for src in srcs:
        test_name = "%s/%s" % (name, src)
        native.sh_test(
            name = test_name,
            size = size,
            srcs = ["//build_defs:lit_runner.sh"],
            args = ["$(location %s)" % src],
            data = [
                src,
                "//testdata:lit_config",
                "@offload_llvm//:FileCheck",
                "@offload_llvm//:count",
                "@offload_llvm//:lit",
                "@offload_llvm//:llvm-readelf",
                "@offload_llvm//:llvm-dis",
                "@offload_llvm//:not",
            ] + data,
        )
        tests.append(test_name)
    native.test_suite(name = name, tests = tests)
