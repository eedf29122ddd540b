#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Instructions per synchronous launch (valgrind --tool=callgrind), for each
# mode of launch_bench, against the test driver: the difference between two
# runs that differ only in their number of launches, so start-up cancels out.
# Counts are repeatable, unlike times. Build first, optimized:
#   bazel build -c opt //bench:launch_bench //offload_runtime/testing:libfake_cuda.so
set -euo pipefail
cd "$(dirname "$0")/.."
bench=bazel-bin/bench/launch_bench
driver=$PWD/bazel-bin/offload_runtime/testing/libfake_cuda.so
[[ -x $bench && -f $driver ]] || { echo "callgrind.sh: build launch_bench and libfake_cuda.so first (see the top of this script)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "callgrind.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

instructions() { # mode launches [VAR=value ...]
  env MGPU_CUDA_DRIVER="$driver" "${@:3}" valgrind --tool=callgrind --callgrind-out-file="$work/out" \
    "$bench" "$2" "$1" >/dev/null 2>&1
  callgrind_annotate "$work/out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}'
}

printf '%-40s %22s\n' mode "instructions/launch"
for mode in upstream loader direct; do
  low=$(instructions "$mode" 1000)
  high=$(instructions "$mode" 11000)
  printf '%-40s %22d\n' "$mode" $(((high - low) / 10000))
done
# What MGPU_TRACE costs when on (the rows above have it off: one branch per
# entry point).
low=$(instructions loader 1000 MGPU_TRACE="$work/low.json")
high=$(instructions loader 11000 MGPU_TRACE="$work/high.json")
printf '%-40s %22d\n' "loader, MGPU_TRACE on" $(((high - low) / 10000))
