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

# For Bazel alone (the @offload_cuda repository, and tools/bootstrap.sh's
# check of it): when set, the toolkit is this directory and no other, in place
# of the search above. Pointed at a directory without a toolkit, it hides
# every toolkit from the build: what needs @offload_cuda then fails, saying so.
CUDA_TOOLKIT_BAZEL_VARIABLE = "OFFLOAD_CUDA_TOOLKIT"

def cuda_toolkit_environment_variables():
    """The variables that the @offload_cuda repository reads, without `$`.

    CUDA_TOOLKIT_BAZEL_VARIABLE, then those of CUDA_TOOLKIT_SEARCH_ORDER.
    """
    return [CUDA_TOOLKIT_BAZEL_VARIABLE] + [entry[1:] for entry in CUDA_TOOLKIT_SEARCH_ORDER if entry.startswith("$")]
