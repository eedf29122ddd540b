# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compiles one GPU program with upstream MLIR's gpu-lower-to-nvvm-pipeline and
with offload-lower-to-cuda, for the same chip, and says what each made of it.

Usage: parity.py PROGRAM --chip=sm_90 [--features=+ptx80] --runtime=libmgpu.so
                 --runner-utils=DIR --workdir=DIR

Upstream accepts a program when its pipeline exits 0 and mlir-translate turns
the output into LLVM IR. Ours accepts it when the pipeline exits 0,
offload-translate turns the output into LLVM IR, llc compiles that, and the
object links with libmgpu.so (and MLIR's runner utilities, for printMemref*)
into an executable, which has no undefined symbol. Prints one line each:

    upstream: accepted
    ours: rejected at translate: <first error line>

and exits 1 if ours rejects a program that upstream accepts, or exits 0 with
an output that its own next step cannot take.
"""
import argparse
import os
import subprocess
import sys


def first_error(output):
    for line in output.splitlines():
        if "error" in line.lower():
            return line.strip()
    lines = output.strip().splitlines()
    return lines[-1].strip() if lines else "(no output)"


def run_stages(stages):
    """Runs (name, command) in order; returns None, or (name, message) of the
    first that fails."""
    for name, command in stages:
        result = subprocess.run(command, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        if result.returncode != 0:
            return name, first_error(result.stdout)
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("program")
    parser.add_argument("--chip", required=True)
    parser.add_argument("--features", default="")
    parser.add_argument("--runtime", required=True)
    parser.add_argument("--runner-utils", required=True)
    parser.add_argument("--workdir", required=True)
    args = parser.parse_args()
    os.makedirs(args.workdir, exist_ok=True)
    out = lambda name: os.path.join(args.workdir, name)

    upstream_options = "cubin-chip=%s cubin-format=bin" % args.chip
    ours_options = "chips=%s format=bin" % args.chip
    if args.features:
        upstream_options += " cubin-features=" + args.features
        ours_options += " features=" + args.features

    upstream = run_stages([
        ("pipeline", ["mlir-opt", args.program,
                      "--gpu-lower-to-nvvm-pipeline=" + upstream_options,
                      "-o", out("upstream.mlir")]),
        ("translate", ["mlir-translate", "--mlir-to-llvmir", out("upstream.mlir"),
                       "-o", out("upstream.ll")]),
    ])
    utils = args.runner_utils
    ours = run_stages([
        ("pipeline", ["offload-opt", args.program,
                      "--offload-lower-to-cuda=" + ours_options,
                      "-o", out("ours.mlir")]),
        ("translate", ["offload-translate", "--mlir-to-llvmir", out("ours.mlir"),
                       "-o", out("ours.ll")]),
        ("llc", ["llc", "-filetype=obj", "-relocation-model=pic", out("ours.ll"),
                 "-o", out("ours.o")]),
        ("link", ["clang", "-fuse-ld=lld", out("ours.o"), args.runtime,
                  os.path.join(utils, "libmlir_runner_utils.so"),
                  os.path.join(utils, "libmlir_c_runner_utils.so"), "-lm",
                  "-Wl,--no-undefined", "-o", out("ours.exe")]),
    ])

    def verdict(failure):
        return "accepted" if failure is None else "rejected at %s: %s" % failure

    print("upstream: " + verdict(upstream))
    print("ours: " + verdict(ours))
    if ours is not None and upstream is None:
        sys.exit("parity.py: ours rejects what upstream accepts")
    if ours is not None and ours[0] != "pipeline":
        sys.exit("parity.py: our pipeline exited 0 with an output that the %s step rejects" % ours[0])


if __name__ == "__main__":
    main()
