#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs host_bench on small sizes: both sides must agree and the table must
# name every benchmark. Nothing about speed is asserted.
set -euo pipefail
out="$("$1" --quick)"
echo "${out}"
for row in "vector add" "block reduction" "matmul"; do
  grep -q "^${row} (" <<<"${out}" || { echo "no row for ${row}"; exit 1; }
done
grep -q "agree on every result" <<<"${out}"
