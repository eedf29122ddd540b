# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Analysis tests of offload_cc_library (the offload_objects rule under it):
each bad attribute fails analysis with its message; a good target plans the
three actions that build_defs/offload.bzl documents."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("//build_defs:offload.bzl", "offload_objects")

def _failure_test_impl(ctx):
    env = analysistest.begin(ctx)
    asserts.expect_failure(env, ctx.attr.expected_message)
    return analysistest.end(env)

_failure_test = analysistest.make(
    _failure_test_impl,
    expect_failure = True,
    attrs = {"expected_message": attr.string(mandatory = True)},
)

def _actions_test_impl(ctx):
    env = analysistest.begin(ctx)
    actions = analysistest.target_actions(env)
    mnemonics = [a.mnemonic for a in actions]
    asserts.equals(env, ["OffloadLower", "OffloadTranslate", "OffloadLlc"], mnemonics)
    lower = actions[0]
    argv = " ".join(lower.argv)
    for expected in ctx.attr.expected_in_pipeline:
        asserts.true(env, expected in argv, "'%s' not in the lowering's command line: %s" % (expected, argv))
    asserts.equals(env, "off", lower.env.get("OFFLOAD_CACHE"), "the object cache must be off inside Bazel's actions")
    outputs = [f.basename for f in analysistest.target_under_test(env)[DefaultInfo].files.to_list()]
    asserts.equals(env, ["good.o"], outputs)
    return analysistest.end(env)

_actions_test = analysistest.make(
    _actions_test_impl,
    attrs = {"expected_in_pipeline": attr.string_list()},
)

# name -> (attributes of the target under test, the message analysis fails with)
_FAILURES = {
    "bad_pipeline": ({"pipeline": "offload-lower-to-rocm"}, "pipeline must be one of"),
    "bad_format": ({"format": "elf"}, "format must be one of [\"fatbin\", \"bin\", \"isa\"], not 'elf'"),
    "bad_load_mode": ({"load_mode": "eager"}, "load_mode must be one of [\"ctor\", \"lazy\"], not 'eager'"),
    "bad_chip": ({"chips": ["90"]}, "chips are SM architectures such as \"sm_90\", not '90'"),
    "bad_opt_level": ({"opt_level": 4}, "opt_level must be 0 to 3, not 4"),
    "bad_index_bitwidth": ({"index_bitwidth": 16}, "index_bitwidth must be 32 or 64, not 16"),
    "tile_sizes_without_loops": ({"tile_sizes": [32]}, "tile_sizes applies to the pipelines"),
    "too_many_tile_sizes": (
        {"pipeline": "offload-lower-loops-to-cuda", "tile_sizes": [8, 8, 4, 2]},
        "tile_sizes has at most 3 entries (x, y, z), not 4",
    ),
    "zero_tile_size": ({"pipeline": "offload-lower-loops-to-host", "tile_sizes": [32, 0]}, "tile_sizes must be positive, not 0"),
    "isa_with_host": ({"format": "isa", "host": True}, "format \"isa\" makes PTX, which the host cannot run"),
    "chips_for_the_host_alone": (
        {"pipeline": "offload-lower-to-host", "chips": ["sm_90"]},
        "chips does not apply to pipeline = \"offload-lower-to-host\"",
    ),
    "host_cpu_without_host": ({"host_cpu": "znver4"}, "host_cpu applies with host = True or a host pipeline only"),
}

def offload_rule_test_suite(name):
    """Declares every analysis test, and `name`, a test_suite of them."""
    tests = []
    for test_name, (attrs, message) in _FAILURES.items():
        offload_objects(
            name = test_name + "_target",
            srcs = ["good.mlir"],
            tags = ["manual"],
            **attrs
        )
        _failure_test(
            name = test_name + "_test",
            target_under_test = ":" + test_name + "_target",
            expected_message = message,
        )
        tests.append(":" + test_name + "_test")
    offload_objects(
        name = "good_target",
        srcs = ["good.mlir"],
        pipeline = "offload-lower-loops-to-cuda",
        chips = ["sm_80", "sm_90"],
        tile_sizes = [32, 4],
        load_mode = "lazy",
        tags = ["manual"],
    )
    _actions_test(
        name = "good_test",
        target_under_test = ":good_target",
        expected_in_pipeline = [
            "offload-lower-loops-to-cuda",
            # The toolkit by its path in the execution root, never an
            # absolute one: the action is the same from every checkout.
            "toolkit=external/offload_cuda ",
            "chips=sm_80,sm_90",
            "tile-sizes=32,4",
            "load=lazy",
        ],
    )
    tests.append(":good_test")
    native.test_suite(name = name, tests = tests)
