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


def write_tree(root, files):
    for path, text in files.items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w") as f:
            f.write(text)


def problems_of(check, docs, *args):
    failures = Quiet()
    check(docs, *args, failures)
    return [m for _, m, _ in failures.items]


class Paths(unittest.TestCase):
    """Paths of the checkout, from the docs and from a folder's README."""

    def setUp(self):
        self.checkout = tempfile.mkdtemp()
        write_tree(self.checkout, {
            "target/README.md": "", "target/cuda/Cuda.cpp": "", "target/cuda/tests/T.cc": "",
            "target/BUILD.bazel": 'genrule(name = "g", outs = ["Made.inc"])\n',
            "target/cuda/Uses.cpp": '#include "mlir/InitAllDialects.h"\n',
            "docs/x.md": "",
        })

    def check(self, path, text):
        doc, _ = parse(text, path)
        failures = Quiet()
        docs_test.check_paths(self.checkout, [doc], failures)
        return [m for _, m, _ in failures.items]

    def test_paths_that_exist_pass(self):
        self.assertEqual(self.check("docs/x.md", "`target/cuda/Cuda.cpp`, `target/*/tests/`, "
                                    "`target/Made.inc`, `target/<name>/`, `/usr/lib/x.h`, "
                                    "`./program`, `bin/ptxas`\n"), [])
        self.assertEqual(self.check("target/README.md", "`cuda/Cuda.cpp`, `Cuda.cpp`, `tests/`, "
                                    "`cuda/`, `Made.inc`, `InitAll*.h`, `Cu*.cpp`, `docs/`\n"), [])

    def test_missing_paths_fail(self):
        self.assertEqual(len(self.check("docs/x.md", "`target/cuda/Gone.cpp`\n")), 1)
        for text in ["`cuda/Gone.cpp`", "`Gone.cpp`", "`gone/`", "`Gone*.h`"]:
            problems = self.check("target/README.md", text + "\n")
            self.assertEqual(len(problems), 1, text)
            self.assertIn("no such", problems[0])


class Names(unittest.TestCase):
    """Passes, environment variables and messages, looked up in the code."""

    SOURCES = docs_test.Sources(None, {
        "conversion/Passes.td": 'def P : Pass<"offload-lower-things", "ModuleOp"> {}\n',
        "pipelines/Pipelines.cpp":
            'registerPipeline<Options>(\n    "offload-lower-to-cpu", "help");\n'
            '#define DEBUG_TYPE "offload-cache"\n',
        "tools/BUILD.bazel": 'cc_binary(name = "offload-opt")\n',
        "offload_runtime/device.cc": 'const char *d = getenv("MGPU_DEVICE");\n'
                                     'const char *x = getenv("MGPU_ONLY_IN_A_TEST");\n',
        "offload_runtime/tests/t.cc": 'setenv("MGPU_SET_BY_TESTS", "1", 1);\n',
        "offload_runtime/include/mgpu/mgpu.h": "#define MGPU_OBJECT_PTX 3\n",
        "tools/run.sh": 'echo "$OFFLOAD_CACHE_DIR"\n',
        "translation/Loader.cpp":
            'return error() << "object " << index << " of gpu.binary @" << name\n'
            '               << " targets " << target\n'
            '               << ", which is not a CUDA, AMD, Vulkan or host target";\n'
            'diag << "cannot find it; looked in:%s" << "; its kernels: ";\n'
            'os << " (" << why << ")" << "): no " << join(files, " or ");\n'
            'list = {"lib64/libnvJitLink.so", "bin/ptxas"}; why = "the option";\n'
            # Short literals, of which any text is made but for the rules.
            'f("a"); f("C"); f("CUDA"); f("target"); f(", which "); f("is not "); f(" ");\n',
    })

    def test_pass_names(self):
        doc, _ = parse("`offload-lower-things{a=1}`, `offload-lower-to-cpu`, `offload-opt`, "
                       "`-debug-only=offload-cache`, `offload-lower-to-...`, "
                       "`testdata/passes/offload-gone.mlir`\n")
        self.assertEqual(problems_of(docs_test.check_pass_names, [doc], self.SOURCES), [])
        doc, _ = parse("<!-- run -->\n```sh\noffload-opt --offload-lower-thing\n```\n"
                       "`offload-lower-to-gpu`\n")
        self.assertEqual(len(problems_of(docs_test.check_pass_names, [doc], self.SOURCES)), 2)

    def test_environment(self):
        doc, _ = parse("`MGPU_DEVICE=host`, `MGPU_OBJECT_PTX`, $OFFLOAD_CACHE_DIR, `MGPU_*`\n")
        self.assertEqual(problems_of(docs_test.check_environment, [doc], self.SOURCES), [])
        doc, _ = parse("<!-- run -->\n<!-- env: MGPU_DEVICES=host -->\n```sh\nx\n```\n"
                       "`MGPU_SET_BY_TESTS`, OFFLOAD_CACHE\n")
        self.assertEqual(len(problems_of(docs_test.check_environment, [doc], self.SOURCES)), 3)

    def table(self, *messages):
        rows = "".join(f"| input | `{m}` |\n" for m in messages)
        doc, _ = parse("| input | message |\n| --- | --- |\n" + rows)
        return problems_of(docs_test.check_messages, [doc], self.SOURCES)

    def test_messages_that_the_code_prints_pass(self):
        self.assertEqual(self.table(
            "object 0 of gpu.binary @b targets #xevm.target, which is not a CUDA, AMD, "
            "Vulkan or host target",
            "object 12 of gpu.binary @\"a b\" targets #rocdl.target<chip = \"gfx90a\">, which ...",
            "cannot find it; looked in: <path> (the option): no lib64/libnvJitLink.so or "
            "bin/ptxas (the option)",
            "two words"), [])
        doc, _ = parse("| message | x |\n| --- | --- |\n| `no such message at all` | y |\n\n"
                       "| input | meaning |\n| --- | --- |\n| x | `no such message either` |\n")
        self.assertEqual(len(problems_of(docs_test.check_messages, [doc], self.SOURCES)), 1)

    def test_messages_that_the_code_does_not_print_fail(self):
        for message in [
                "object 0 of gpu.binary @b targets #rocdl.target<...>, which is not a CUDA target",
                "object 0 of gpu.binary @b aims at #xevm.target, which is not a CUDA, AMD, "
                "Vulkan or host target",
                "object 0 of gpu.binary @b targets #x, which is not a CUDA, AMD or host target",
                "cannot find it; looked in: <path> (the option): no lib64/libnvJitLink.so and "
                "bin/ptxas"]:
            self.assertEqual(len(self.table(message)), 1, message)


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
