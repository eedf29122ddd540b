#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""docs_test.py on made-up documents: what passes, and what must fail.

Runs without the build: the "tools" are small shell scripts in a temporary
directory, so each check of the docs test is shown to catch what it is for.
"""

import importlib.util
import os
import stat
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("docs_test", os.path.join(HERE, "docs_test.py"))
docs_test = importlib.util.module_from_spec(spec)
spec.loader.exec_module(docs_test)


class Quiet(docs_test.Failures):
    def add(self, where, message, detail=""):
        self.items.append((where, message, detail))


def parse(text, path="docs/x.md"):
    failures = Quiet()
    doc = docs_test.parse_doc(path, text, failures)
    docs_test.check_decisions([doc], failures)
    return doc, [m for _, m, _ in failures.items]


class Markers(unittest.TestCase):
    def test_a_block_without_a_decision_fails(self):
        _, problems = parse("```sh\nls\n```\n")
        self.assertEqual(len(problems), 1)
        self.assertIn("without a decision", problems[0])

    def test_decided_blocks_pass(self):
        doc, problems = parse("<!-- norun: needs a GPU -->\n```sh\nx\n```\n\n"
                              "<!-- run: offload-opt %s -->\n```mlir\nmodule {}\n```\n\n"
                              "```c++\nint x;\n```\n")
        self.assertEqual(problems, [])
        self.assertEqual([b.marks for b in doc.blocks],
                         [{"norun": "needs a GPU"}, {"run": "offload-opt %s"}, {}])

    def test_stacked_markers_and_indented_blocks(self):
        doc, problems = parse("- item:\n  <!-- run -->\n  <!-- exit: 2 -->\n  ```sh\n"
                              "  exit 2\n  ```\n")
        self.assertEqual(problems, [])
        self.assertEqual(doc.blocks[0].marks, {"run": "", "exit": "2"})
        self.assertEqual(doc.blocks[0].text, "exit 2\n")

    def test_misplaced_and_malformed_markers_fail(self):
        cases = {
            "<!-- run -->\n\n```sh\nx\n```\n": "not on the line right above",
            "<!-- norun -->\n```sh\nx\n```\n": "without a reason",
            "<!-- runn -->\n```sh\nx\n```\n": "unknown marker",
            "<!-- run -->\n```mlir\nx\n```\n": "runs through a command",
            "<!-- exit: 1 -->\n```sh\nx\n```\n": "'exit' without 'run'",
            "<!-- run -->\n<!-- requires: magic -->\n```sh\nx\n```\n": "unknown feature",
            "<!-- file: a.mlir -->\n```mlir\nx\n```\n": "used by no run",
            "<!-- run -->\n<!-- from: y.md a -->\n```sh\nx\n```\n": "has no <!-- file: a -->",
        }
        for text, expected in cases.items():
            _, problems = parse(text)
            self.assertTrue(any(expected in p for p in problems), (text, problems))


class Matching(unittest.TestCase):
    def test_exact(self):
        self.assertIsNone(docs_test.matches("a\nb\n", "\na\nb  \n\n", ""))
        self.assertIsNotNone(docs_test.matches("a\nb\n", "a\nc\n", ""))

    def test_lines_in_order_with_wildcards(self):
        output = "noise\nbase@ = 0x1234 rank = 1\n[0,  1]\n"
        self.assertIsNone(docs_test.matches("base@ = 0x... rank = 1\n[0,  1]", output, "lines"))
        self.assertIsNotNone(docs_test.matches("[0,  1]\nbase@", output, "lines"))
        self.assertIsNone(docs_test.matches("[0,  1]\nbase@", output, "lines", ordered=False))
        self.assertIsNotNone(docs_test.matches("rank = 2", output, "lines"))

    def test_anchors(self):
        text = ("# `#offload.loader`: x\n## A team's remote cache\n"
                "```sh\n# not a heading\n```\n## A\n## A\n")
        self.assertEqual(docs_test.anchors(text),
                         {"offloadloader-x", "a-teams-remote-cache", "a", "a-1"})


class Running(unittest.TestCase):
    """The runner, with offload-opt a script that rejects every input."""

    def setUp(self):
        self.tmp = tempfile.mkdtemp()
        checkout = os.path.join(self.tmp, "checkout")
        tools = os.path.join(self.tmp, "bazel-bin", "tools")
        os.makedirs(os.path.join(checkout, "docs"))
        os.makedirs(tools)
        opt = os.path.join(tools, "offload-opt")
        with open(opt, "w") as f:
            f.write("#!/bin/sh\necho \"error: no $1\" >&2\nexit 1\n")
        os.chmod(opt, stat.S_IRWXU)
        self.failures = Quiet()
        self.runner = docs_test.Runner(checkout, os.path.join(self.tmp, "bazel-bin"),
                                       os.path.join(self.tmp, "llvm"), "/nonexistent",
                                       os.path.join(self.tmp, "run"), self.failures)
        self.count = 0

    def run_doc(self, text):
        self.count += 1
        doc, problems = parse(text, f"docs/d{self.count}.md")
        self.assertEqual(problems, [])
        self.failures.items.clear()
        files = {(doc.path, b.marks["file"]): b.text for b in doc.blocks if "file" in b.marks}
        self.runner.run_doc(doc, files)
        return [m for _, m, _ in self.failures.items]

    def test_outputs_and_exit_codes(self):
        self.assertEqual(self.run_doc("<!-- run -->\n```sh\necho hi\n```\n"
                                      "<!-- output -->\n```\nhi\n```\n"), [])
        self.assertIn("the output differs from the doc",
                      self.run_doc("<!-- run -->\n```sh\necho hi\n```\n"
                                   "<!-- output -->\n```\nho\n```\n"))
        self.assertIn("exit status 1, expected 0",
                      self.run_doc("<!-- run -->\n```sh\nfalse\necho never\n```\n"))
        self.assertEqual(self.run_doc("<!-- run: offload-opt %s -->\n<!-- exit: 1 -->\n"
                                      "```mlir\nmodule {}\n```\n"
                                      "<!-- output: lines -->\n```\nerror: no ...mlir\n```\n"), [])

    def test_files_env_and_hidden_commands(self):
        text = ("<!-- file: a.txt -->\n```\nfrom the doc\n```\n"
                "<!-- run: cat a.txt; echo $GREETING -->\n<!-- env: GREETING=hello -->\n"
                "<!-- output -->\n```\nfrom the doc\nhello\n```\n")
        self.assertEqual(self.run_doc(text), [])

    def test_a_missing_feature_skips_the_run_and_its_output(self):
        text = ("<!-- run: offload-opt %s -->\n<!-- requires: host-cpu-verifier -->\n"
                "```mlir\nx\n```\n<!-- output -->\n```\nnever checked\n```\n")
        # offload-opt rejects everything here, so the feature looks present.
        self.assertIn("exit status 1, expected 0", self.run_doc(text))
        self.runner.features["host-cpu-verifier"] = False
        self.assertEqual(self.run_doc(text), [])
        self.assertEqual(self.runner.counts["skipped"], 1)

    def test_bazel_shim_takes_only_what_the_test_has(self):
        self.assertEqual(self.run_doc("<!-- run -->\n```sh\nbazel build //tools:all\n"
                                      "bazel build //tools:offload-opt\n```\n"), [])
        for command in ["bazel build //tools:nothing", "bazel run //tools:offload-opt",
                        "bazel build //other:all"]:
            self.assertIn("exit status 2, expected 0",
                          self.run_doc(f"<!-- run -->\n```sh\n{command}\n```\n"), command)


class Starlark(unittest.TestCase):
    OUTPUT = """INFO: Repository offload_llvm instantiated at:
ERROR: /ws/docs_bazel_10/BUILD.bazel:3:19: in offload_objects rule //docs_bazel_10:ptx_objects:
Traceback (most recent call last):
Error in fail: attribute format: format must be one of ["fatbin", "bin", "isa"], not 'ptx'
WARNING: errors encountered while analyzing target '//docs_bazel_10:ptx': it will not be built
INFO: Analyzed 5 targets
"""

    def packages(self, text):
        doc, problems = parse(text, "docs/bazel.md")
        self.assertEqual(problems, [])
        return docs_test.starlark_packages([doc])

    def test_outputs_belong_to_the_build_snippet_above(self):
        packages, workspaces = self.packages(
            "<!-- run: workspace -->\n```python\nw\n```\n"
            "<!-- run -->\n```python\nx\n```\n<!-- output: lines -->\n```\nerr\n```\n"
            "<!-- run -->\n```sh\ny\n```\n<!-- output -->\n```\nshell's\n```\n")
        self.assertEqual(len(workspaces), 1)
        self.assertEqual([(p, [o.text for o in outs]) for p, _, outs in packages],
                         [("docs_bazel_6", ["err\n"])])

    def check(self, marks, expected_text):
        block = docs_test.Block("docs/bazel.md", 10, "python", "", marks)
        output = docs_test.Block("docs/bazel.md", 20, "", expected_text, {"output": "lines"})
        failures = Quiet()
        docs_test.check_analysis([("docs_bazel_10", block, [output])], self.OUTPUT, 1, failures)
        return [m for _, m, _ in failures.items]

    def test_analysis_errors_are_attributed_and_checked(self):
        self.assertEqual(self.check({"run": "", "exit": "1"}, "not 'ptx'"), [])
        self.assertEqual(self.check({"run": "", "exit": "1"}, "not 'isa'"),
                         ["Bazel's errors differ from the doc"])
        self.assertEqual(self.check({"run": ""}, "not 'ptx'"), ["Bazel's analysis fails"])


if __name__ == "__main__":
    unittest.main(argv=[sys.argv[0]])
