#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs an integration program built ahead of time (offload_objects, linked
# with libmgpu) and checks it with the FileCheck lines of its .mlir file, as
# the lit test checks the JIT-run one: CHECK on stdout and exit status 0, or,
# for a program with OUT and ERR lines, those on stdout and stderr and exit
# status 1.
#   aot_test.sh PROGRAM SOURCE.mlir FILECHECK
set -uo pipefail
program=$1 source=$2 filecheck=$3
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$program" >"$out" 2>"$err"
status=$?
if grep -qE "// OUT(-[A-Z]+)?:" "$source"; then
  [[ $status == 1 ]] || { echo "exit status $status, expected 1"; cat "$err"; exit 1; }
  "$filecheck" "$source" --check-prefix=OUT <"$out" &&
    "$filecheck" "$source" --check-prefix=ERR <"$err"
else
  [[ $status == 0 ]] || { echo "exit status $status, expected 0"; cat "$err"; exit 1; }
  "$filecheck" "$source" <"$out"
fi
