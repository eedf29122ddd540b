# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The lit test format of the integration programs (lit.local.cfg uses it).

Each target's recipe is written once, here, and runs before the program's
own RUN lines, on every target but those the program names, with why:

  // UNSUPPORTED-TARGET: vulkan: SPIR-V has no gpu.printf

`host-check` is the host target with checked kernels (docs/checking.md); a
program that does not run on the host does not run there either. A program
keeps RUN lines of its own only for what is its own (a diagnostic
it expects, an option it tries, a disassembly it checks). The recipes lower
with --offload-lower-to-<target>; a program that starts from loops says

  // TARGET-PIPELINE: offload-lower-loops-to

The Vulkan recipe leaves the lowered program in %t.vulkan.mlir for the
program's own RUN lines. A directive that names no known target, gives no
reason or is said twice makes the test UNRESOLVED (a failure).
"""
import os
import re

import lit.formats
import lit.Test
import lit.TestRunner

_SUPPORT = os.path.dirname(os.path.abspath(__file__))

# Each target's recipe; {pipeline} is the program's TARGET-PIPELINE.
_RECIPES = {
    # Runs on the host backend, output FileChecked.
    "host": [
        "offload-opt %s --{pipeline}-host | %offload_runner | FileCheck %s",
    ],
    # The same on the host, its kernels checking themselves
    # (docs/checking.md): a finding fails the launch, and so the program.
    # A program that does not run on the host does not run so either.
    "host-check": [
        'offload-opt %s --{pipeline}-host="check=true" | %offload_runner | FileCheck %s',
    ],
    # Every SPIR-V object passes spirv-val, and the program runs on Vulkan
    # (lavapipe) with the same output.
    "vulkan": [
        "offload-opt %s --{pipeline}-vulkan -o %t.vulkan.mlir",
        "%%python %s < %%t.vulkan.mlir" % os.path.join(_SUPPORT, "spirv_val_objects.py"),
        "env MGPU_DEVICE=vulkan %offload_runner %t.vulkan.mlir | FileCheck %s",
    ],
    # Compiled for sm_90 to LLVM IR (no NVIDIA GPU runs it here).
    "cuda": [
        'offload-opt %s --{pipeline}-cuda="chips=sm_90 toolkit=%cuda_toolkit"'
        " | offload-translate --mlir-to-llvmir -o /dev/null",
    ],
}

_UNSUPPORTED = re.compile(r"UNSUPPORTED-TARGET:(.*)$")
_PIPELINE = re.compile(r"TARGET-PIPELINE:(.*)$")


def directives(path):
    """({target: why} of the targets the program at `path` has no meaning
    on, its TARGET-PIPELINE or None); ValueError where a directive is
    wrong."""
    skipped = {}
    pipeline = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            match = _UNSUPPORTED.search(line)
            if match:
                target, _, why = match.group(1).partition(":")
                target, why = target.strip(), why.strip()
                if target not in _RECIPES:
                    raise ValueError(
                        "line %d: UNSUPPORTED-TARGET names '%s', not one of %s"
                        % (number, target, ", ".join(_RECIPES))
                    )
                if not why:
                    raise ValueError(
                        "line %d: UNSUPPORTED-TARGET: %s: says no why" % (number, target)
                    )
                if target in skipped:
                    raise ValueError(
                        "line %d: UNSUPPORTED-TARGET: %s: said twice" % (number, target)
                    )
                skipped[target] = why
            match = _PIPELINE.search(line)
            if match:
                if pipeline is not None:
                    raise ValueError("line %d: TARGET-PIPELINE said twice" % number)
                pipeline = match.group(1).strip()
                if not re.fullmatch(r"[a-z][a-z-]*-to", pipeline):
                    raise ValueError(
                        "line %d: TARGET-PIPELINE '%s' is not a pipeline "
                        "name less its target" % (number, pipeline)
                    )
    if "host" in skipped:
        skipped.setdefault("host-check", skipped["host"])
    return skipped, pipeline


def _recipe(path):
    """The recipe lines of the targets the program at `path` runs on."""
    skipped, pipeline = directives(path)
    return [
        line.format(pipeline=pipeline or "offload-lower-to")
        for target, lines in _RECIPES.items()
        if target not in skipped
        for line in lines
    ]


class IntegrationTest(lit.formats.ShTest):
    """ShTest with each target's recipe run before the file's RUN lines."""

    def execute(self, test, litConfig):
        try:
            recipe = _recipe(test.getSourcePath())
        except ValueError as e:
            return lit.Test.Result(lit.Test.UNRESOLVED, str(e))
        return lit.TestRunner.executeShTest(
            test,
            litConfig,
            self.execute_external,
            self.extra_substitutions,
            self.preamble_commands + recipe,
        )

