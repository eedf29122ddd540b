#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Instructions per launch by owner, from the callgrind output of pairs of
runs that differ only in their number of launches (LOW and HIGH): for each
pair, (HIGH - LOW) / LAUNCHES, so that start-up cancels out. For
callgrind.sh (launch_bench against the test CUDA driver, --owners=cuda) and
callgrind_vulkan.sh (vulkan_bench on lavapipe, --owners=vulkan).

Each object file's own instructions (self cost) go to its owner; so do the
instructions of the C and C++ libraries and of the dynamic linker (malloc,
memcpy, locks, __tls_get_addr) that libmgpu or the driver calls (the
inclusive cost of those calls). What is left of those libraries (thread
start-up, calls from elsewhere) is "other".

A run is PREFIX (one callgrind output file) or PREFIX-01, PREFIX-02...
(valgrind --separate-threads=yes: -01 is the launching thread).

Usage: callgrind_objects.py --owners=cuda|vulkan [--by-thread]
           [--functions] [--at-most N] LAUNCHES NAME=LOW_PREFIX,HIGH_PREFIX...
  --by-thread   one pair: its columns are the launching thread, the other
                threads and all of them
  --functions   also ours by function, for the first pair: each function's
                own instructions, and each library function it calls
  --at-most N   a last line: whether ours, in the first pair, is at most N
"""

import argparse
import collections
import glob
import os
import re
import sys

OURS = "ours: libmgpu.so (incl. the C/C++ library calls it makes)"
OTHER = "other"
# Owners, in the order printed: the first pattern that matches an object's
# file name takes its instructions. Ours and the driver's also take the
# library calls they make; a program's are left to "other", since its
# start-up code calls the C library's, which runs all the rest.
OWNERS = {
    "cuda": [
        (OURS, r"^libmgpu\.so$"),
        ("driver: libfake_cuda.so, the test driver (incl. its calls)",
         r"^libfake_cuda\.so$|^libcuda\.so"),
        ("the program: launch_bench (the lowered loop)", r"^launch_bench$"),
        (OTHER, r""),
    ],
    "vulkan": [
        (OURS, r"^libmgpu\.so$"),
        ("driver: Vulkan loader, lavapipe", r"^libvulkan(_lvp)?\.so|^libVkLayer"),
        ("driver: the kernel, as lavapipe compiled it", r"^\?\?\?$"),
        ("driver: LLVM, lavapipe's compiler", r"^libLLVM"),
        ("the program (vulkan_bench's launch loop)", r"^vulkan_bench$"),
        (OTHER, r""),
    ],
}
LIBRARIES = re.compile(r"^(libc|libm|libstdc\+\+|libgcc_s|ld-linux.*)\.so")
NAMED = re.compile(r"^\((\d+)\)(?:\s+(.*))?$")


class Run:
    """The instructions of one run, by owner and, for ours, by function."""

    def __init__(self):
        self.owners = collections.Counter()
        self.functions = collections.Counter()

    def update(self, other):
        self.owners.update(other.owners)
        self.functions.update(other.functions)


def owner_of(owners, obj):
    for name, pattern in owners:
        if re.search(pattern, obj):
            return name
    return OTHER


def short_name(function):
    """A function's name without its parameters and our namespaces."""
    if re.match(r"^0x[0-9a-f]+$", function):
        return "(unnamed code: PLT stubs)"
    name = function.replace("(anonymous namespace)::", "")
    name = name.split("(", 1)[0].replace("mgpu::", "")
    # Template arguments, innermost first.
    while True:
        shorter = re.sub(r"<[^<>]*>", "", name)
        if shorter == name:
            return name
        name = shorter


class Names:
    """Callgrind's compressed names: "(id) name" once, then "(id)"."""

    def __init__(self, basename):
        self.names = {}
        self.basename = basename

    def read(self, spec):
        match = NAMED.match(spec)
        if not match:
            return os.path.basename(spec) if self.basename else spec
        if match.group(2) is not None:
            name = match.group(2)
            self.names[match.group(1)] = (os.path.basename(name)
                                          if self.basename else name)
        return self.names.get(match.group(1), "???")


def costs(path, owners):
    """The Run of one callgrind output file (one thread)."""
    objects, functions = Names(True), Names(False)
    run = Run()
    ob, fn, cob, cfn, in_call = "???", "???", None, None, False
    with open(path) as out:
        for line in out:
            key, _, spec = line.partition("=")
            if key in ("ob", "cob", "fn", "cfn") and spec:
                spec = spec.strip()
                if key == "ob":
                    ob = objects.read(spec)
                elif key == "cob":
                    cob = objects.read(spec)
                elif key == "fn":
                    fn, cob, cfn = functions.read(spec), None, None
                else:
                    cfn = functions.read(spec)
            elif line.startswith("calls="):
                in_call = True  # the next cost line is the call's, inclusive
            elif line[:1].isdigit() or line[:1] in "+-*":
                fields = line.split()
                cost = int(fields[1]) if len(fields) > 1 else 0
                owner = owner_of(owners, ob)
                if not in_call:
                    run.owners[owner] += cost
                    if owner == OURS:
                        run.functions[short_name(fn)] += cost
                    continue
                # A call into the C and C++ libraries: its caller's.
                callee = cob or ob
                if (LIBRARIES.match(callee) and not LIBRARIES.match(ob)
                        and (owner == OURS or owner.startswith("driver:"))):
                    run.owners[owner] += cost
                    run.owners[OTHER] -= cost
                    if owner == OURS:
                        run.functions["calls " + short_name(cfn or "?")] += cost
                in_call, cob, cfn = False, None, None
    return run


def read_runs(prefix, owners):
    """(Run of the launching thread, Run of the other threads)."""
    launching, others = Run(), Run()
    files = glob.glob(prefix) + sorted(glob.glob(prefix + "-*"))
    if not files:
        sys.exit("callgrind_objects.py: no file %s or %s-*" % (prefix, prefix))
    for path in files:
        is_other = re.search(r"-\d+$", path) and not path.endswith("-01")
        (others if is_other else launching).update(costs(path, owners))
    return launching, others


def per_launch(low, high, launches, key, table):
    return (getattr(high, table)[key] - getattr(low, table)[key]) / launches


def print_table(title, columns, rows):
    """rows: (label, [value per column]); values per launch."""
    label_width = max(len(title), *(len(label) for label, _ in rows))
    widths = [max(10, len(name)) for name in columns]
    print(" ".join([title.ljust(label_width)] +
                   [name.rjust(width) for name, width in zip(columns, widths)]))
    for label, values in rows:
        print(" ".join([label.ljust(label_width)] +
                       ["%*d" % (width, round(value))
                        for value, width in zip(values, widths)]))


def owner_rows(owners, pairs, launches):
    rows, sums = [], [0.0] * len(pairs)
    for name, _ in owners:
        values = [per_launch(low, high, launches, name, "owners")
                  for low, high in pairs]
        sums = [a + b for a, b in zip(sums, values)]
        rows.append((name, values))
    return rows + [("total", sums)]


def by_thread(owners, run_pair, launches):
    """Prints one pair by thread; returns its (low, high) for all threads."""
    (low, low_others), (high, high_others) = run_pair
    launching = owner_rows(owners, [(low, high)], launches)
    others = owner_rows(owners, [(low_others, high_others)], launches)
    print_table("instructions per launch",
                ["launching thread", "other threads", "all threads"],
                [(label, [a, b, a + b])
                 for (label, [a]), (_, [b]) in zip(launching, others)])
    both = (Run(), Run())
    for run, parts in zip(both, ((low, low_others), (high, high_others))):
        for part in parts:
            run.update(part)
    return both


def by_pair(owners, names, runs, launches):
    """Prints each pair, all threads, as a column; returns the first."""
    pairs = []
    for (low, low_others), (high, high_others) in runs:
        low.update(low_others)
        high.update(high_others)
        pairs.append((low, high))
    print_table("instructions per launch", names,
                owner_rows(owners, pairs, launches))
    return pairs[0]


def print_functions(name, low, high, launches):
    rows = [(function, [per_launch(low, high, launches, function,
                                   "functions")])
            for function in sorted(set(high.functions) | set(low.functions))]
    rows = [row for row in rows if abs(row[1][0]) >= 0.5]
    rows.sort(key=lambda row: -row[1][0])
    print()
    print_table("ours, by function (%s)" % name, ["per launch"], rows)


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--owners", choices=sorted(OWNERS), required=True)
    parser.add_argument("--by-thread", action="store_true")
    parser.add_argument("--functions", action="store_true")
    parser.add_argument("--at-most", type=float)
    parser.add_argument("launches", type=int)
    parser.add_argument("pairs", nargs="+", metavar="NAME=LOW,HIGH")
    args = parser.parse_args()
    owners = OWNERS[args.owners]
    names, runs = [], []
    for pair in args.pairs:
        name, _, prefixes = pair.partition("=")
        low, _, high = prefixes.partition(",")
        if not high:
            sys.exit("callgrind_objects.py: %s is not NAME=LOW,HIGH" % pair)
        names.append(name)
        runs.append((read_runs(low, owners), read_runs(high, owners)))
    if args.by_thread:
        low, high = by_thread(owners, runs[0], args.launches)
    else:
        low, high = by_pair(owners, names, runs, args.launches)
    if args.functions:
        print_functions(names[0], low, high, args.launches)
    if args.at_most is not None:
        ours = per_launch(low, high, args.launches, OURS, "owners")
        print()
        print("ours (%s): %.0f instructions per launch, at most %.0f: %s" %
              (names[0], ours, args.at_most,
               "yes" if round(ours) <= args.at_most else "NO"))


if __name__ == "__main__":
    main()
