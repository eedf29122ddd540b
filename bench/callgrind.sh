#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Instructions per synchronous launch (valgrind --tool=callgrind), for each
# mode of launch_bench, against the test driver: the difference between two
# runs that differ only in their number of launches (LOW and 11 LOW), so
# start-up cancels out. Counts are repeatable, unlike times. Split by owner
# (callgrind_objects.py):
#   ours:    libmgpu.so's own instructions, and those of the C and C++
#            libraries and the dynamic linker that it calls (locks, malloc,
#            __tls_get_addr);
#   driver:  the test driver's (libfake_cuda.so), with its library calls:
#            the same work that a real driver does, in no way ours;
#   program: launch_bench's own code: the loop that upstream's lowering or
#            #offload.loader generated (and the benchmark's loop for direct);
#   other:   what is left (the dynamic linker's lazy binding, start-up).
# Then ours in the loader mode, by function, and whether it is within the
# budget of issue 27: at most 150 instructions per launch (launch and
# synchronization) beyond the driver's calls. Build first, optimized:
#   bazel build -c opt //bench:launch_bench //offload_runtime/testing:libfake_cuda.so
# Usage: bench/callgrind.sh [LOW launches, default 1000]
set -euo pipefail
cd "$(dirname "$0")/.."
# The -c opt build, whatever configuration bazel-bin points at.
bench=bazel-out/k8-opt/bin/bench/launch_bench
driver=$PWD/bazel-out/k8-opt/bin/offload_runtime/testing/libfake_cuda.so
[[ -x $bench && -f $driver ]] || { echo "callgrind.sh: build launch_bench and libfake_cuda.so first (see the top of this script)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "callgrind.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
low=${1:-1000}
high=$((11 * low))
budget=150
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # mode launches output [VAR=value ...]
  env MGPU_CUDA_DRIVER="$driver" "${@:4}" valgrind --tool=callgrind --callgrind-out-file="$3" \
    "$bench" "$2" "$1" >"$work/log" 2>&1 || { cat "$work/log" >&2; exit 1; }
}

pairs=()
for mode in loader upstream direct; do
  run "$mode" "$low" "$work/$mode.low"
  run "$mode" "$high" "$work/$mode.high"
  pairs+=("$mode=$work/$mode.low,$work/$mode.high")
done
# What MGPU_TRACE costs when on (the columns before have it off: one branch
# per entry point).
run loader "$low" "$work/trace.low" MGPU_TRACE="$work/low.json"
run loader "$high" "$work/trace.high" MGPU_TRACE="$work/high.json"
pairs+=("loader+trace=$work/trace.low,$work/trace.high")
# launch_bench warms up with 1% of its launches and one more first.
launched() { echo $(($1 + $1 / 100 + 1)); }
echo "instructions per synchronous launch, $low and $high launches (and warm-up):"
python3 bench/callgrind_objects.py --owners=cuda --functions --at-most "$budget" \
  $(($(launched "$high") - $(launched "$low"))) "${pairs[@]}"
