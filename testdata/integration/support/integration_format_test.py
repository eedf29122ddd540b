# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Tests integration_format.py's reading of a program's directives."""
import os
import sys
import tempfile
import unittest

# lit, from @offload_llvm in the runfiles, and the format beside this file.
sys.path.insert(0, os.path.join(os.environ["TEST_SRCDIR"], "offload_llvm", "utils", "lit"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import integration_format  # noqa: E402


class RecipeTest(unittest.TestCase):
    def recipe(self, text):
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write(text)
        try:
            return integration_format._recipe(f.name)
        finally:
            os.unlink(f.name)

    def test_every_target_by_default(self):
        lines = self.recipe("// CHECK: 1\n")
        self.assertIn("offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s", lines)
        self.assertTrue(any("--offload-lower-to-vulkan -o %t.vulkan.mlir" in l for l in lines))
        self.assertTrue(any("spirv_val_objects.py < %t.vulkan.mlir" in l for l in lines))
        self.assertTrue(any("--offload-lower-to-cuda=" in l for l in lines))

    def test_unsupported_target_is_left_out(self):
        lines = self.recipe("// UNSUPPORTED-TARGET: vulkan: SPIR-V has no printf\n")
        self.assertFalse(any("vulkan" in l for l in lines))
        self.assertTrue(any("lower-to-host" in l for l in lines))
        self.assertTrue(any("lower-to-cuda" in l for l in lines))

    def test_host_checked(self):
        checked = 'offload-opt %s --offload-lower-to-host="check=true" | %offload_runner | FileCheck %s'
        self.assertIn(checked, self.recipe("// CHECK: 1\n"))
        # Alone, or with the host.
        lines = self.recipe("// UNSUPPORTED-TARGET: host-check: it reads past an end on purpose\n")
        self.assertNotIn(checked, lines)
        self.assertTrue(any("lower-to-host |" in l for l in lines))
        lines = self.recipe("// UNSUPPORTED-TARGET: host: its RUN lines run it\n")
        self.assertFalse(any("lower-to-host" in l for l in lines))

    def test_pipeline(self):
        lines = self.recipe("// TARGET-PIPELINE: offload-lower-loops-to\n")
        self.assertTrue(all("--offload-lower-loops-to-" in l for l in lines if l.startswith("offload-opt")))
        self.assertFalse(any("--offload-lower-to-" in l for l in lines))

    def test_errors(self):
        for text, message in [
            ("// UNSUPPORTED-TARGET: vulkn: typo\n", "names 'vulkn', not one of host, host-check, vulkan, cuda"),
            ("// UNSUPPORTED-TARGET: vulkan\n", "says no why"),
            ("// UNSUPPORTED-TARGET: vulkan:   \n", "says no why"),
            ("// UNSUPPORTED-TARGET: cuda: a\n// UNSUPPORTED-TARGET: cuda: b\n", "line 2: UNSUPPORTED-TARGET: cuda: said twice"),
            ("// TARGET-PIPELINE: offload-lower-loops-to-host\n", "is not a pipeline name less its target"),
            ("// TARGET-PIPELINE: a-to\n// TARGET-PIPELINE: a-to\n", "TARGET-PIPELINE said twice"),
        ]:
            with self.subTest(text=text):
                with self.assertRaisesRegex(ValueError, message):
                    self.recipe(text)


if __name__ == "__main__":
    unittest.main()
