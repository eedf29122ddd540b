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

load(":pipeline_table.bzl", "english_list")
load(":targets.bzl", "PIPELINE_TABLE", "TARGET_OBJECTS", "TARGET_OPTIONS")

PIPELINES = PIPELINE_TABLE["pipelines"]
PIPELINE_OPTIONS = PIPELINE_TABLE["options"]

# The pipeline offload_cc_library runs unless told another.
_DEFAULT_PIPELINE = "offload-lower-to-cuda"

def _listed():
    """[(options, objects)] of each target, in the order messages list them."""
    pairs = [(TARGET_OPTIONS[i], TARGET_OBJECTS[i]) for i in range(len(TARGET_OPTIONS))]
    return sorted(pairs, key = _rank)

def _rank(pair):
    return pair[0]["token"]["rank"]

def _family(ctx):
    return PIPELINES[ctx.attr.pipeline]["family"]

def _applies(entry, family):
    """Whether `entry` is an option of the pipelines of `family`."""
    return family in entry["families"]

def _object_kinds(ctx):
    """What the objects are, for the progress message: "CUDA and host"."""
    family = _family(ctx)
    return " and ".join([objects["kind"] for _, objects in _listed() if objects["makes"](family, ctx.attr)])

def _target_attrs():
    """What the every-target pipelines take as `targets` instead: the rule
    makes that option of these attributes."""
    attrs = []
    for options, _ in _listed():
        attr_name = "chips" if "prefix" in options["token"] else options["token"]["name"]
        if attr_name not in attrs:
            attrs.append(attr_name)
    return attrs

def _targets(ctx):
    """offload-lower-to-gpu's targets: the chips, then the other targets the
    attributes ask for."""
    targets = list(ctx.attr.chips)
    for options, _ in _listed():
        token = options["token"]
        if "name" in token and getattr(ctx.attr, token["name"]):
            targets.append(token["name"])
    return targets

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
    for objects in TARGET_OBJECTS:
        if "attrs" in objects:
            attrs.update(objects["attrs"]())
    return attrs

def _english(words):
    return english_list([str(w) for w in words])

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
        prefixes = [o["token"]["prefix"] for o, _ in _listed() if "prefix" in o["token"]]
        for chip in ctx.attr.chips:
            if not [p for p in prefixes if chip.startswith(p)]:
                fail("chips must start with %s, not '%s'" % (_english(prefixes), chip), attr = "chips")
        if not _targets(ctx):
            needs = [a if a == "chips" else a + " = True" for a in _target_attrs()]
            fail("pipeline = \"%s\" needs %s" % (ctx.attr.pipeline, _english(needs)), attr = "chips")
    for entry in PIPELINE_OPTIONS:
        name = entry["attr"]
        if not name or not _applies(entry, family):
            continue
        value = getattr(ctx.attr, name)
        if not _is_set(entry, value):
            continue
        if entry.get("requires") == "loops" and not PIPELINES[ctx.attr.pipeline]["loops"]:
            fail("%s applies to the pipelines of loops only (%s), not to pipeline = \"%s\"" % (name, ", ".join(loops), ctx.attr.pipeline), attr = name)
        requires = entry.get("requires")
        if requires not in (None, "loops") and not getattr(ctx.attr, requires):
            fail("%s applies with %s = True only (or a %s pipeline)" % (name, requires, requires), attr = name)
        problem = _check_value(entry, value)
        if problem:
            fail(problem, attr = name)
        given.append((entry, value))

    # What only another pipeline takes, given anyway.
    applies = [e["attr"] for e in PIPELINE_OPTIONS if e["attr"] and _applies(e, family)]
    if family == "gpu":
        applies += _target_attrs()
    for entry in PIPELINE_OPTIONS:
        name = entry["attr"]
        if name and name not in applies and _is_set(entry, getattr(ctx.attr, name)):
            fail("%s does not apply to pipeline = \"%s\"" % (name, ctx.attr.pipeline), attr = name)
    for objects in TARGET_OBJECTS:
        if "check" in objects:
            objects["check"](ctx, objects["makes"](family, ctx.attr))
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

def _pipeline_options(ctx, tool_options, given):
    options = list(tool_options)
    if _family(ctx) == "gpu":
        options.append("targets=" + ",".join(_targets(ctx)))
    for entry, value in given:
        options.append(_option_text(entry, value, ctx))
    return " ".join(options)

def _offload_objects_impl(ctx):
    given = _given_options(ctx)

    # Bazel caches these actions itself; the object cache would only be a
    # file outside the sandbox.
    tool_files, env, tool_options, lld = [], {"OFFLOAD_CACHE": "off"}, [], False
    for objects in TARGET_OBJECTS:
        if "tools" not in objects:
            continue
        tools = objects["tools"](ctx, objects["makes"](_family(ctx), ctx.attr))
        if tools:
            tool_files += tools.get("files", [])
            env.update(tools.get("env", {}))
            tool_options += tools.get("options", [])
            lld = lld or tools.get("lld", False)
    tool_files += ctx.files.link
    if lld:
        # The linker of the targets' objects, named so that none on PATH
        # stands in.
        tool_files.append(ctx.file._lld)
        env["OFFLOAD_LLD"] = ctx.file._lld.path
    options = _pipeline_options(ctx, tool_options, given)
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
        "pipeline": attr.string(default = _DEFAULT_PIPELINE),
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
    """`pipeline`, or where the default target's pipeline is given chips of
    other targets, the pipeline of that target (its chips alone) or the
    every-target one (several kinds), of loops as well if it was."""
    info = PIPELINES.get(pipeline)
    if not info or info["family"] != PIPELINES[_DEFAULT_PIPELINE]["family"]:
        return pipeline
    owners = {}
    for chip in chips:
        for options, _ in _listed():
            prefix = options["token"].get("prefix")
            if prefix and chip.startswith(prefix):
                owners[chip] = options
    others = [o for c, o in owners.items() if o["name"] != info["family"]]
    if not others:
        return pipeline
    other = others[0]
    if len(owners) < len(chips) or [o for o in owners.values() if o["name"] != other["name"]]:
        family = "gpu"
    else:
        family = other["name"]
    return [p for p, i in PIPELINES.items() if i["family"] == family and i["loops"] == info["loops"]][0]

def offload_objects(name, pipeline = _DEFAULT_PIPELINE, **kwargs):
    """Compiles `.mlir` sources with GPU kernels to host object files.

    The attributes besides `srcs` and `pipeline` are the pipeline's options
    (build_defs/pipeline_options.bzl and the targets' parts; docs/pipelines.md
    lists them) and the tools of the targets (pipelines/<target>/objects.bzl;
    docs/bazel.md). `chips` may name the chips of several targets alike (by
    their prefixes): given chips of another target, the default CUDA
    pipeline becomes that target's, or with several kinds the every-vendor
    one (offload-lower[-loops]-to-gpu, whose `targets` the rule makes of
    `chips` and the targets' own attributes). A target's tools default to
    those of `offload_dependencies()` when it makes objects, so that a
    workspace without a target's tools builds the libraries of the others.
    """
    pipeline = _pipeline_for_chips(pipeline, kwargs.get("chips", []))
    family = PIPELINES.get(pipeline, {}).get("family")
    given = struct(**kwargs)
    for objects in TARGET_OBJECTS:
        if "defaults" not in objects or not objects["makes"](family, given):
            continue
        for attr_name, default in objects["defaults"]().items():
            if kwargs.get(attr_name) == None:
                kwargs[attr_name] = default
    _offload_objects(name = name, pipeline = pipeline, **kwargs)

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
        becomes another target's or "offload-lower-to-gpu" when `chips`
        names other targets' chips; docs/pipelines.md lists the pipelines),
        the targets' tools (`toolkit`, a CUDA toolkit other than the one
        offload_dependencies() found, and likewise for the other targets),
        and the pipeline's options, one attribute each: the table in
        docs/pipelines.md names them.
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
