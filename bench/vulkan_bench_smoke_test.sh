#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs vulkan_bench on small sizes, each backend in its own process: every
# result must agree with the C++ loops and the table must have a time of both
# backends for every kernel; then the launch loop of callgrind_vulkan.sh,
# whose data is checked. Nothing about speed is asserted.
set -euo pipefail
out="$("$1" --quick)"
echo "${out}"
for row in "vector add" "block reduction" "matmul"; do
  grep -q "^${row} .* ms .* ms .*x$" <<<"${out}" || { echo "no row for ${row}"; exit 1; }
done
grep -q "agree with the C++ loops on every result" <<<"${out}"
grep -q "^  Vulkan: Vulkan device" <<<"${out}"
MGPU_DEVICE=vulkan "$1" --backend=vulkan --launches 100 --warmup 11
