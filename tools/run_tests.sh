#!/usr/bin/env bash
# Runs every test: builds everything and runs `bazel test //...`.
set -uo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh || exit 1
log=$(mktemp)
trap 'rm -f "$log"' EXIT
bazel test //... "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
passed=$(grep -cE '^//.* PASSED in' "$log")
failed=$(grep -cE '^//.* (FAILED|TIMEOUT|NO STATUS|FAILED TO BUILD)' "$log")
echo "tests: $passed passed, $failed failed"
exit "$status"
