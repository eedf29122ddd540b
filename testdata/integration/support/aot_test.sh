#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs an integration program built ahead of time (aot_program.bzl) and
# checks it with the FileCheck lines of its .mlir file (check_output.sh).
#   aot_test.sh PROGRAM SOURCE.mlir FILECHECK CHECK_OUTPUT_SH
set -uo pipefail
program=$1 source=$2 filecheck=$3 check_output=$4
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
"$program" >"$out" 2>"$err"
"$check_output" "$source" "$filecheck" "$out" "$err" $?
