# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The Vulkan target's part of the offload_objects rule (build_defs/offload.bzl,
through build_defs/targets.bzl)."""

def _makes(family, attrs):
    return family == "vulkan" or (family != "host" and getattr(attrs, "vulkan", False))

def _check(ctx, makes):
    if makes and ctx.attr.format == "isa":
        fail("format \"isa\" makes SPIR-V text, which the Vulkan backend cannot load: use \"bin\" or \"fatbin\" with Vulkan objects", attr = "format")

OBJECTS = {
    "name": "vulkan",
    "kind": "Vulkan",
    "makes": _makes,
    "check": _check,
}
