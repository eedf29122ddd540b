#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Checks, here, what gpu_check/run.sh brought back from a GPU machine: each
# integration program's output and exit status on each device there, with
# the FileCheck lines of its .mlir file (testdata/integration/support/
# check_output.sh, as its lit test checks it), and the random kernels'
# output against their model (fuzz/random_kernels/gpu_batches.py), neither
# of which the GPU machine has.
#   tools/gpu_check_results.sh results.tgz
# A failing random kernel is written, with the model's output as CHECK lines,
# to $FINDINGS (default: gpu_check_findings/).
set -uo pipefail
[[ $# == 1 && -f $1 ]] || { echo "usage: tools/gpu_check_results.sh results.tgz" >&2; exit 1; }
results=$(realpath "$1")
findings=$(realpath -m "${FINDINGS:-gpu_check_findings}")
cd "$(dirname "$0")/.."
filecheck=${FILECHECK:-/usr/lib/llvm-22/bin/FileCheck}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
tar xzf "$results" -C "$dir" || exit 1
passed=0 failed=0
shopt -s nullglob
for status in "$dir"/integration/*.status; do
  base=${status%.status}
  device=${base##*.}
  name=$(basename "${base%.*}")
  if testdata/integration/support/check_output.sh "testdata/integration/$name.mlir" \
    "$filecheck" "$base" "$base.err" "$(cat "$status")" >"$dir/log" 2>&1; then
    passed=$((passed + 1))
  else
    echo "integration/$name on $device: FAILED"
    sed 's/^/  /' "$dir/log" | head -40
    failed=$((failed + 1))
  fi
done
echo "integration: $passed passed, $failed failed (FileCheck lines)"
status=$((failed > 0))
if ((passed + failed == 0)); then
  echo "gpu_check_results.sh: $1 holds no integration program's output" >&2
  status=1
fi
if [[ -e $dir/random/arguments.txt ]]; then
  # shellcheck disable=SC2046 # the arguments are words
  python3 fuzz/random_kernels/gpu_batches.py check $(cat "$dir/random/arguments.txt") \
    --printed "$dir/random" --findings "$findings" || status=1
fi
exit $status
