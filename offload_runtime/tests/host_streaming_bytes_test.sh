#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# MGPU_HOST_STREAMING_BYTES: a value that is not a whole number of bytes
# fails the first call with one line naming the variable; a whole number,
# 0 (never) or past 2^64 (saturated) included, and the empty value (as
# unset) run.
set -uo pipefail
program=$(realpath "$1")
fail() { echo "FAIL: $*" >&2; exit 1; }
export MGPU_DEVICE=host
checks=0

for value in abc -1 1x 2.5 " 4" "4 "; do
  output=$(MGPU_HOST_STREAMING_BYTES="$value" "$program" exit 2>&1)
  status=$?
  [[ $status == 1 ]] || fail "MGPU_HOST_STREAMING_BYTES='$value': exit status $status, not 1"
  expected="mgpu: mgpuStreamCreate: MGPU_HOST_STREAMING_BYTES='$value' is not a number of bytes (a whole number; 0 turns non-temporal stores off); unset it for the CPU's largest cache ("
  [[ $output == "$expected"*" bytes here)" && $output != *$'\n'* ]] ||
    fail "MGPU_HOST_STREAMING_BYTES='$value': unexpected output: $output"
  checks=$((checks + 1))
done

for value in "" 0 1 33554432 100000000000000000000000; do
  output=$(MGPU_HOST_STREAMING_BYTES="$value" "$program" exit 2>&1)
  [[ $? == 0 && -z $output ]] || fail "MGPU_HOST_STREAMING_BYTES='$value': $output"
  checks=$((checks + 1))
done
echo "host streaming bytes: $checks passed, 0 failed"
