#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks every AMD object that offload_cc_library's lowering embedded.

Usage: amdgpu_objects_test.py LLVM-READELF CHIPS FILE.llvm.mlir...

CHIPS is comma-separated (gfx90a,gfx942). In each file (the `llvm_dialect`
output of an offload_objects target), every gpu.binary must hold an
#offload.rocm object for each chip, and each such object must be, as
llvm-readelf (not our own reader) sees it: an ELF shared object for
EM_AMDGPU whose flags name the chip, with no undefined dynamic symbol (a
device-library function left unlinked would be one).
"""
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from extract_object import decode, object_literals  # noqa: E402

BINARY = re.compile(r"gpu\.binary @([\w.$-]+)")
TARGET = re.compile(r'#gpu\.object<#offload\.rocm<[^>]*chip = "([^"]+)"')


def readelf(tool, data):
    with tempfile.NamedTemporaryFile(suffix=".hsaco") as f:
        f.write(data)
        f.flush()
        return subprocess.run([tool, "--file-header", "--dyn-syms", "--wide", f.name],
                              check=True, capture_output=True, text=True).stdout


def check_object(tool, chip, data):
    """What is wrong with the object for `chip`, or None."""
    out = readelf(tool, data)
    machine = re.search(r"Machine:\s+(\S+)", out)
    if not machine or machine.group(1) != "EM_AMDGPU":
        return "is not for EM_AMDGPU (%s)" % (machine.group(1) if machine else "no ELF header")
    if not re.search(r"Type:\s+DYN", out):
        return "is not a shared object (an HSA code object)"
    # llvm-readelf names the flags: "0x53f, gfx90a, xnack, sramecc".
    name = chip.split(":")[0]
    flags = re.search(r"Flags:\s+(.*)", out).group(1)
    if name not in [f.strip() for f in flags.split(",")]:
        return "has flags %s, which do not name %s" % (flags, name)
    undefined = [line.split()[-1] for line in out.splitlines()
                 if re.match(r"\s*\d+:", line) and " UND " in line and len(line.split()) >= 8]
    if undefined:
        return "leaves %s undefined" % ", ".join(undefined)
    return None


def check_file(tool, chips, path):
    text = open(path, encoding="utf-8").read()
    problems, count = [], 0
    binaries = [(m.start(), m.group(1)) for m in BINARY.finditer(text)]
    if not binaries:
        return ["%s: no gpu.binary" % path], 0
    for index, (start, name) in enumerate(binaries):
        end = binaries[index + 1][0] if index + 1 < len(binaries) else len(text)
        body = text[start:end]
        found = {}
        for match in re.finditer(r"#gpu\.object<", body):
            chip = TARGET.match(body, match.start())
            literal = next(object_literals(body[match.start():]))
            if chip:
                found[chip.group(1)] = decode(literal)
        for chip in chips:
            if chip not in found:
                problems.append("%s: gpu.binary @%s has no object for %s" % (path, name, chip))
                continue
            problem = check_object(tool, chip, found[chip])
            count += 1
            if problem:
                problems.append("%s: gpu.binary @%s: the %s object %s" % (path, name, chip, problem))
    return problems, count


def main(argv):
    tool, chips, files = argv[1], argv[2].split(","), argv[3:]
    problems, count = [], 0
    for path in files:
        file_problems, file_count = check_file(tool, chips, path)
        problems += file_problems
        count += file_count
    for problem in problems:
        print("FAIL: " + problem)
    print("%d AMD code objects in %d files checked, %d problems" % (count, len(files), len(problems)))
    return 1 if problems or not count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
