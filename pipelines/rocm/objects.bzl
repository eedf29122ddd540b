# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The ROCm target's part of the offload_objects rule (build_defs/offload.bzl,
through build_defs/targets.bzl): its chips, its device libraries."""

def _makes(family, attrs):
    if family == "gpu":
        return bool([c for c in getattr(attrs, "chips", []) if c.startswith("gfx")])
    return family == "rocm"

def _attrs():
    return {"rocm_device_libs": attr.label(cfg = "exec", doc = "The ROCm device libraries (with AMD chips only).")}

def _defaults():
    return {"rocm_device_libs": Label("@offload_rocm//:device_libs")}

def _rocm_root(files):
    """The root whose amdgcn/bitcode holds the device libraries."""
    for f in files:
        if f.path.endswith("/amdgcn/bitcode/ocml.bc"):
            return f.path[:-len("/amdgcn/bitcode/ocml.bc")]
    fail("the ROCm device libraries do not include amdgcn/bitcode/ocml.bc")

def _tools(ctx, makes):
    if not makes:
        if ctx.files.rocm_device_libs:
            fail("rocm_device_libs does not apply to pipeline = \"%s\" without AMD chips" % ctx.attr.pipeline, attr = "rocm_device_libs")
        return None
    if not ctx.files.rocm_device_libs:
        fail("pipeline = \"%s\" needs the ROCm device libraries" % ctx.attr.pipeline, attr = "rocm_device_libs")

    # Code objects are linked with the rule's ld.lld.
    return {
        "files": ctx.files.rocm_device_libs,
        "env": {"ROCM_PATH": _rocm_root(ctx.files.rocm_device_libs)},
        "lld": True,
    }

OBJECTS = {
    "name": "rocm",
    "kind": "AMD",
    "makes": _makes,
    "attrs": _attrs,
    "defaults": _defaults,
    "tools": _tools,
}
