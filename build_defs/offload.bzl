# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""offload_cc_library: `.mlir` sources with GPU kernels to a cc_library.

Each source goes through three actions, each cached on its own:

    offload-opt --pass-pipeline=builtin.module(offload-lower-to-cuda{...})
        -> <src>.llvm.mlir   (LLVM dialect, gpu.binary with the CUDA objects,
                          and with host = True a host object)
    offload-translate --mlir-to-llvmir
        -> <src>.ll          (LLVM IR: objects embedded, #offload.loader)
    llc -filetype=obj -relocation-model=pic
        -> <src>.o

Every action names every file it reads (the tools with their shared
libraries, ptxas, fatbinary, libdevice, ld.lld for host objects), refers to them by paths relative to
the execution root, and writes nothing that depends on where the workspace is
checked out, so the actions run in Bazel's sandbox and remotely, and their
outputs can be shared through a remote cache. The `.llvm.mlir` and `.ll`
files are in the output groups `llvm_dialect` and `llvm_ir`.
"""

load(":pipeline_options.bzl", "PIPELINES", "PIPELINE_OPTIONS")

def _family(ctx):
    return PIPELINES[ctx.attr.pipeline]["family"]

def _applies(entry, family):
    """Whether `entry` is an option of the pipelines of `family`."""
    pipelines = entry["pipelines"]
    return pipelines == "all" or pipelines == family or (type(pipelines) == "list" and family in pipelines)

def _makes_host_objects(ctx):
    return _family(ctx) == "host" or ctx.attr.host

def _cuda_chips(ctx):
    return [c for c in ctx.attr.chips if c.startswith("sm_")] if _family(ctx) == "gpu" else ctx.attr.chips

def _amd_chips(ctx):
    return [c for c in ctx.attr.chips if c.startswith("gfx")]

def _makes_cuda_objects(ctx):
    return _family(ctx) == "cuda" or (_family(ctx) == "gpu" and bool(_cuda_chips(ctx)))

def _makes_amd_objects(ctx):
    return _family(ctx) == "rocm" or (_family(ctx) == "gpu" and bool(_amd_chips(ctx)))

def _object_kinds(ctx):
    """What the objects are, for the progress message: "CUDA and host"."""
    family = _family(ctx)
    kinds = []
    if _makes_cuda_objects(ctx):
        kinds.append("CUDA")
    if _makes_amd_objects(ctx):
        kinds.append("AMD")
    if family == "vulkan" or (family != "host" and ctx.attr.vulkan):
        kinds.append("Vulkan")
    if _makes_host_objects(ctx):
        kinds.append("host")
    return " and ".join(kinds)

# What the every-vendor pipelines take as `targets` instead: the rule makes
# that option of these attributes.
_TARGET_ATTRS = ["chips", "vulkan", "host"]

def _targets(ctx):
    """offload-lower-to-gpu's targets: the chips, then vulkan and host."""
    targets = list(ctx.attr.chips)
    if ctx.attr.vulkan:
        targets.append("vulkan")
    if ctx.attr.host:
        targets.append("host")
    return targets

def _toolkit_root(files):
    """The toolkit directory: where bin/ptxas is, relative to the execroot."""
    for f in files:
        if f.path.endswith("/bin/ptxas"):
            return f.path[:-len("/bin/ptxas")]
    fail("the CUDA toolkit files do not include bin/ptxas")

# An option the user leaves alone is not passed, so that the pipeline's
# default (the table's) applies: a bool or an int is given when it differs
# from the table's default, a string or a list when it is not empty (the two
# families' defaults differ, as `format`'s).
def _rocm_root(files):
    """The root whose amdgcn/bitcode holds the device libraries."""
    for f in files:
        if f.path.endswith("/amdgcn/bitcode/ocml.bc"):
            return f.path[:-len("/amdgcn/bitcode/ocml.bc")]
    fail("the ROCm device libraries do not include amdgcn/bitcode/ocml.bc")

def _is_set(entry, value):
    if entry["type"] in ("bool", "unsigned"):
        return value != entry["default"]
    return bool(value)

def _attr_of(entry):
    kind, doc = entry["type"], entry["help"]
    if kind == "bool":
        return attr.bool(default = entry["default"], doc = doc)
    if kind == "unsigned":
        return attr.int(default = entry["default"], doc = doc)
    if kind == "string":
        return attr.string(doc = doc)
    if kind == "strings":
        return attr.string_list(doc = doc)
    if kind == "ints":
        return attr.int_list(doc = doc)
    return attr.label_list(allow_files = [".bc"], doc = doc)

def _option_attrs():
    attrs = {}
    for entry in PIPELINE_OPTIONS:
        if entry["attr"]:
            attrs[entry["attr"]] = _attr_of(entry)
    return attrs

def _english(words):
    words = [str(w) for w in words]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]

def _check_value(entry, value):
    """What is wrong with `value` for `entry`'s attribute, or None."""
    name = entry["attr"]
    choices = [c for c in entry.get("choices", []) if c]
    if choices and value not in choices:
        return "%s must be %s, not '%s'" % (name, _english(choices), value)
    if "range" in entry and (value < entry["range"][0] or value > entry["range"][1]):
        return "%s must be %d to %d, not %d" % (name, entry["range"][0], entry["range"][1], value)
    if "values" in entry and value not in entry["values"]:
        return "%s must be %s, not %d" % (name, _english(entry["values"]), value)
    if "max_count" in entry and len(value) > entry["max_count"]:
        return "%s has at most %d entries, not %d" % (name, entry["max_count"], len(value))
    for item in (value if entry["type"] in ("strings", "ints") else []):
        if entry.get("positive") and item <= 0:
            return "%s must be positive, not %d" % (name, item)
        if "prefix" in entry and not item.startswith(entry["prefix"]):
            return "%s must start with %s, not '%s'" % (name, entry["prefix"], item)
    return None

def _given_options(ctx):
    """[(entry, value)] of the options given, checked as the pipeline checks
    them, for the pipeline the target runs."""
    if ctx.attr.pipeline not in PIPELINES:
        fail("pipeline must be one of %s, not '%s'" % (sorted(PIPELINES.keys()), ctx.attr.pipeline), attr = "pipeline")
    family = _family(ctx)
    loops = [p for p, info in sorted(PIPELINES.items()) if info["loops"]]
    given = []
    if family == "gpu":
        for chip in ctx.attr.chips:
            if not chip.startswith("sm_") and not chip.startswith("gfx"):
                fail("chips must start with sm_ or gfx, not '%s'" % chip, attr = "chips")
        if not _targets(ctx):
            fail("pipeline = \"%s\" needs chips, vulkan = True or host = True" % ctx.attr.pipeline, attr = "chips")
    for entry in PIPELINE_OPTIONS:
        name = entry["attr"]
        if not name or not _applies(entry, family):
            continue
        value = getattr(ctx.attr, name)
        if not _is_set(entry, value):
            continue
        if entry.get("requires") == "loops" and not PIPELINES[ctx.attr.pipeline]["loops"]:
            fail("%s applies to the pipelines of loops only (%s), not to pipeline = \"%s\"" % (name, ", ".join(loops), ctx.attr.pipeline), attr = name)
        if entry.get("requires") == "host" and not ctx.attr.host:
            fail("%s applies with host = True only (or a host pipeline)" % name, attr = name)
        problem = _check_value(entry, value)
        if problem:
            fail(problem, attr = name)
        given.append((entry, value))

    # What only another pipeline takes, given anyway.
    applies = [e["attr"] for e in PIPELINE_OPTIONS if e["attr"] and _applies(e, family)]
    if family == "gpu":
        applies += _TARGET_ATTRS
    for entry in PIPELINE_OPTIONS:
        name = entry["attr"]
        if name and name not in applies and _is_set(entry, getattr(ctx.attr, name)):
            fail("%s does not apply to pipeline = \"%s\"" % (name, ctx.attr.pipeline), attr = name)
    if _makes_host_objects(ctx) and ctx.attr.format == "isa":
        fail("format \"isa\" makes assembly, which the host backend cannot load: use \"bin\" or \"fatbin\" with host objects", attr = "format")
    if family != "host" and (family == "vulkan" or ctx.attr.vulkan) and ctx.attr.format == "isa":
        fail("format \"isa\" makes SPIR-V text, which the Vulkan backend cannot load: use \"bin\" or \"fatbin\" with Vulkan objects", attr = "format")
    return given

def _option_text(entry, value, ctx):
    name = entry["name"]
    if entry["type"] == "bool":
        return name if value else name + "=false"
    if entry["type"] == "files":
        return "%s=%s" % (name, ",".join([f.path for f in ctx.files.link]))
    if entry["type"] in ("strings", "ints"):
        return "%s=%s" % (name, ",".join([str(v) for v in value]))
    return "%s=%s" % (name, value)

def _pipeline_options(ctx, toolkit, given):
    options = ["toolkit=" + toolkit] if toolkit else []
    if _family(ctx) == "gpu":
        options.append("targets=" + ",".join(_targets(ctx)))
    for entry, value in given:
        options.append(_option_text(entry, value, ctx))
    return " ".join(options)

def _offload_objects_impl(ctx):
    given = _given_options(ctx)

    # Bazel caches these actions itself; the object cache would only be a
    # file outside the sandbox.
    tool_files, env = [], {"OFFLOAD_CACHE": "off"}
    toolkit = None
    if _makes_cuda_objects(ctx):
        if not ctx.files.toolkit:
            fail("pipeline = \"%s\" needs a CUDA toolkit" % ctx.attr.pipeline, attr = "toolkit")
        tool_files += ctx.files.toolkit
        toolkit = _toolkit_root(ctx.files.toolkit)
    elif ctx.files.toolkit:
        fail("toolkit does not apply to pipeline = \"%s\" without CUDA chips" % ctx.attr.pipeline, attr = "toolkit")
    if _makes_amd_objects(ctx):
        if not ctx.files.rocm_device_libs:
            fail("pipeline = \"%s\" needs the ROCm device libraries" % ctx.attr.pipeline, attr = "rocm_device_libs")
        tool_files += ctx.files.rocm_device_libs
        env["ROCM_PATH"] = _rocm_root(ctx.files.rocm_device_libs)
    elif ctx.files.rocm_device_libs:
        fail("rocm_device_libs does not apply to pipeline = \"%s\" without AMD chips" % ctx.attr.pipeline, attr = "rocm_device_libs")
    tool_files += ctx.files.link
    if _makes_host_objects(ctx) or _makes_amd_objects(ctx):
        # The linker of host objects and AMD code objects, named so that none
        # on PATH stands in.
        tool_files.append(ctx.file._lld)
        env["OFFLOAD_LLD"] = ctx.file._lld.path
    options = _pipeline_options(ctx, toolkit, given)
    pipeline = "builtin.module(%s{%s})" % (ctx.attr.pipeline, options)

    opt = ctx.attr._opt[DefaultInfo].files_to_run
    translate = ctx.attr._translate[DefaultInfo].files_to_run
    llc = ctx.executable._llc

    objects, llvm_dialect, llvm_ir = [], [], []
    for src in ctx.files.srcs:
        stem = "_offload/%s/%s" % (ctx.label.name, src.basename[:-len(".mlir")])
        lowered = ctx.actions.declare_file(stem + ".llvm.mlir")
        ir = ctx.actions.declare_file(stem + ".ll")
        obj = ctx.actions.declare_file(stem + ".o")

        ctx.actions.run(
            executable = opt,
            # Diagnostics name the operation; the whole module would drown
            # ptxas remarks in the build log.
            arguments = [
                src.path,
                "--pass-pipeline=" + pipeline,
                "--mlir-print-op-on-diagnostic=false",
                "-o",
                lowered.path,
            ],
            inputs = [src] + tool_files,
            outputs = [lowered],
            env = env,
            mnemonic = "OffloadLower",
            progress_message = "Lowering %s to LLVM with %s objects" % (src.short_path, _object_kinds(ctx)),
        )
        ctx.actions.run(
            executable = translate,
            arguments = ["--mlir-to-llvmir", lowered.path, "-o", ir.path],
            inputs = [lowered],
            outputs = [ir],
            mnemonic = "OffloadTranslate",
            progress_message = "Translating %s to LLVM IR" % src.short_path,
        )
        ctx.actions.run(
            executable = llc,
            arguments = [
                "-O%d" % ctx.attr.opt_level,
                "-filetype=obj",
                "-relocation-model=pic",
                ir.path,
                "-o",
                obj.path,
            ],
            inputs = [ir],
            outputs = [obj],
            mnemonic = "OffloadLlc",
            progress_message = "Compiling %s to an object" % src.short_path,
        )
        objects.append(obj)
        llvm_dialect.append(lowered)
        llvm_ir.append(ir)

    return [
        DefaultInfo(files = depset(objects)),
        OutputGroupInfo(
            llvm_dialect = depset(llvm_dialect),
            llvm_ir = depset(llvm_ir),
        ),
    ]

_offload_objects = rule(
    implementation = _offload_objects_impl,
    doc = "Compiles `.mlir` sources with GPU kernels to host object files.",
    attrs = dict(_option_attrs(), **{
        "srcs": attr.label_list(allow_files = [".mlir"], mandatory = True),
        "pipeline": attr.string(default = "offload-lower-to-cuda"),
        "toolkit": attr.label(cfg = "exec", doc = "The CUDA toolkit (with CUDA chips only)."),
        "rocm_device_libs": attr.label(cfg = "exec", doc = "The ROCm device libraries (with AMD chips only)."),
        "_opt": attr.label(
            default = Label("@offload_tools//:offload-opt"),
            # @offload_tools: built from @offload, or a prebuilt file
            # (repositories.bzl).
            allow_files = True,
            executable = True,
            cfg = "exec",
        ),
        "_translate": attr.label(
            default = Label("@offload_tools//:offload-translate"),
            # @offload_tools: built from @offload, or a prebuilt file
            # (repositories.bzl).
            allow_files = True,
            executable = True,
            cfg = "exec",
        ),
        "_llc": attr.label(
            default = Label("@offload_llvm//:llc"),
            allow_single_file = True,
            executable = True,
            cfg = "exec",
        ),
        "_lld": attr.label(
            default = Label("@offload_llvm//:ld.lld"),
            allow_single_file = True,
            cfg = "exec",
        ),
    }),
)

def _pipeline_for_chips(pipeline, chips):
    """`pipeline`, or where a CUDA one is given AMD chips, the ROCm one (AMD
    chips alone) or the every-vendor one (both kinds), of loops as well if
    it was."""
    info = PIPELINES.get(pipeline)
    if not info or info["family"] != "cuda" or not [c for c in chips if c.startswith("gfx")]:
        return pipeline
    family = "gpu" if [c for c in chips if not c.startswith("gfx")] else "rocm"
    return "offload-lower-%sto-%s" % ("loops-" if info["loops"] else "", family)

def offload_objects(name, pipeline = "offload-lower-to-cuda", toolkit = None, rocm_device_libs = None, **kwargs):
    """Compiles `.mlir` sources with GPU kernels to host object files.

    The attributes besides `srcs`, `pipeline`, `toolkit` and
    `rocm_device_libs` are the pipeline's options
    (build_defs/pipeline_options.bzl; docs/pipelines.md lists them). `chips`
    may name SM architectures (sm_90) and AMD target IDs (gfx942) alike: with
    AMD chips, a CUDA pipeline becomes the ROCm one, or with both kinds the
    every-vendor one (offload-lower[-loops]-to-gpu, whose `targets` the rule
    makes of `chips`, `vulkan` and `host`). CUDA chips take the toolkit of
    `offload_dependencies()` unless given another, AMD chips its ROCm device
    libraries; a host or Vulkan pipeline needs neither, so a workspace
    without them builds host-only and Vulkan libraries.
    """
    chips = kwargs.get("chips", [])
    pipeline = _pipeline_for_chips(pipeline, chips)
    family = PIPELINES.get(pipeline, {}).get("family")
    cuda_chips = [c for c in chips if not c.startswith("gfx")]
    if toolkit == None and (family == "cuda" or (family == "gpu" and cuda_chips)):
        toolkit = Label("@offload_cuda//:toolkit")
    if rocm_device_libs == None and (family == "rocm" or (family == "gpu" and len(cuda_chips) < len(chips))):
        rocm_device_libs = Label("@offload_rocm//:device_libs")
    _offload_objects(name = name, pipeline = pipeline, toolkit = toolkit, rocm_device_libs = rocm_device_libs, **kwargs)

def offload_cc_library(
        name,
        srcs,
        hdrs = [],
        deps = [],
        runtime = Label("//offload_runtime:mgpu"),
        visibility = None,
        testonly = False,
        tags = [],
        **kwargs):
    """A cc_library of the host code and GPU kernels in `.mlir` sources.

    Args:
      name: the cc_library; `<name>_objects` is the target that compiles.
      srcs: `.mlir` files: kernels in gpu.modules or gpu.launch regions (or
        scf.parallel loops, with a pipeline "offload-lower-loops-to-..."),
        with the host functions that launch them.
      hdrs: headers declaring the host functions for C++ callers.
      deps: more cc_library dependencies.
      runtime: the mgpu runtime the objects call; the static one by default.
      visibility: of the cc_library.
      testonly: as for any rule.
      tags: for both targets.
      **kwargs: `pipeline` ("offload-lower-to-cuda" by default, which
        becomes "offload-lower-to-rocm" or "offload-lower-to-gpu" when
        `chips` names AMD chips; "offload-lower-loops-to-cuda",
        "offload-lower-to-host", "offload-lower-loops-to-host",
        "offload-lower-to-vulkan", "offload-lower-loops-to-vulkan" and the
        ROCm and every-vendor ones), `toolkit` (a CUDA toolkit other than the
        one offload_dependencies() found), `rocm_device_libs` (likewise), and
        the pipeline's options, one attribute each: the table in
        docs/pipelines.md (build_defs/pipeline_options.bzl) names them.
    """
    offload_objects(
        name = name + "_objects",
        srcs = srcs,
        testonly = testonly,
        tags = tags,
        visibility = ["//visibility:private"],
        **kwargs
    )
    native.cc_library(
        name = name,
        srcs = [":" + name + "_objects"],
        hdrs = hdrs,
        deps = deps + [runtime],
        visibility = visibility,
        testonly = testonly,
        tags = tags,
    )
