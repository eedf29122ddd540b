# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Where mlir-offload looks for the ROCm device libraries: one list.

The one source of this order. The repository rule (repositories.bzl) reads it
here; the tools get it compiled in (target/rocm/BUILD.bazel generates
RocmDeviceLibsSearchOrder.inc from it), after the `toolkit` option of
gpu-module-to-binary. Each entry is a root whose amdgcn/bitcode holds
ocml.bc, ockl.bc and the rest: "$NAME" is an environment variable that names
it, anything else a directory. ROCm installs under /opt/rocm; Debian's
rocm-device-libs under /usr/lib/<multiarch triple>.
"""

ROCM_DEVICE_LIBS_SEARCH_ORDER = [
    "$ROCM_PATH",
    "/opt/rocm",
    "/usr/lib/x86_64-linux-gnu",
    "/usr/lib/aarch64-linux-gnu",
]

# Below each root.
ROCM_BITCODE_DIRECTORY = "amdgcn/bitcode"

def rocm_device_libs_environment_variables():
    """The variables that the @offload_rocm repository reads, without `$`."""
    return [entry[1:] for entry in ROCM_DEVICE_LIBS_SEARCH_ORDER if entry.startswith("$")]
