#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# MGPU_HOST_THREADS: a value that is not a whole number of 1 or more fails
# the first call with one line naming the variable (once: ignored, and the
# host backend ran with one thread per CPU); one above what the process may
# start is capped with a warning, and the program runs.
set -uo pipefail
program=$(realpath "$1")
fail() { echo "FAIL: $*" >&2; exit 1; }
export MGPU_DEVICE=host
cpus=$(nproc)

for value in abc 0 -3 1x 2.5 " 4"; do
  output=$(MGPU_HOST_THREADS="$value" "$program" exit 2>&1)
  status=$?
  [[ $status == 1 ]] || fail "MGPU_HOST_THREADS='$value': exit status $status, not 1"
  expected="mgpu: mgpuStreamCreate: MGPU_HOST_THREADS='$value' is not a number of threads (a whole number, 1 or more); unset it for one thread per CPU ($cpus here)"
  [[ $output == "$expected" ]] || fail "MGPU_HOST_THREADS='$value': unexpected output: $output"
done

for value in "" 1 3; do
  output=$(MGPU_HOST_THREADS="$value" "$program" exit 2>&1)
  [[ $? == 0 && -z $output ]] || fail "MGPU_HOST_THREADS='$value': $output"
done

limit=$(ulimit -u)
[[ $limit == unlimited ]] && limit=$(cat /proc/sys/kernel/threads-max)
threads_max=$(cat /proc/sys/kernel/threads-max)
((threads_max < limit)) && limit=$threads_max
if ((limit <= 4096)); then
  capped() { echo "mgpu: MGPU_HOST_THREADS=$1 is more threads than this process may start; using $limit"; }
else
  capped() { echo "mgpu: MGPU_HOST_THREADS=$1 is more than the 4096 threads the host backend runs blocks on at most; using 4096"; }
fi
for value in 99999999999 100000000000000000000000; do
  output=$(MGPU_HOST_THREADS="$value" "$program" exit 2>&1)
  status=$?
  [[ $status == 0 ]] || fail "MGPU_HOST_THREADS=$value: exit status $status: $output"
  [[ $output == "$(capped "$value")" ]] ||
    fail "MGPU_HOST_THREADS=$value: unexpected output: $output"
done
# Past 4096 but within what the process may start: capped at 4096 all the
# same (under a lower limit, at the limit).
checks=11
if ((limit > 4097)); then
  output=$(MGPU_HOST_THREADS=4097 "$program" exit 2>&1)
  [[ $? == 0 && $output == "$(capped 4097)" ]] ||
    fail "MGPU_HOST_THREADS=4097: unexpected output: $output"
  checks=12
fi
echo "host threads: $checks passed, 0 failed"
