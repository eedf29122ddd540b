#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs every test: `bazel test //...`, then the runtime and the examples
# under ASan and UBSan.
set -uo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh || exit 1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
bazel test //... "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
# The runtime and the examples again, under AddressSanitizer (with leak
# checking) and UndefinedBehaviorSanitizer (docs/fuzzing.md).
if [[ $status == 0 ]]; then
  bazel test --config=asan-ubsan //offload_runtime/... //examples/... "$@" 2>&1 | tee -a "$log"
  status=${PIPESTATUS[0]}
fi
passed=$(grep -cE '^//.* PASSED in' "$log")
failed=$(grep -cE '^//.* (FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)' "$log")
echo "tests: $passed passed, $failed failed"
exit "$status"
