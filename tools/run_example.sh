#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The main job: compiles testdata/vector_add.mlir to LLVM IR with an embedded
# sm_90 cubin, and says where it went.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/bootstrap.sh
bazel build //testdata:vector_add_ll
output="bazel-bin/testdata/_offload/vector_add/vector_add.ll"
echo "LLVM IR with an embedded sm_90 cubin: $output"
