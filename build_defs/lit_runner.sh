#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs one lit test inside a Bazel test: the tools are taken from the runfiles,
# never from the machine's PATH, so the test sees what Bazel built.
set -euo pipefail
test_file="$1"
runfiles="${TEST_SRCDIR}"
export OFFLOAD_TOOLS_DIR="${runfiles}/${TEST_WORKSPACE}/tools"
export OFFLOAD_LLVM_TOOLS_DIR="${runfiles}/offload_llvm/bin"
export OFFLOAD_CUDA_TOOLKIT="${runfiles}/offload_cuda"
export OFFLOAD_RUNTIME_LIB="${runfiles}/${TEST_WORKSPACE}/offload_runtime/libmgpu.so"
export OFFLOAD_LLVM_LIB_DIR="${runfiles}/offload_llvm/lib"
exec "${runfiles}/offload_llvm/bin/lit" --verbose --succinct "${test_file}"
