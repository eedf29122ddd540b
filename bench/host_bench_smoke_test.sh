#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs host_bench on small sizes: both sides must agree and the table must
# name every benchmark, checked and not. Nothing about speed is asserted.
set -euo pipefail
out="$("$1" --quick)"
echo "${out}"
# Each row twice: against the loops, and checked against unchecked.
for row in "vector add" "block reduction" "matmul"; do
  [[ $(grep -c "^${row} (" <<<"${out}") == 2 ]] || { echo "not two rows for ${row}"; exit 1; }
done
grep -q "^Checked kernels" <<<"${out}"
grep -q "agree on every result" <<<"${out}"
