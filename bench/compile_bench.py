#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Times serialization of generated gpu.modules for sm_90: upstream's
`mlir-opt --gpu-module-to-binary` against `offload-opt
--offload-module-to-binary`, cold (an empty object cache) and warm (every
object cached), on the same kernels in the same run. Prints a table; asserts
nothing about speed. It fails if ours is not byte-identical cold and warm.

    compile_bench.py --offload-opt PATH --mlir-opt PATH --toolkit DIR
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def generate(args, target: str, modules: int, path: str) -> None:
    with open(path, "w") as out:
        subprocess.run(
            [sys.executable, os.path.join(HERE, "gen_compile_corpus.py"),
             f"--modules={modules}", f"--kernels={args.kernels}",
             f"--target={target}", f"--chip={args.chip}"],
            stdout=out, check=True)


def run(command, env) -> tuple[float, bytes]:
    """Wall time of one run, and its output; a failing run ends the bench."""
    start = time.perf_counter()
    result = subprocess.run(command, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} failed ({result.returncode}):\n"
                 + result.stderr.decode(errors="replace"))
    return elapsed, result.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--offload-opt", required=True)
    parser.add_argument("--mlir-opt", required=True)
    parser.add_argument("--toolkit", required=True)
    parser.add_argument("--chip", default="sm_90")
    parser.add_argument("--kernels", type=int, default=8,
                        help="kernels per module (8)")
    parser.add_argument("--modules", type=int, nargs="+", default=[8, 80],
                        help="corpus sizes in modules (8 80)")
    parser.add_argument("--repeat", type=int, default=5,
                        help="runs per figure; the median is shown (5)")
    args = parser.parse_args()

    toolkit = os.path.abspath(args.toolkit)
    work = tempfile.mkdtemp(prefix="compile-bench-")
    env = dict(os.environ)
    for var in ["CUDA_PATH", "CUDA_HOME", "CUDA_ROOT"]:
        env.pop(var, None)
    env["OFFLOAD_CACHE"] = "on"
    env.pop("OFFLOAD_CACHE_SIZE", None)
    upstream_options = f"format=bin toolkit={toolkit}"
    ours_options = f"format=bin toolkit={toolkit}"

    rows = []
    try:
        for modules in args.modules:
            nvvm = os.path.join(work, f"nvvm-{modules}.mlir")
            ours = os.path.join(work, f"offload-{modules}.mlir")
            generate(args, "nvvm", modules, nvvm)
            generate(args, "offload", modules, ours)
            upstream_cmd = [args.mlir_opt, nvvm,
                            f"--gpu-module-to-binary={upstream_options}"]
            ours_cmd = [args.offload_opt, ours,
                        f"--offload-module-to-binary={ours_options}"]

            upstream_times, cold_times, warm_times = [], [], []
            cache = os.path.join(work, f"cache-{modules}")
            env["OFFLOAD_CACHE_DIR"] = cache
            reference = None
            for _ in range(args.repeat):
                upstream_times.append(run(upstream_cmd, env)[0])
                shutil.rmtree(cache, ignore_errors=True)
                elapsed, cold = run(ours_cmd, env)
                cold_times.append(elapsed)
                elapsed, warm = run(ours_cmd, env)
                warm_times.append(elapsed)
                reference = reference or cold
                if cold != reference or warm != reference:
                    sys.exit(f"{modules} modules: ours is not byte-identical "
                             "across runs, cold and warm")
            rows.append((modules, statistics.median(upstream_times),
                         statistics.median(cold_times),
                         statistics.median(warm_times)))
    finally:
        shutil.rmtree(work, ignore_errors=True)

    cores = os.cpu_count()
    print(f"Serializing gpu.modules of {args.kernels} kernels for {args.chip} "
          f"(format=bin), median of {args.repeat} runs, {cores} cores")
    print(f"{'corpus':<16}{'upstream':>10}{'ours cold':>11}{'ratio':>8}"
          f"{'ours warm':>11}{'ratio':>8}")
    for modules, upstream, cold, warm in rows:
        print(f"{f'{modules} x {args.kernels} kernels':<16}"
              f"{upstream:>9.3f}s{cold:>10.3f}s{cold / upstream:>7.2f}x"
              f"{warm:>10.3f}s{warm / upstream:>7.2f}x")
    print("ours: byte-identical output in every run, cold and warm")
    return 0


if __name__ == "__main__":
    sys.exit(main())
