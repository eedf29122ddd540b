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
    # The host target.
    "workgroup-alloc-per-thread":
        "memref.alloc of workgroup memory in a kernel is a buffer per thread "
        "on the host target, not one per block; the generator makes "
        "workgroup attributions only",
    "wrapping-grid-stride":
        "a grid-stride loop that the host target runs across the threads "
        "misses iterations where base + threadIdx.x wraps, or where thread "
        "0's count of iterations, in another thread, takes the index past "
        "the end of the type; the generator keeps bases and bounds clear",
    "vectorized-dynamic-alloca":
        "a memref.alloca of dynamic size in a thread loop that LLVM "
        "vectorizes is one buffer for a vector of threads; the generator "
        "fills such buffers in a loop, which keeps the thread loop scalar",
    # Upstream MLIR 22, in every target's pipeline.
    "constant-loop-span-overflow":
        "canonicalization erases a signed scf.for whose constant bounds lie "
        "more than the signed maximum apart (ub - lb overflows), whatever "
        "its step; the generator makes no such loop",
    "unsigned-loop-sign-bit-step":
        "canonicalization erases an unsigned scf.for whose constant step "
        "has its sign bit set, as if the step were negative; the generator "
        "makes no such loop",
    "float-generic-atomic":
        "memref.generic_atomic_rmw of f32 in global memory becomes an "
        "llvm.cmpxchg of f32, which does not verify; the generator makes "
        "integer ones only there",
    # The Vulkan oracle.
    "vulkan-zero-trip-loop-results":
        "on the Vulkan target, an scf.for with results that runs no "
        "iteration gives an undefined value (the SCF-to-SPIR-V conversion "
        "stores the results in the loop body only); such kernels are not "
        "run on Vulkan",
    "lavapipe-narrow-block-atomic-loops":
        "on lavapipe (Mesa 22.3), in a block one thread wide in x, the "
        "threads that run a loop holding an atomic skip what follows it; "
        "such kernels are not run on Vulkan",
}
