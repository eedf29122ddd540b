# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Vulkan target's part of the table of pipeline options.

Plain data, as build_defs/pipeline_options.bzl (whose docstring describes
TARGET and its rows); build_defs/targets.bzl lists it.
"""

TARGET = {
    "name": "vulkan",
    "struct": "VulkanPipelineOptions",
    "attach_list": "OffloadAttachVulkanTargetOptions",
    "pipelines": {
        "offload-lower-to-vulkan": {"loops": False},
        "offload-lower-loops-to-vulkan": {"loops": True},
    },
    "companions": True,
    "token": {
        "rank": 3,
        "field": "vulkan",
        "name": "vulkan",
        "one": "vulkan",
        "many": "vulkan",
        "example": "vulkan",
    },
    "shared": {
        "index-bitwidth": {},
    },
    "options": [
        {
            "name": "vulkan",
            "field": "vulkan",
            "type": "bool",
            "default": False,
            "pipelines": ["others"],
            "attr": "vulkan",
            "help": "Also compile each gpu.module to SPIR-V for Vulkan, in the same gpu.binary: the runtime runs it there when no CUDA driver loads and a Vulkan one does",
        },
        {
            "name": "format",
            "field": "format",
            "type": "string",
            "default": "bin",
            "pipelines": ["own"],
            "attr": "format",
            "choices": ["bin", "fatbin", "isa"],
            "help": "Object format: bin (a SPIR-V module; fatbin is the same) or isa (its text, which the runtime cannot load)",
        },
        {
            "name": "spirv-version",
            "field": "spirvVersion",
            "type": "string",
            "default": "1.6",
            "pipelines": ["own", "gpu"],
            "attr": "spirv_version",
            "choices": ["1.5", "1.6"],
            "attach": [["version", "version"]],
            "help": "SPIR-V version of the Vulkan objects: 1.6 (Vulkan 1.3) or 1.5 (Vulkan 1.2)",
        },
        {
            "name": "spirv-caps",
            "field": "spirvCaps",
            "type": "strings",
            "default": [],
            "pipelines": ["own", "gpu"],
            "attr": "spirv_caps",
            "attach": [["caps", "caps"]],
            "help": "SPIR-V capabilities the kernels may use beyond the default set (docs/vulkan-target.md)",
        },
        {
            "name": "spirv-exts",
            "field": "spirvExts",
            "type": "strings",
            "default": [],
            "pipelines": ["own", "gpu"],
            "attr": "spirv_exts",
            "attach": [["exts", "exts"]],
            "help": "SPIR-V extensions the kernels may use beyond the default set",
        },
    ],
}
