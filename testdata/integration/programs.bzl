# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The integration programs built ahead of time (testdata/BUILD.bazel), into
binaries linked with the static libmgpu and print functions that need no
LLVM. integration_programs_test keeps these tables in step with the
programs' directives (support/integration_format.py): every program with a
`func.func @main` and a meaning on CUDA is in one of the two tables, with
its pipeline and the targets it has a meaning on."""

# Built for sm_90, gfx90a and gfx942 (AMD), Vulkan (VULKAN_PROGRAMS) and the
# host in one binary each, with the pipeline each lowers with: each runs here
# on the host backend, and on Vulkan (lavapipe) where it has an object for
# it, and is checked with its .mlir file's FileCheck lines; their AMD code
# objects are checked by their structure (amdgpu_objects_test);
# tools/gpu_check.sh runs them on a GPU.
INTEGRATION_PROGRAMS = {
    "all-reduce": "offload-lower-to-cuda",
    "assert": "offload-lower-to-cuda",
    "async-streams": "offload-lower-to-cuda",
    "compare-and-swap-atomics": "offload-lower-to-cuda",
    "divergent-loops": "offload-lower-to-cuda",
    "grid-3d": "offload-lower-to-cuda",
    "host-memory": "offload-lower-to-cuda",
    "math": "offload-lower-to-cuda",
    "parallel-loops": "offload-lower-loops-to-cuda",
    "printf": "offload-lower-to-cuda",
    "printf-assert": "offload-lower-to-cuda",
    "private-memory": "offload-lower-to-cuda",
    "scalar-args": "offload-lower-to-cuda",
    "shared-memory": "offload-lower-to-cuda",
    "shuffle": "offload-lower-to-cuda",
    "subgroup-ops": "offload-lower-to-cuda",
    "subgroup-reduce": "offload-lower-to-cuda",
    "two-modules": "offload-lower-to-cuda",
}

# What has no SPIR-V meaning is listed, with why, in docs/vulkan-target.md,
# and each such program checks its diagnostic in its lit test.
VULKAN_PROGRAMS = [
    "all-reduce",
    "grid-3d",
    "parallel-loops",
    "private-memory",
    "shared-memory",
    "two-modules",
]

# The other programs with a meaning on CUDA, all lowered with
# offload-lower-to-cuda, built for sm_90 and the other targets listed by
# tools/gpu_check.sh alone (never by //...): here their lit tests run them
# on the host and Vulkan and compile them for sm_90; a GPU machine runs these
# binaries, whose output is checked with the programs' FileCheck lines.
GPU_CHECK_PROGRAMS = {
    "all-reduce-odd-blocks": ["host", "vulkan"],
    "bf16-nan-sign": ["host"],
    "block-rows": ["host", "vulkan"],
    "block-rows-kept-values": ["host"],
    "branches": [],
    "device-memrefs": ["host", "vulkan"],
    "dynamic-allocas": ["host"],
    "f16-fma": ["host"],
    "fork-join": ["host"],
    "generic-atomic-control-flow": ["host"],
    "grid-3d-many-blocks": ["host", "vulkan"],
    "grid-stride-edges": ["host", "vulkan"],
    "grid-stride-rows": ["host", "vulkan"],
    "host-memrefs": ["host", "vulkan"],
    "host-register-pages": ["host", "vulkan"],
    "host-shortcuts": ["host", "vulkan"],
    "host-shortcuts-atomics": ["host"],
    "loop-allocas": ["host"],
    "loop-trip-counts": ["host", "vulkan"],
    "loops-at-type-ends": ["host", "vulkan"],
    "math-small-arguments": ["host"],
    "printf-mismatched-arguments": ["host"],
    "private-alignment": ["host"],
    "shared-memory-views": ["host", "vulkan"],
    "stack-allocations": ["host"],
    "stacked-blocks": ["host", "vulkan"],
    "upstream-fill-helpers": ["host", "vulkan"],
    "vulkan-abi": ["host", "vulkan"],
    "vulkan-atomics": ["host", "vulkan"],
    "vulkan-dynamic-shared-length": ["host", "vulkan"],
    "vulkan-float-edges": ["host", "vulkan"],
    "vulkan-integer-edges": ["host", "vulkan"],
    "vulkan-loops": ["host", "vulkan"],
    "vulkan-subgroups": ["host", "vulkan"],
    "warp-matrix": ["host"],
    "warp-matrix-f16-accumulator": ["host"],
    "workgroup-allocs": ["host", "vulkan"],
}
