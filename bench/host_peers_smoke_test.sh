#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs host_peers on small sizes, on 1 and 2 threads and then on 1 alone:
# every column must agree with the reference, and the table must have each
# kernel's row at both sizes on each thread count, its four columns, the
# speed-ups, the launch row and the worst ratio. Nothing about speed is
# asserted.
set -euo pipefail
# PoCL keeps the kernels it builds under its cache directory.
export POCL_CACHE_DIR="${TEST_TMPDIR:-$(mktemp -d)}/pocl"

kernels=(
  "vector add (2^14 f32)" "vector add (2^16 f32)"
  "block reduction (2^14 f32)" "block reduction (2^16 f32)"
  "naive matmul (32 x 32)" "naive matmul (64 x 64)"
  "tiled matmul (32 x 32)" "tiled matmul (64 x 64)"
  "2-D Jacobi (65 x 65 f32)" "2-D Jacobi (130 x 130 f32)"
  "histogram (2^14 i32, 256 bins)" "histogram (2^16 i32, 256 bins)"
  "softmax rows (16 x 128 f32)" "softmax rows (64 x 128 f32)"
)
launch="launch round trip (empty kernel)"
ms='( +[0-9]+\.[0-9]{3} ms){4}'
us='( +[0-9]+\.[0-9]{3} us){4}'
ratios='( +[0-9]+\.[0-9]{2}x){3}'
speedups='( +[0-9]+\.[0-9]{2}x){4}'

# `text` as a literal part of an extended regular expression.
literal() { sed 's/[][\\.*^$()+?{}|]/\\&/g' <<<"$1"; }

# Fails unless exactly one line of `out` matches the pattern $1.
one_line() {
  local count
  count="$(grep -Ec "$1" <<<"${out}" || true)"
  [[ "${count}" == 1 ]] || { echo "${count} lines, not 1, match: $1"; exit 1; }
}

# The output of a run on `threads` threads (MGPU_HOST_THREADS), checked.
check() {
  local threads="$1" counts kernel rows
  out="$(MGPU_HOST_THREADS="${threads}" "${binary}" --quick)"
  echo "${out}"
  grep -q "ours *PoCL *OpenMP route *clang loops" <<<"${out}"
  grep -q "Every column's results agree with the reference" <<<"${out}"
  counts=("${threads}")
  [[ "${threads}" == 1 ]] || counts=(1 "${threads}")
  for kernel in "${kernels[@]}"; do
    for count in "${counts[@]}"; do
      one_line "^$(literal "${kernel}") +${count}${ms}${ratios}$"
    done
  done
  one_line "^$(literal "${launch}") +${threads}${us}${ratios}$"
  # No other row.
  rows=$((${#kernels[@]} * ${#counts[@]} + 1))
  [[ "$(grep -Ec " +[0-9]+(${ms}|${us})${ratios}$" <<<"${out}")" == "${rows}" ]] ||
    { echo "not ${rows} rows"; exit 1; }
  if [[ "${threads}" == 1 ]]; then
    ! grep -q "Speed-up" <<<"${out}" || { echo "a speed-up on 1 thread"; exit 1; }
  else
    one_line "^Speed-up on ${threads} threads"
    for kernel in "${kernels[@]}"; do
      one_line "^$(literal "${kernel}")${speedups}$"
    done
  fi
  grep -q "over the full-size rows and the round trip on ${threads} thread" <<<"${out}"
  tail -n 1 <<<"${out}" | grep -Eq "^worst ratio vs peers: [0-9]+\.[0-9]{2}$"
}

binary="$1"
check 2
check 1
