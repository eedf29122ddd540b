# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes a C++ source defining `name` and `name_size` as the bytes of a file."""
import sys

data_path, name, out_path = sys.argv[1:4]
data = open(data_path, "rb").read()
with open(out_path, "w") as out:
    out.write("#include <cstddef>\n")
    out.write("extern const unsigned char %s[] = {\n" % name)
    for i in range(0, len(data), 16):
        out.write("  " + ", ".join("0x%02x" % b for b in data[i : i + 16]) + ",\n")
    out.write("};\n")
    out.write("extern const size_t %s_size = %d;\n" % (name, len(data)))
