# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Analysis tests of offload_cc_library (the offload_objects rule under it):
each bad attribute fails analysis with its message; a good target plans the
three actions that build_defs/offload.bzl documents."""

load("@bazel_skylib//lib:unittest.bzl", "analysistest", "asserts")
load("//build_defs:offload.bzl", "offload_objects")
load("//build_defs:targets.bzl", "PIPELINE_TABLE")

PIPELINES = PIPELINE_TABLE["pipelines"]
PIPELINE_OPTIONS = PIPELINE_TABLE["options"]

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
    pipeline = [a for a in lower.argv if a.startswith("--pass-pipeline=")][0]
    options = pipeline[pipeline.find("{") + 1:pipeline.rfind("}")].split(" ")
    for expected in ctx.attr.expected_options:
        asserts.true(env, expected in options, "option '%s' not given to the pipeline: %s" % (expected, options))
    asserts.equals(env, "off", lower.env.get("OFFLOAD_CACHE"), "the object cache must be off inside Bazel's actions")
    for variable, value in ctx.attr.expected_env.items():
        asserts.equals(env, value, lower.env.get(variable), "$%s of the lowering" % variable)
    outputs = [f.basename for f in analysistest.target_under_test(env)[DefaultInfo].files.to_list()]
    asserts.equals(env, ["good.o"], outputs)
    return analysistest.end(env)

_actions_test = analysistest.make(
    _actions_test_impl,
    attrs = {
        "expected_in_pipeline": attr.string_list(),
        "expected_options": attr.string_list(),
        "expected_env": attr.string_dict(),
    },
)

# name -> (attributes of the target under test, the message analysis fails with)
_FAILURES = {
    "bad_pipeline": ({"pipeline": "offload-lower-to-metal"}, "pipeline must be one of"),
    "bad_format": ({"format": "elf"}, "format must be fatbin, bin or isa, not 'elf'"),
    "bad_load_mode": ({"load_mode": "eager"}, "load_mode must be ctor or lazy, not 'eager'"),
    "bad_chip": ({"chips": ["90"]}, "chips must start with sm_, not '90'"),
    "bad_opt_level": ({"opt_level": 4}, "opt_level must be 0 to 3, not 4"),
    "bad_index_bitwidth": ({"index_bitwidth": 16}, "index_bitwidth must be 32 or 64, not 16"),
    "tile_sizes_without_loops": ({"tile_sizes": [32]}, "tile_sizes applies to the pipelines of loops only"),
    "too_many_tile_sizes": (
        {"pipeline": "offload-lower-loops-to-cuda", "tile_sizes": [8, 8, 4, 2]},
        "tile_sizes has at most 3 entries, not 4",
    ),
    "zero_tile_size": ({"pipeline": "offload-lower-loops-to-host", "tile_sizes": [32, 0]}, "tile_sizes must be positive, not 0"),
    "isa_with_host": ({"format": "isa", "host": True}, "format \"isa\" makes assembly, which the host backend cannot load"),
    "isa_with_vulkan": ({"format": "isa", "vulkan": True}, "format \"isa\" makes SPIR-V text, which the Vulkan backend cannot load"),
    "chips_for_the_host_alone": (
        {"pipeline": "offload-lower-to-host", "chips": ["sm_90"]},
        "chips does not apply to pipeline = \"offload-lower-to-host\"",
    ),
    "host_cpu_without_host": ({"host_cpu": "znver4"}, "host_cpu applies with host = True only (or a host pipeline)"),
    "bad_chip_of_every_vendor": (
        {"chips": ["sm_90", "gfx942", "mi300"]},
        "chips must start with sm_ or gfx, not 'mi300'",
    ),
    "bad_amd_chip": ({"pipeline": "offload-lower-to-rocm", "chips": ["sm_90"]}, "chips must start with gfx, not 'sm_90'"),
    "wave64_for_nvidia": ({"wave64": True}, "wave64 does not apply to pipeline = \"offload-lower-to-cuda\""),
}

def _other_value(entry):
    """A value of `entry`'s attribute that is not its default, and the text
    the pipeline must be given for it."""
    kind, name = entry["type"], entry["name"]
    if kind == "bool":
        return not entry["default"], name if not entry["default"] else name + "=false"
    if kind == "unsigned":
        value = [v for v in entry.get("values", entry.get("range", [])) if v != entry["default"]][0]
        return value, "%s=%d" % (name, value)
    if kind == "string":
        value = [c for c in entry.get("choices", ["value"]) if c and c != entry["default"]][0]
        return value, "%s=%s" % (name, value)
    if kind == "strings":
        value = [entry.get("prefix", "-") + "90", entry.get("prefix", "-") + "100"]
        return value, "%s=%s" % (name, ",".join(value))
    if kind == "ints":
        return [8, 4], name + "=8,4"
    return ["lib.bc"], name + "=build_defs/tests/lib.bc"

def _applies(entry, family):
    return family in entry["families"]

def _every_option_tests(tests):
    """For each pipeline of loops, a target that sets every attribute that
    applies to it: each must reach the pipeline as the table's option."""
    for pipeline, info in PIPELINES.items():
        if not info["loops"]:
            continue
        attrs, expected = {"host": True} if info["family"] != "host" else {}, []
        for entry in PIPELINE_OPTIONS:
            if entry["attr"] and _applies(entry, info["family"]):
                value, text = _other_value(entry)
                if entry["attr"] == "format" or entry["attr"] not in attrs:
                    attrs[entry["attr"]] = value
                expected.append(text)
        test_name = "every_option_" + info["family"]
        offload_objects(
            name = test_name + "_target",
            srcs = ["good.mlir"],
            pipeline = pipeline,
            tags = ["manual"],
            **attrs
        )
        _actions_test(
            name = test_name + "_test",
            target_under_test = ":" + test_name + "_target",
            expected_options = expected,
        )
        tests.append(":" + test_name + "_test")

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

    # Both vendors' chips in one list: the every-vendor pipeline, with the
    # CUDA toolkit and the ROCm device libraries.
    offload_objects(
        name = "every_vendor_target",
        srcs = ["good.mlir"],
        chips = ["sm_90", "gfx942"],
        host = True,
        tags = ["manual"],
    )
    _actions_test(
        name = "every_vendor_test",
        target_under_test = ":every_vendor_target",
        expected_in_pipeline = [
            "offload-lower-to-gpu{",
            "toolkit=external/offload_cuda ",
            "targets=sm_90,gfx942,host",
        ],
        # The device libraries by their path in the execution root, and the
        # linker of the code objects.
        expected_env = {
            "ROCM_PATH": "external/offload_rocm",
            "OFFLOAD_LLD": "external/offload_llvm/bin/ld.lld",
        },
    )
    tests.append(":every_vendor_test")
    _every_option_tests(tests)
    native.test_suite(name = name, tests = tests)
