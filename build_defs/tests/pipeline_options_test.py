#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The pipelines as built, docs/pipelines.md and the table say the same.

- `offload-opt --help` lists, under each of the four pipelines, exactly the
  options of the table that apply to it, each with the table's help text:
  what the registered C++ option structs really take.
- docs/pipelines.md's table is the one the table makes.
(The rule's side is //build_defs/tests:every_option_*_test: every attribute
reaches the pipeline as its option.)

Usage: pipeline_options_test.py GENERATOR TARGETS DOC OFFLOAD_OPT
(TARGETS: build_defs/targets.bzl, which lists the table's parts)
"""

import importlib.util
import re
import subprocess
import sys


def load_generator(path):
    spec = importlib.util.spec_from_file_location("gen_pipeline_options", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def help_options(offload_opt, pipeline):
    """{option: help} that `offload-opt --help` lists under `pipeline`."""
    text = subprocess.run([offload_opt, "--help"], check=True, capture_output=True,
                          text=True).stdout
    lines = text.split("\n")
    head = [i for i, l in enumerate(lines) if re.match(r"\s*--%s\s" % re.escape(pipeline), l)]
    if len(head) != 1:
        return None
    indent = len(lines[head[0]]) - len(lines[head[0]].lstrip())
    options = {}
    for line in lines[head[0] + 1:]:
        if len(line) - len(line.lstrip()) <= indent:
            break
        match = re.match(r"\s*--?([\w-]+)(?:[= ]<\w+>)?\s+- (.*)$", line)
        if match:
            options[match.group(1)] = match.group(2).strip()
    return options


def main(argv):
    generator, table_path, doc, offload_opt = argv[1:5]
    gen = load_generator(generator)
    pipelines, table = gen.load_table(table_path)
    failures = 0
    for pipeline, info in pipelines.items():
        expected = {e["name"]: e["help"] for e in table if gen.applies(e, info["family"])}
        listed = help_options(offload_opt, pipeline)
        if listed is None:
            print("FAIL: offload-opt --help does not list %s" % pipeline)
            failures += 1
            continue
        for name in sorted(set(expected) | set(listed)):
            if name not in listed:
                print("FAIL: %s: the table's option %s is not in offload-opt" % (pipeline, name))
            elif name not in expected:
                print("FAIL: %s: offload-opt's option %s is not in the table" % (pipeline, name))
            elif listed[name] != expected[name]:
                print("FAIL: %s: %s says '%s' in offload-opt, '%s' in the table" % (
                    pipeline, name, listed[name], expected[name]))
            else:
                continue
            failures += 1
        print("%s: %d options" % (pipeline, len(listed)))
    if gen.main(["", "docs", table_path, doc]) != 0:
        failures += 1
    print("pipeline options: %d failures" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
