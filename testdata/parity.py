# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Compiles one GPU program with upstream MLIR's gpu-lower-to-nvvm-pipeline and
with offload-lower-to-cuda, for the same chip, and says what each made of it.

Usage: parity.py PROGRAM --chip=sm_90 [--features=+ptx80] --runtime=libmgpu.so
                 --runner-utils=DIR --workdir=DIR [--before=PASSES]
                 [--after=PASSES] [--ours=OPTIONS] [--libs=NAMES]

As MLIR's own GPU programs run it: --before and --after are mlir-opt flags
(comma-separated) that run before and after the pipeline on both sides
(--before with mlir-opt, which has MLIR's test passes; --after with mlir-opt
upstream and offload-opt for ours, which knows our attributes); --ours adds
options to our pipeline (check-lowered=false, when --after lowers what the
pipeline leaves); --libs names more of MLIR's runtime libraries to link
(async_runtime). Ours is linked as a shared object, so that a program
without a main links too.

Upstream accepts a program when its pipeline exits 0 and mlir-translate turns
the output into LLVM IR. Ours accepts it when the pipeline exits 0,
offload-translate turns the output into LLVM IR, opt -O0 (which lowers
coroutines, as every LLVM pipeline does) and llc compile that, and the
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
    parser.add_argument("--before", default="")
    parser.add_argument("--after", default="")
    parser.add_argument("--ours", default="")
    parser.add_argument("--libs", default="")
    args = parser.parse_args()
    flags = lambda text: [flag for flag in text.split(",") if flag]
    os.makedirs(args.workdir, exist_ok=True)
    out = lambda name: os.path.join(args.workdir, name)

    upstream_options = "cubin-chip=%s cubin-format=bin" % args.chip
    ours_options = "chips=%s format=bin" % args.chip
    if args.features:
        upstream_options += " cubin-features=" + args.features
        ours_options += " features=" + args.features

    if args.ours:
        ours_options += " " + args.ours

    def around(tool, side, pipeline):
        """The stages of one side: passes before, the pipeline, passes after."""
        stages, source = [], args.program
        if args.before:
            stages.append(("before", ["mlir-opt", source] + flags(args.before) +
                           ["-o", out(side + ".before.mlir")]))
            source = out(side + ".before.mlir")
        lowered = out(side + (".pipeline.mlir" if args.after else ".mlir"))
        stages.append(("pipeline", [tool, source, pipeline, "-o", lowered]))
        if args.after:
            stages.append(("after", [tool, lowered] + flags(args.after) +
                           ["-o", out(side + ".mlir")]))
        return stages

    upstream = run_stages(
        around("mlir-opt", "upstream",
               "--gpu-lower-to-nvvm-pipeline=" + upstream_options) + [
        ("translate", ["mlir-translate", "--mlir-to-llvmir", out("upstream.mlir"),
                       "-o", out("upstream.ll")]),
    ])
    utils = args.runner_utils
    libs = [os.path.join(utils, "libmlir_%s.so" % lib) for lib in flags(args.libs)]
    ours = run_stages(
        around("offload-opt", "ours",
               "--offload-lower-to-cuda=" + ours_options) + [
        ("translate", ["offload-translate", "--mlir-to-llvmir", out("ours.mlir"),
                       "-o", out("ours.ll")]),
        ("opt", ["opt", "-O0", out("ours.ll"), "-o", out("ours.bc")]),
        ("llc", ["llc", "-filetype=obj", "-relocation-model=pic", out("ours.bc"),
                 "-o", out("ours.o")]),
        ("link", ["clang", "-shared", "-fuse-ld=lld", out("ours.o"), args.runtime,
                  os.path.join(utils, "libmlir_runner_utils.so"),
                  os.path.join(utils, "libmlir_c_runner_utils.so")] + libs + ["-lm",
                  "-Wl,--no-undefined", "-o", out("ours.so")]),
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
