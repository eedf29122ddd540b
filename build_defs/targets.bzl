# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The targets the build knows: the one list (as LLVM_TARGETS_TO_BUILD)."""

OFFLOAD_TARGETS = ["cuda", "host", "vulkan", "rocm"]
