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

def _object_kinds(ctx):
    """What the objects are, for the progress message: "CUDA and host"."""
    family = _family(ctx)
    kinds = [{"cuda": "CUDA", "host": "host", "vulkan": "Vulkan"}[family]]
    if family == "cuda" and ctx.attr.vulkan:
        kinds.append("Vulkan")
    if family != "host" and ctx.attr.host:
        kinds.append("host")
    return " and ".join(kinds)

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
    for entry, value in given:
        options.append(_option_text(entry, value, ctx))
    return " ".join(options)

def _offload_objects_impl(ctx):
    given = _given_options(ctx)

    # Bazel caches these actions itself; the object cache would only be a
    # file outside the sandbox.
    tool_files, env = [], {"OFFLOAD_CACHE": "off"}
    toolkit = None
    if _family(ctx) == "cuda":
        if not ctx.files.toolkit:
            fail("pipeline = \"%s\" needs a CUDA toolkit" % ctx.attr.pipeline, attr = "toolkit")
        tool_files += ctx.files.toolkit + ctx.files.link
        toolkit = _toolkit_root(ctx.files.toolkit)
    elif ctx.files.toolkit:
        fail("toolkit does not apply to pipeline = \"%s\"" % ctx.attr.pipeline, attr = "toolkit")
    if _makes_host_objects(ctx):
        # The linker of host objects, named so that none on PATH stands in.
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
        "toolkit": attr.label(cfg = "exec", doc = "The CUDA toolkit (CUDA pipelines only)."),
        "_opt": attr.label(
            default = Label("//tools:offload-opt"),
            executable = True,
            cfg = "exec",
        ),
        "_translate": attr.label(
            default = Label("//tools:offload-translate"),
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

def offload_objects(name, pipeline = "offload-lower-to-cuda", toolkit = None, **kwargs):
    """Compiles `.mlir` sources with GPU kernels to host object files.

    The attributes besides `srcs`, `pipeline` and `toolkit` are the pipeline's
    options (build_defs/pipeline_options.bzl; docs/pipelines.md lists them).
    A CUDA pipeline takes the toolkit of `offload_dependencies()` unless given
    another; a host or Vulkan pipeline needs none, so a workspace without a
    CUDA toolkit builds host-only and Vulkan libraries.
    """
    if toolkit == None and PIPELINES.get(pipeline, {}).get("family") == "cuda":
        toolkit = Label("@offload_cuda//:toolkit")
    _offload_objects(name = name, pipeline = pipeline, toolkit = toolkit, **kwargs)

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
      **kwargs: `pipeline` ("offload-lower-to-cuda" by default,
        "offload-lower-loops-to-cuda", "offload-lower-to-host",
        "offload-lower-loops-to-host", "offload-lower-to-vulkan",
        "offload-lower-loops-to-vulkan"), `toolkit` (a CUDA toolkit other than
        the one offload_dependencies() found), and the pipeline's options,
        one attribute each: the table in docs/pipelines.md
        (build_defs/pipeline_options.bzl) names them.
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
