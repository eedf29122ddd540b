#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Random kernels for a GPU machine, which has no compiler: the kernels of a
seed written as a few programs, which Bazel builds ahead of time for sm_90
(//fuzz/random_kernels:gpu_batch_<n>, built and gathered by
tools/gpu_check.sh), and what those programs printed there, brought back,
checked against the model as random_kernels.py checks the host target's.

  gpu_batches.py emit --seed 3 --count 400 --batches 4 --out DIR
      DIR/gpu_batch_<n>.mlir, n = 0 .. batches - 1
  gpu_batches.py check --seed 3 --count 400 --batches 4 --printed DIR
      DIR/gpu_batch_<n>.out (stdout) and .status (exit status) of each

The same seed, count and batches make the same kernels, so `check` makes
them again rather than reading them. A failing kernel is written, with the
model's output as CHECK lines, to --findings (random_kernels.py --kernel
runs it again on the host target).
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import emit  # noqa: E402
import random_kernels  # noqa: E402
from known_defects import KNOWN_DEFECTS  # noqa: E402

# The known defects are avoided, as random_kernels.py does by default.
AVOID = frozenset(KNOWN_DEFECTS)


def batches(seed, count, number):
    """The well-defined kernels of kernels 0 .. count - 1 of `seed`, in
    `number` batches of consecutive kernels."""
    size = -(-count // number)
    out = []
    for first in range(0, size * number, size):
        cases = [random_kernels.make_case(seed, i, AVOID, None)
                 for i in range(first, min(first + size, count))]
        out.append([c for c in cases if c is not None])
    return out


def emit_batches(args):
    os.makedirs(args.out, exist_ok=True)
    for n, cases in enumerate(batches(args.seed, args.count, args.batches)):
        path = os.path.join(args.out, "gpu_batch_%d.mlir" % n)
        with open(path, "w") as f:
            f.write(emit.emit_program([c.kernel for c in cases]))
    return 0


def check_batch(n, cases, args):
    """The findings of batch `n` on the GPU, each written to --findings."""
    base = os.path.join(args.printed, "gpu_batch_%d" % n)
    try:
        with open(base + ".out") as f:
            output = f.read()
        with open(base + ".status") as f:
            status = f.read().strip()
    except OSError as e:
        print("FAIL: batch %d: %s" % (n, e))
        return 1
    if status != "0":
        print("FAIL: batch %d (kernels %d to %d) exited with %s; its stderr "
              "is %s.err" % (n, cases[0].index, cases[-1].index, status, base))
        return 1
    ok, what = random_kernels.compare_output(cases, args.target, output)
    if not ok:
        print("FAIL: batch %d: %s" % (n, what))
        return 1
    for finding in what:
        random_kernels.write_finding(finding, args.findings, AVOID)
        print(random_kernels.report(finding))
    return len(what)


def check_batches(args):
    failed = 0
    kernels = 0
    for n, cases in enumerate(batches(args.seed, args.count, args.batches)):
        failed += check_batch(n, cases, args)
        kernels += len(cases)
    print("gpu_batches: %d kernels of seed %d on %s, %d failure%s" % (
        kernels, args.seed, args.target, failed, "" if failed == 1 else "s"))
    return 1 if failed else 0


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("mode", choices=["emit", "check"])
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--batches", type=int, required=True)
    p.add_argument("--out", help="emit: where the programs are written")
    p.add_argument("--printed", help="check: where the outputs are")
    p.add_argument("--target", default="cuda",
                   help="check: the target the outputs are of, for reports")
    p.add_argument("--findings", default="random_kernels_findings",
                   help="check: where failing kernels are written")
    args = p.parse_args()
    if args.count < 1 or args.batches < 1:
        p.error("--count and --batches must be positive")
    if args.mode == "emit":
        if not args.out:
            p.error("emit needs --out")
        return emit_batches(args)
    if not args.printed:
        p.error("check needs --printed")
    return check_batches(args)


if __name__ == "__main__":
    sys.exit(main())
