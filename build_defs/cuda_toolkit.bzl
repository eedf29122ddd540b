# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Where mlir-offload looks for the CUDA toolkit: one list, first match wins.

The one source of this order. The repository rule (repositories.bzl) reads it
here; the tools get it compiled in (target/cuda/BUILD.bazel generates
CudaToolkitSearchOrder.inc from it); tools/bootstrap.sh reads the list's
lines below. "$NAME" is an environment variable that names the toolkit's
root; anything else is a directory. The order is upstream MLIR's.
"""

CUDA_TOOLKIT_SEARCH_ORDER = [
    "$CUDA_ROOT",
    "$CUDA_HOME",
    "$CUDA_PATH",
    "/usr/local/cuda",
]

def cuda_toolkit_environment_variables():
    """The variables of CUDA_TOOLKIT_SEARCH_ORDER, without their `$`."""
    return [entry[1:] for entry in CUDA_TOOLKIT_SEARCH_ORDER if entry.startswith("$")]
