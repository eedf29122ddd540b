# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The host target's part of the offload_objects rule (build_defs/offload.bzl,
through build_defs/targets.bzl)."""

def _makes(family, attrs):
    return family == "host" or getattr(attrs, "host", False)

def _check(ctx, makes):
    if makes and ctx.attr.format == "isa":
        fail("format \"isa\" makes assembly, which the host backend cannot load: use \"bin\" or \"fatbin\" with host objects", attr = "format")

def _tools(ctx, makes):
    # Host objects are linked with the rule's ld.lld.
    return {"lld": True} if makes else None

OBJECTS = {
    "name": "host",
    "kind": "host",
    "makes": _makes,
    "check": _check,
    "tools": _tools,
}
