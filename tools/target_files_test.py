#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The shared files that name a target are the ones docs/adding-a-target.md lists.

A target lives in folders of its own name; outside them, only the files that
the page lists (between its markers) may name a target, by the words of the
page's table. The test fails on a source file that names
one and is not listed, on a listed file that no longer names one or is gone,
and on a target of build_defs/targets.bzl that lacks a folder the page says
every target has.

Usage: target_files_test.py [--checkout DIR]; under `bazel test`, the checkout
is found through the WORKSPACE file that the test depends on.
"""

import os
import re
import subprocess
import sys

DOC = "docs/adding-a-target.md"
SOURCE_SUFFIXES = (".cpp", ".cc", ".h", ".td", ".bzl", ".py", ".sh", ".inc",
                   ".def")
# Folders whose files do not count: what tests, documents, measures or shows.
LEFT_OUT = re.compile(
    r"(^|/)(test|tests|testdata|testing|docs|bench|fuzz|examples)/")
# The layers in which every target has a folder of its name.
TARGET_FOLDERS = ["dialects", "target", "translation", "pipelines",
                  "registration"]


def find_checkout(argv):
    if "--checkout" in argv:
        return os.path.abspath(argv[argv.index("--checkout") + 1])
    workspace = os.path.join(os.environ["TEST_SRCDIR"],
                             os.environ["TEST_WORKSPACE"], "WORKSPACE")
    return os.path.dirname(os.path.realpath(workspace))


def between(text, begin, end):
    start = text.index(begin) + len(begin)
    return text[start:text.index(end, start)]


def listed_paths(text, begin, end):
    """The backquoted paths at the start of each item between the markers."""
    paths = []
    for line in between(text, begin, end).splitlines():
        if line.startswith("- "):
            paths += re.findall(r"`([\w./-]+\.\w+|[\w./-]+BUILD\.bazel)`",
                                line.split(":")[0])
    return paths


def target_names(text):
    """{target: [names]} from the page's table."""
    names = {}
    for line in between(text, "<!-- target names -->",
                        "<!-- end of target names -->").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] not in ("target", "---"):
            names[cells[0]] = [name.strip() for name in cells[1].split(",")]
    return names


def word_pattern(names):
    """A name as a word of its own, or joined on in camel case (fooMalloc,
    getFooChip for foo), in any case."""
    alternatives = "|".join(re.escape(name) for name in names)
    joined = "|".join(re.escape(name[0].upper() + name[1:]) + "|" +
                      re.escape(name.upper()) for name in names)
    return re.compile(r"(?i:(?<![a-z])(%s))|[a-z_](%s)" %
                      (alternatives, joined))


def path_pattern(names):
    return re.compile(r"(?i)(^|[/_])(%s)" %
                      "|".join(re.escape(name) for name in names))


def source_files(checkout):
    files = subprocess.run(["git", "-C", checkout, "ls-files"], check=True,
                           capture_output=True, text=True).stdout.split()
    return [f for f in files
            if (f.endswith(SOURCE_SUFFIXES) or
                os.path.basename(f) == "BUILD.bazel") and
            not LEFT_OUT.search(f) and os.path.exists(os.path.join(checkout, f))]


def built_targets(checkout):
    text = open(os.path.join(checkout, "build_defs/targets.bzl")).read()
    return sorted(set(re.findall(r'load\("//pipelines/(\w+):options\.bzl"',
                                 text)))


def main(argv):
    checkout = find_checkout(argv)
    doc = open(os.path.join(checkout, DOC)).read()
    allowed = set(listed_paths(doc, "<!-- shared files that name a target -->",
                               "<!-- end of shared files -->"))
    allowed |= set(listed_paths(doc, "<!-- other files that name a target -->",
                                "<!-- end of other files -->"))
    names = target_names(doc)
    failures = []
    if len(names) < 2 or len(allowed) < 2:
        failures.append("%s: found %d targets' names and %d listed files; the "
                        "markers or the table moved" %
                        (DOC, len(names), len(allowed)))
    naming = {}
    for path in source_files(checkout):
        text = open(os.path.join(checkout, path), errors="replace").read()
        for target, words in names.items():
            if not path_pattern(words).search(path) and \
                    word_pattern(words).search(text):
                naming.setdefault(path, []).append(target)
    for path in sorted(set(naming) - allowed):
        failures.append("%s names the %s target outside its folders and is "
                        "not listed in %s" %
                        (path, " and ".join(naming[path]), DOC))
    for path in sorted(allowed - set(naming)):
        failures.append("%s is listed in %s but %s" %
                        (path, DOC, "names no target" if os.path.exists(
                            os.path.join(checkout, path)) else "is gone"))
    targets = built_targets(checkout)
    if len(targets) < 2:
        failures.append("build_defs/targets.bzl: found %d targets" %
                        len(targets))
    for target in targets:
        for layer in TARGET_FOLDERS:
            folder = os.path.join(layer, target)
            if not os.path.exists(os.path.join(checkout, folder,
                                               "BUILD.bazel")):
                failures.append("target %s has no folder %s/" %
                                (target, folder))
    for failure in failures:
        print("FAIL: " + failure)
    print("%d shared files name a target; %d targets checked; %s" %
          (len(naming), len(targets), "FAILED" if failures else "ok"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
