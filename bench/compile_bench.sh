#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs compile_bench.py with the tools Bazel built and found, from the
# runfiles root (where bazel run and bazel test start):
#   bazel run -c opt //bench:compile_bench [-- --modules 8 80 --repeat 5]
set -euo pipefail
offload_opt=$1 mlir_opt=$2 ptxas=$3
shift 3
exec python3 bench/compile_bench.py --offload-opt "${offload_opt}" \
  --mlir-opt "${mlir_opt}" --toolkit "$(dirname "$(dirname "${ptxas}")")" "$@"
