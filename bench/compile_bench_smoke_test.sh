#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs compile_bench on a tiny corpus: every column must be there, and ours
# byte-identical cold and warm (compile_bench.py fails otherwise). Nothing
# about speed is asserted.
set -euo pipefail
out="$(bench/compile_bench.sh "$@" --modules 2 --kernels 2 --repeat 2)"
echo "${out}"
grep -qE '^2 x 2 kernels +[0-9.]+s +[0-9.]+s +[0-9.]+x +[0-9.]+s +[0-9.]+x$' <<<"${out}"
grep -q "byte-identical output in every run, cold and warm" <<<"${out}"
