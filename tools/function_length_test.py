#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""No function in compiler code is longer than 80 lines.

Counts from the first line of a function's signature to its closing brace, in
every C++ file of the compiler's folders (the runtime is C++ behind a C ABI,
held to the same bar by review, not by this test). The code is clang-formatted
(LLVM style), so a brace-matching scan is exact enough: strings, characters and
comments are skipped; a body is a `{` whose statement ends in `)` (with
qualifiers, a trailing return type or a constructor's initializers after it),
outside any other function body; lambdas and local classes count toward the
function that holds them.

Usage: function_length_test.py [--limit N] [FILE...]; without files, every
C++ file under COMPILER_FOLDERS of the checkout (under `bazel test`, found
through the WORKSPACE file that the test depends on, as the layering test does).
"""

import glob
import os
import re
import sys

COMPILER_FOLDERS = ["abi", "dialects", "transforms", "conversion", "target",
                    "translation", "pipelines", "registration", "tools"]

LIMIT = 80
CONTROL = re.compile(r"\b(if|for|while|switch|catch|do|else|try)\s*(\(|$)")
SIGNATURE_END = re.compile(
    r"\)\s*(const|override|final|noexcept|volatile|&|&&|\s)*"
    r"(->\s*[\w:<>,\s*&]+)?\s*(:\s*[\w:]+[({].*)?$",
    re.S,
)


def strip_code(text):
    """The text with strings, characters and comments blanked, lines kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif text.startswith('R"', i) and (i == 0 or not text[i - 1].isalnum()):
            delim = text[i + 2:text.find("(", i)]
            j = text.find(")" + delim + '"', i)
            j = n if j < 0 else j + len(delim) + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c in "\"'" and not (c == "'" and i > 0 and text[i - 1].isalnum()):
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def long_functions(path, limit):
    code = strip_code(open(path, encoding="utf-8").read())
    lines = code.split("\n")
    # Preprocessor lines are not statements.
    code = "\n".join("" if l.lstrip().startswith("#") else l for l in lines)
    depth, body_depth, statement_start, body_start = 0, None, 0, 0
    found = []
    for i, c in enumerate(code):
        if c in ";{}" and body_depth is None:
            statement = code[statement_start:i]
            if c == "{" and not CONTROL.search(statement) and "](" not in statement \
                    and SIGNATURE_END.search(statement.strip()) and "=" not in statement.split("(")[0]:
                body_depth = depth
                first = statement_start + len(statement) - len(statement.lstrip())
                body_start = code.count("\n", 0, first) + 1
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if body_depth is not None and depth == body_depth:
                end = code.count("\n", 0, i) + 1
                if end - body_start + 1 > limit:
                    name = lines[body_start - 1].strip()
                    found.append((path, body_start, end - body_start + 1, name))
                body_depth = None
        if c in ";{}":
            statement_start = i + 1
    return found


def checkout_files():
    root = "."
    if "TEST_SRCDIR" in os.environ:
        workspace = os.path.join(os.environ["TEST_SRCDIR"],
                                 os.environ["TEST_WORKSPACE"], "WORKSPACE")
        root = os.path.dirname(os.path.realpath(workspace))
    return sorted(
        path
        for folder in COMPILER_FOLDERS
        for ext in ("cpp", "h", "cc")
        for path in glob.glob(os.path.join(root, folder, "**", "*." + ext),
                              recursive=True)
        if "/tests/" not in path)


def main(argv):
    limit = LIMIT
    if len(argv) > 1 and argv[1] == "--limit":
        limit = int(argv[2])
        argv = argv[2:]
    files = [f for f in argv[1:] if f.endswith((".cpp", ".h", ".cc"))]
    if len(argv) == 1:
        files = checkout_files()
    if not files:
        print("FAIL: no files to check")
        return 1
    found = [f for path in files for f in long_functions(path, limit)]
    for path, line, length, name in found:
        print(f"FAIL: {path}:{line}: {length} lines, over {limit}: {name}")
    print(f"function length: {len(files)} files, {len(found)} functions over {limit} lines")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
