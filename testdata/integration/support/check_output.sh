#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Checks what an integration program built ahead of time printed, and its
# exit status, with the FileCheck lines of its .mlir file, as its lit test
# checks the JIT-run one. A program with ERR lines must fail (exit status 1),
# its stderr checked with them and its stdout with its OUT lines (its CHECK
# lines where it has no OUT line); any other must exit with 0, its stdout
# checked with its CHECK lines.
#   check_output.sh SOURCE.mlir FILECHECK STDOUT STDERR STATUS
set -uo pipefail
source=$1 filecheck=$2 out=$3 err=$4 status=$5
if grep -qE "// ERR(-[A-Z]+)?:" "$source"; then
  [[ $status == 1 ]] || { echo "exit status $status, expected 1"; cat "$err"; exit 1; }
  prefix=CHECK
  grep -qE "// OUT(-[A-Z]+)?:" "$source" && prefix=OUT
  "$filecheck" "$source" --check-prefix="$prefix" <"$out" &&
    "$filecheck" "$source" --check-prefix=ERR <"$err"
else
  [[ $status == 0 ]] || { echo "exit status $status, expected 0"; cat "$err"; exit 1; }
  "$filecheck" "$source" <"$out"
fi
