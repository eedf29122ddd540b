# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The ROCm target's part of the table of pipeline options.

Plain data, as build_defs/pipeline_options.bzl (whose docstring describes
TARGET and its rows); build_defs/targets.bzl lists it.
"""

TARGET = {
    "name": "rocm",
    "struct": "RocmPipelineOptions",
    "attach_list": "OffloadAttachRocmTargetOptions",
    "pipelines": {
        "offload-lower-to-rocm": {"loops": False},
        "offload-lower-loops-to-rocm": {"loops": True},
    },
    "companions": True,
    "token": {
        "rank": 2,
        "field": "rocmChips",
        "prefix": "gfx",
        "one": "an AMD target ID (gfx90a)",
        "many": "AMD target IDs (gfx90a)",
        "example": "gfx90a",
    },
    "shared": {
        "O": {"attach": ["O", "optLevel"]},
        "fast": {
            "attach": ["fast", "fastFlag"],
            "help": " (and the device libraries' fast paths on AMD GPUs)",
        },
        "l": {"attach": ["l", "linkLibs"]},
        "toolkit": {
            "help": "for AMD objects, a ROCm root searched first for the device libraries (amdgcn/bitcode)",
            "shown": "[rocm-target.md](rocm-target.md)",
        },
        "index-bitwidth": {},
    },
    "options": [
        {
            "name": "chips",
            "field": "rocmChips",
            "type": "strings",
            "default": [],
            "pipelines": ["own"],
            "attr": "chips",
            "prefix": "gfx",
            "attach": [["chip", "chip", {
                "type": "string",
                "default": "\"::mlir::offload::rocm::kDefaultChip.str()\"",
                "help": "AMD GPU target ID, gfx90a or gfx90a:xnack- (gfx900 if not given)",
            }]],
            "shown": "`gfx900`",
            "help": "AMD GPU target IDs to compile for (gfx90a, gfx942:xnack-), each an object of one gpu.binary from which the runtime loads the one for the device (gfx900 if none)",
        },
        {
            "name": "wave64",
            "field": "wave64",
            "type": "bool",
            "default": False,
            "pipelines": ["own", "gpu"],
            "attr": "wave64",
            "attach": [["wave64", "wave64"]],
            "help": "Waves of 64 lanes on AMD GPUs of gfx10 and later, which run 32 by default (gfx9 always runs 64)",
        },
        {
            "name": "abi",
            "field": "abi",
            "type": "string",
            "default": "500",
            "pipelines": ["own", "gpu"],
            "attr": "code_object_version",
            "choices": ["400", "500", "600"],
            "attach": [["abi", "abi"]],
            "help": "Code object version of the AMD objects: 500 (what ROCm 6 and later load), 400 or 600",
        },
        {
            "name": "daz",
            "field": "daz",
            "type": "bool",
            "default": False,
            "pipelines": ["own", "gpu"],
            "attr": "daz",
            "attach": [["daz", "dazFlag"]],
            "help": "Denormals are zero in the ROCm device libraries (AMD GPUs)",
        },
        {
            "name": "format",
            "field": "format",
            "type": "string",
            "default": "bin",
            "pipelines": ["own"],
            "attr": "format",
            "choices": ["bin", "fatbin", "isa"],
            "help": "Object format: bin (an HSA code object; fatbin is the same) or isa (AMDGPU assembly, which the runtime cannot load)",
        },
    ],
}
