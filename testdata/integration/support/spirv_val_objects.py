# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs spirv-val on every #gpu.object in MLIR text (stdin).

Usage: spirv_val_objects.py < lowered.mlir

Fails if the input has no object or if spirv-val (Vulkan 1.3) rejects one,
so that a program's every SPIR-V module is validated, however many it has.
"""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
from extract_object import decode, object_literals  # noqa: E402


def main():
    literals = list(object_literals(sys.stdin.read()))
    if not literals:
        sys.exit("spirv_val_objects.py: the input has no #gpu.object")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for index, literal in enumerate(literals):
            path = os.path.join(tmp, "%d.spv" % index)
            with open(path, "wb") as f:
                f.write(decode(literal))
            if subprocess.call(["spirv-val", "--target-env", "vulkan1.3", path]) != 0:
                print("spirv_val_objects.py: object %d is not valid" % index, file=sys.stderr)
                failed += 1
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
