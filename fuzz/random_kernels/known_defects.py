# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Defects that random kernels found and that are not fixed yet.

A run keeps clear of each one it is asked to avoid (`--avoid NAME`; by
default all of them), so that it stays quiet about a known defect and can
find others: the generator draws no kernel that meets a defect of the
compiler, and an oracle that has a defect of its own is not asked about the
kernels it would get wrong. Once a defect is fixed, its entry goes, and the
runs cover what it kept them from. `--no-avoid` shows which still bite.
"""

KNOWN_DEFECTS = {
    # The host target (LLVM 22).
    "host-signaling-nan-min-max":
        "on the host target, arith.minimumf and maximumf of a signalling NaN "
        "and a value LLVM knows is no NaN give that value (LLVM 22's x86 "
        "backend with AVX512DQ), and minnumf and maxnumf of a signalling "
        "NaN give a quiet NaN (LLVM's minnum), where MLIR and a GPU give a "
        "NaN and the other operand; the generator draws quiet NaNs only",
    # The Vulkan oracle.
    "lavapipe-narrow-block-atomic-loops":
        "on lavapipe (Mesa 22.3), in a block one thread wide in x, the "
        "threads that run a loop holding an atomic skip what follows it; "
        "such kernels are not run on Vulkan",
}
