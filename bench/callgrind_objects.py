#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Instructions per launch by owner and by thread, from the callgrind output
of two runs of `vulkan_bench --launches` that differ only in their number of
launches (valgrind --separate-threads=yes: PREFIX-01 is the launching thread,
the others are lavapipe's). For callgrind_vulkan.sh.

Each object file's own instructions (self cost) go to its owner; so do the
instructions of the C and C++ libraries (malloc, memcpy, locks) that libmgpu
or the driver calls (the inclusive cost of those calls). What is left of
those libraries (thread start-up, calls from elsewhere) is "other".

Usage: callgrind_objects.py LOW_PREFIX HIGH_PREFIX LAUNCHES_DIFFERENCE
"""

import collections
import glob
import os
import re
import sys

# Owners, in the order printed: the first pattern that matches an object's
# file name takes its instructions.
OURS = "ours: libmgpu.so"
DRIVER = "driver: Vulkan loader, lavapipe"
OTHER = "other"
OWNERS = [
    (OURS, r"^libmgpu\.so$"),
    (DRIVER, r"^libvulkan(_lvp)?\.so|^libVkLayer"),
    ("driver: the kernel, as lavapipe compiled it", r"^\?\?\?$"),
    ("driver: LLVM, lavapipe's compiler", r"^libLLVM"),
    ("the program (vulkan_bench's launch loop)", r"^vulkan_bench$"),
    (OTHER, r""),
]
LIBRARIES = re.compile(r"^(libc|libm|libstdc\+\+|libgcc_s|ld-linux.*)\.so")
NAMED = re.compile(r"^\((\d+)\)(?:\s+(.*))?$")


def owner(obj):
    for name, pattern in OWNERS:
        if re.search(pattern, obj):
            return name
    return OTHER


def costs(path):
    """{owner: instructions} of one thread's callgrind output file."""
    names = {}
    totals = collections.Counter()
    ob, cob, in_call = "???", None, False
    with open(path) as out:
        for line in out:
            if line.startswith(("ob=", "cob=")):
                # Either may name an object first: "(id) path", then "(id)".
                spec = line.split("=", 1)[1].strip()
                match = NAMED.match(spec)
                if match and match.group(2) is not None:
                    names[match.group(1)] = os.path.basename(match.group(2))
                obj = names.get(match.group(1), "???") if match else \
                    os.path.basename(spec)
                if line.startswith("ob="):
                    ob = obj
                else:
                    cob = obj
            elif line.startswith("calls="):
                in_call = True  # the next cost line is the call's, inclusive
            elif line[:1].isdigit() or line[:1] in "+-*":
                fields = line.split()
                cost = int(fields[1]) if len(fields) > 1 else 0
                if in_call:
                    # A call into the C and C++ libraries: its caller's.
                    callee = cob or ob
                    if (LIBRARIES.match(callee) and not LIBRARIES.match(ob)
                            and owner(ob) in (OURS, DRIVER)):
                        totals[owner(ob)] += cost
                        totals[OTHER] -= cost
                    in_call, cob = False, None
                else:
                    totals[owner(ob)] += cost
    return totals


def by_thread(prefix):
    """({owner: instructions} of thread 1, of the other threads)."""
    launching, others = collections.Counter(), collections.Counter()
    files = sorted(glob.glob(prefix + "-*"))
    if not files:
        sys.exit("callgrind_objects.py: no files %s-*" % prefix)
    for path in files:
        (launching if path.endswith("-01") else others).update(costs(path))
    return launching, others


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    low, high = by_thread(sys.argv[1]), by_thread(sys.argv[2])
    launches = int(sys.argv[3])
    print("%-44s %12s %12s %12s" % ("instructions per launch", "launching",
                                    "lavapipe's", "all"))
    print("%-44s %12s %12s %12s" % ("", "thread", "threads", "threads"))
    sums = [0.0, 0.0]
    for name, _ in OWNERS + [("total", None)]:
        row = []
        for thread in (0, 1):
            if name == "total":
                row.append(sums[thread])
            else:
                row.append((high[thread][name] - low[thread][name]) / launches)
                sums[thread] += row[-1]
        print("%-44s %12.0f %12.0f %12.0f" % (name, row[0], row[1], sum(row)))


if __name__ == "__main__":
    main()
