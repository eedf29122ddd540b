# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""integration/programs.bzl against the programs' directives: every
integration program with a `func.func @main` and a meaning on CUDA is built
ahead of time (in INTEGRATION_PROGRAMS, with its pipeline, or in
GPU_CHECK_PROGRAMS, with the other targets it has a meaning on), and nothing
else is; VULKAN_PROGRAMS have a meaning on Vulkan."""
import glob
import os
import re
import sys
import unittest

# lit, from @offload_llvm in the runfiles, and the format beside this file.
sys.path.insert(0, os.path.join(os.environ["TEST_SRCDIR"], "offload_llvm", "utils", "lit"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import integration_format  # noqa: E402

INTEGRATION = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tables():
    namespace = {}
    with open(os.path.join(INTEGRATION, "programs.bzl"), encoding="utf-8") as f:
        exec(f.read(), namespace)  # Starlark's literals are Python's.
    return namespace


def programs():
    """{name: (targets it has no meaning on, pipeline, has @main)}."""
    out = {}
    for path in glob.glob(os.path.join(INTEGRATION, "*.mlir")):
        skipped, pipeline = integration_format.directives(path)
        with open(path, encoding="utf-8") as f:
            has_main = re.search(r"func\.func @main\(", f.read()) is not None
        name = os.path.basename(path)[: -len(".mlir")]
        out[name] = (set(skipped), pipeline or "offload-lower-to", has_main)
    return out


class ProgramsTest(unittest.TestCase):
    def setUp(self):
        self.tables = tables()
        self.programs = programs()
        self.assertGreater(len(self.programs), 40)

    def test_every_program_on_cuda_is_built(self):
        want = {name for name, (skipped, _, has_main) in self.programs.items()
                if has_main and "cuda" not in skipped}
        built = set(self.tables["INTEGRATION_PROGRAMS"])
        checked = set(self.tables["GPU_CHECK_PROGRAMS"])
        self.assertEqual(built & checked, set(), "in both tables")
        self.assertEqual(sorted(want - built - checked), [], "built by neither table")
        self.assertEqual(sorted((built | checked) - want), [],
                         "no such program, no @main or no meaning on CUDA")

    def test_pipelines(self):
        for name, pipeline in self.tables["INTEGRATION_PROGRAMS"].items():
            self.assertEqual(pipeline, self.programs[name][1] + "-cuda", name)
        for name in self.tables["GPU_CHECK_PROGRAMS"]:
            self.assertEqual(self.programs[name][1], "offload-lower-to", name)

    def test_targets(self):
        for name, targets in self.tables["GPU_CHECK_PROGRAMS"].items():
            skipped = self.programs[name][0]
            want = [t for t in ("host", "vulkan") if t not in skipped]
            self.assertEqual(targets, want, name)
        for name in self.tables["VULKAN_PROGRAMS"]:
            self.assertIn(name, self.tables["INTEGRATION_PROGRAMS"])
            self.assertNotIn("vulkan", self.programs[name][0], name)


if __name__ == "__main__":
    unittest.main()
