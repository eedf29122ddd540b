# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The CUDA target's part of the table of pipeline options.

Plain data, as build_defs/pipeline_options.bzl (whose docstring describes
TARGET and its rows); build_defs/targets.bzl lists it.
"""

TARGET = {
    "name": "cuda",
    "struct": "CudaPipelineOptions",
    "attach_list": "OffloadAttachTargetOptions",
    "pipelines": {
        "offload-lower-to-cuda": {"loops": False},
        "offload-lower-loops-to-cuda": {"loops": True},
    },
    "companions": True,
    "token": {
        "rank": 1,
        "field": "chips",
        "prefix": "sm_",
        "one": "an SM architecture (sm_90)",
        "many": "SM architectures (sm_90)",
        "example": "sm_90",
    },
    "shared": {
        "O": {"attach": ["O", "optLevel"]},
        "fast": {"attach": ["fast", "fastFlag"]},
        "l": {"attach": ["l", "linkLibs"]},
        "toolkit": {
            "help": "CUDA toolkit root (else $CUDA_ROOT, $CUDA_HOME, $CUDA_PATH, /usr/local/cuda)",
            "shown": "[cuda-target.md](cuda-target.md)",
        },
        "index-bitwidth": {},
    },
    "options": [
        {
            "name": "chips",
            "field": "chips",
            "type": "strings",
            "default": [],
            "pipelines": ["own"],
            "attr": "chips",
            "prefix": "sm_",
            "attach": [["chip", "chip", {
                "type": "string",
                "default": "\"::mlir::offload::cuda::kDefaultChip.str()\"",
                "help": "SM architecture (sm_75 if not given)",
            }]],
            "shown": "`sm_75`",
            "help": "SM architectures to compile for, each an object of one gpu.binary from which the runtime loads the best for the device (sm_75 if none)",
        },
        {
            "name": "features",
            "field": "features",
            "type": "string",
            "default": "",
            "pipelines": ["own", "gpu"],
            "attr": "ptx_features",
            "attach": [["features", "features"]],
            "shown": "lowest for each chip",
            "help": "PTX ISA version, +ptxNN (the lowest each chip needs if empty)",
        },
        {
            "name": "ftz",
            "field": "ftz",
            "type": "bool",
            "default": False,
            "pipelines": ["own", "gpu"],
            "attr": "ftz",
            "attach": [["ftz", "ftzFlag"]],
            "help": "Flush denormals to zero in the kernels (and in libdevice)",
        },
        {
            "name": "ptxas-options",
            "field": "ptxasOptions",
            "type": "strings",
            "default": [],
            "pipelines": ["own", "gpu"],
            "attr": "ptxas_options",
            "attach": [["ptxas-options", "ptxasOptions"]],
            "help": "Extra options for ptxas",
        },
        {
            "name": "assembler",
            "field": "assembler",
            "type": "string",
            "default": "",
            "pipelines": ["own", "gpu"],
            "attr": "assembler",
            "choices": ["", "nvjitlink", "ptxas"],
            "attach": [["assembler", "assembler"]],
            "shown": "nvJitLink if the toolkit has it",
            "help": "What turns PTX into cubins: nvjitlink (in process) or ptxas (a subprocess); nvJitLink where the toolkit has one new enough if empty",
        },
        {
            "name": "format",
            "field": "format",
            "type": "string",
            "default": "fatbin",
            "pipelines": ["own"],
            "attr": "format",
            "choices": ["fatbin", "bin", "isa"],
            "help": "Object format: fatbin (cubin and PTX, runs on newer GPUs through the JIT), bin (cubin) or isa (PTX, JIT at load)",
        },
    ],
}
