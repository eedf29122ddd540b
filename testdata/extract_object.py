# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the bytes of one #gpu.object in MLIR text (stdin) to a file.

Usage: extract_object.py [--index N] -o OUT < input.mlir

Lets tests inspect a serialized object with ordinary tools (llvm-readelf,
llvm-dis). MLIR prints the object as a string literal in which `\\` stands
for a backslash and `\\XX` for the byte 0xXX.
"""
import argparse
import re
import sys


def object_literals(text):
    """Yields the object string of each #gpu.object, in order."""
    for match in re.finditer(r"#gpu\.object<", text):
        depth, i, last = 1, match.end(), None
        while depth:
            c = text[i]
            if c == '"':
                j = i + 1
                while text[j] != '"':
                    j += 2 if text[j] == "\\" else 1
                last = text[i + 1 : j]
                i = j
            elif c == "<":
                depth += 1
            elif c == ">":
                depth -= 1
            i += 1
        yield last


def decode(literal):
    out = bytearray()
    i = 0
    while i < len(literal):
        if literal[i] == "\\":
            if literal[i + 1] == "\\":
                out.append(0x5C)
                i += 2
            else:
                out.append(int(literal[i + 1 : i + 3], 16))
                i += 3
        else:
            out += literal[i].encode("utf-8")
            i += 1
    return bytes(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--index", type=int, default=0)
    parser.add_argument("-o", dest="output", required=True)
    args = parser.parse_args()
    literals = list(object_literals(sys.stdin.read()))
    if args.index >= len(literals):
        sys.exit("extract_object.py: no object %d; the input has %d" % (args.index, len(literals)))
    with open(args.output, "wb") as f:
        f.write(decode(literals[args.index]))


if __name__ == "__main__":
    main()
