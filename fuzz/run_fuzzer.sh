#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs a fuzzer for a bounded number of inputs, starting from its seeds:
#   run_fuzzer.sh FUZZER RUNS DICT|- SEED...
# Fails if the fuzzer finds a crash, a leak or undefined behaviour; the input
# that caused it is left in $TEST_UNDECLARED_OUTPUTS_DIR (or the working
# directory).
set -uo pipefail
fuzzer="$1"
runs="$2"
dict="$3"
shift 3
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
for seed in "$@"; do
  cp "$seed" "$corpus/$(basename "$seed")"
done
artifacts="${TEST_UNDECLARED_OUTPUTS_DIR:-$PWD}/"
options=(-runs="$runs" -seed=1 -max_len=4096 -timeout=30 -rss_limit_mb=4096
  -print_final_stats=1 -artifact_prefix="$artifacts")
[[ $dict != - ]] && options+=(-dict="$dict")
# Each input's diagnostics are the fuzzer's business, not the log's.
"$fuzzer" "${options[@]}" "$corpus" 2>&1 | grep -v "^INFO: \|^#[0-9][0-9]*\s*\(NEW\|REDUCE\|pulse\|INITED\)" | tail -80
status=${PIPESTATUS[0]}
echo "fuzzer exit status: $status"
exit "$status"
