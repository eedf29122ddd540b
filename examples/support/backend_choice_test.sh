#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs an example and checks, besides its own comparison with the CPU
# reference, which backend MGPU_DEVICE=auto chose: the trace labels the
# process with its device ("Vulkan device 0 '...'", "host CPU, N threads").
#   backend_choice_test.sh PROGRAM EXPECTED-LABEL-PREFIX
set -uo pipefail
program=$1 expected=$2
trace=${TEST_TMPDIR:-$(mktemp -d)}/trace.json
MGPU_DEVICE=auto MGPU_TRACE=$trace "$program" || { echo "the example failed"; exit 1; }
label=$(grep -o '"labels":"[^"]*' "$trace" | head -1 | cut -d'"' -f4)
if [[ $label != "$expected"* ]]; then
  echo "MGPU_DEVICE=auto ran on '$label', expected '$expected...'"
  exit 1
fi
echo "MGPU_DEVICE=auto ran on $label"
