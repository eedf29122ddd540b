# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The CUDA target's part of the offload_objects rule (build_defs/offload.bzl,
through build_defs/targets.bzl): its chips, its toolkit."""

def _makes(family, attrs):
    if family == "gpu":
        return bool([c for c in getattr(attrs, "chips", []) if c.startswith("sm_")])
    return family == "cuda"

def _attrs():
    return {"toolkit": attr.label(cfg = "exec", doc = "The CUDA toolkit (with CUDA chips only).")}

def _defaults():
    return {"toolkit": Label("@offload_cuda//:toolkit")}

def _toolkit_root(files):
    """The toolkit directory: where bin/ptxas is, relative to the execroot."""
    for f in files:
        if f.path.endswith("/bin/ptxas"):
            return f.path[:-len("/bin/ptxas")]
    fail("the CUDA toolkit files do not include bin/ptxas")

def _tools(ctx, makes):
    if not makes:
        if ctx.files.toolkit:
            fail("toolkit does not apply to pipeline = \"%s\" without CUDA chips" % ctx.attr.pipeline, attr = "toolkit")
        return None
    if not ctx.files.toolkit:
        fail("pipeline = \"%s\" needs a CUDA toolkit" % ctx.attr.pipeline, attr = "toolkit")
    return {"files": ctx.files.toolkit, "options": ["toolkit=" + _toolkit_root(ctx.files.toolkit)]}

OBJECTS = {
    "name": "cuda",
    "kind": "CUDA",
    "makes": _makes,
    "attrs": _attrs,
    "defaults": _defaults,
    "tools": _tools,
}
