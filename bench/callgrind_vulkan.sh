#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Instructions per asynchronous launch on the Vulkan backend (valgrind
# --tool=callgrind, each thread apart): `vulkan_bench --launches N` makes W
# launches of a 32-thread kernel and a synchronization (the warm-up: lavapipe
# compiles the shader at the first launch), then N launches on one stream and
# one synchronization. Two runs that differ only in N (LOW and 11 LOW): their
# difference over 10 LOW launches cancels start-up, warm-up and the
# synchronization. Split by object file (callgrind_objects.py): ours
# (libmgpu.so's own code) and the driver's (the Vulkan loader, lavapipe, the
# kernel as lavapipe compiled it), each with the C library code it calls; and
# by thread: the launching thread's (the host cost a caller waits for) and
# lavapipe's own threads' (running the commands). Counts are repeatable, unlike times. Build
# first, optimized:
#   bazel build -c opt //bench:vulkan_bench
# Usage: bench/callgrind_vulkan.sh [LOW launches, default 1000]
set -euo pipefail
cd "$(dirname "$0")/.."
# The -c opt build, whatever configuration bazel-bin points at.
bench=bazel-out/k8-opt/bin/bench/vulkan_bench
[[ -x $bench ]] || { echo "callgrind_vulkan.sh: build vulkan_bench first (see the top of this script)" >&2; exit 1; }
command -v valgrind >/dev/null || { echo "callgrind_vulkan.sh: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
low=${1:-1000}
high=$((11 * low))
warmup=100
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run() { # launches output
  MGPU_DEVICE=vulkan valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$2" \
    "$bench" --backend=vulkan --launches "$1" --warmup "$warmup" >"$work/log" 2>&1 ||
    { cat "$work/log" >&2; exit 1; }
  grep -q "data checked" "$work/log" || { cat "$work/log" >&2; exit 1; }
}

run "$low" "$work/low.out"
run "$high" "$work/high.out"
device=$(MGPU_DEVICE=vulkan MGPU_TRACE="$work/trace.json" "$bench" --backend=vulkan --launches 1 --warmup 0 >/dev/null &&
  grep -o '"labels":"[^"]*' "$work/trace.json" | cut -d'"' -f4)
echo "device: $device"
echo "instructions per launch, $low and $high launches after $warmup, then one synchronization:"
python3 bench/callgrind_objects.py --owners=vulkan --by-thread $((high - low)) "vulkan=$work/low.out,$work/high.out"
