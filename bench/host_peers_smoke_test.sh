#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs host_peers on small sizes: every column must agree with the reference,
# and the table must have every row, its four columns and the worst ratio.
# Nothing about speed is asserted.
set -euo pipefail
# PoCL keeps the kernels it builds under its cache directory.
export POCL_CACHE_DIR="${TEST_TMPDIR:-$(mktemp -d)}/pocl"
out="$("$1" --quick)"
echo "${out}"
grep -q "ours *PoCL *OpenMP route *clang loops" <<<"${out}"
for row in "vector add" "block reduction" "naive matmul" "tiled matmul" \
  "2-D Jacobi" "histogram" "softmax rows" "launch round trip"; do
  grep -Eq "^${row} .*( +[0-9.]+x){3}$" <<<"${out}" || { echo "no row for ${row}"; exit 1; }
done
grep -q "Every column's results agree with the reference" <<<"${out}"
tail -n 1 <<<"${out}" | grep -Eq "^worst ratio vs peers: [0-9]+\.[0-9]{2}$"
