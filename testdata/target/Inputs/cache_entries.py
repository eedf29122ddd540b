#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Looks at and damages an object cache directory, for cache.mlir.

    cache_entries.py count DIR          prints the number of entries
    cache_entries.py size DIR LIMIT     fails if the entries hold more bytes
    cache_entries.py flip DIR           flips one byte in the middle of each
    cache_entries.py truncate DIR       cuts each entry in half
"""

import os
import sys


def entries(directory):
    for shard in sorted(os.listdir(directory)):
        for name in sorted(os.listdir(os.path.join(directory, shard))):
            if len(name) == 64:
                yield os.path.join(directory, shard, name)


def main():
    command, directory = sys.argv[1], sys.argv[2]
    paths = list(entries(directory))
    if command == "count":
        print(len(paths))
    elif command == "size":
        total = sum(os.path.getsize(path) for path in paths)
        if total > int(sys.argv[3]):
            sys.exit(f"{total} bytes in {len(paths)} entries, over {sys.argv[3]}")
        print(f"{len(paths)} entries within the bound")
    elif command in ("flip", "truncate"):
        for path in paths:
            data = bytearray(open(path, "rb").read())
            if command == "flip":
                data[len(data) // 2] ^= 0x40
            else:
                data = data[: len(data) // 2]
            open(path, "wb").write(bytes(data))
    else:
        sys.exit(f"unknown command {command}")


if __name__ == "__main__":
    main()
