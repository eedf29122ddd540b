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

_CUDA_PIPELINES = ["offload-lower-to-cuda", "offload-lower-loops-to-cuda"]
_HOST_PIPELINES = ["offload-lower-to-host", "offload-lower-loops-to-host"]
_LOOP_PIPELINES = ["offload-lower-loops-to-cuda", "offload-lower-loops-to-host"]
_FORMATS = ["fatbin", "bin", "isa"]
_LOADS = ["ctor", "lazy"]

def _for_host_only(ctx):
    return ctx.attr.pipeline in _HOST_PIPELINES

def _makes_host_objects(ctx):
    return _for_host_only(ctx) or ctx.attr.host

def _toolkit_root(files):
    """The toolkit directory: where bin/ptxas is, relative to the execroot."""
    for f in files:
        if f.path.endswith("/bin/ptxas"):
            return f.path[:-len("/bin/ptxas")]
    fail("the CUDA toolkit files do not include bin/ptxas")

def _host_options(ctx, prefix):
    options = []
    for option, value in [
        ("triple", ctx.attr.host_triple),
        ("cpu", ctx.attr.host_cpu),
        ("features", ctx.attr.host_features),
    ]:
        if value:
            options.append("%s%s=%s" % (prefix, option, value))
    return options

def _common_options(ctx):
    options = ["O=%d" % ctx.attr.opt_level]
    if ctx.attr.kernel_bare_ptr:
        options.append("kernel-bare-ptr")
    if ctx.attr.host_bare_ptr:
        options.append("host-bare-ptr")
    options.append("load=" + ctx.attr.load_mode)
    if ctx.attr.tile_sizes:
        options.append("tile-sizes=" + ",".join([str(s) for s in ctx.attr.tile_sizes]))
    return options

def _pipeline_options(ctx, toolkit):
    if _for_host_only(ctx):
        return " ".join(["format=" + ctx.attr.format] + _host_options(ctx, "") + _common_options(ctx))
    options = ["toolkit=" + toolkit, "format=" + ctx.attr.format]
    if ctx.attr.chips:
        options.append("chips=" + ",".join(ctx.attr.chips))
    if ctx.attr.ptx_features:
        options.append("features=" + ctx.attr.ptx_features)
    if ctx.attr.fast:
        options.append("fast")
    if ctx.attr.ftz:
        options.append("ftz")
    options.append("index-bitwidth=%d" % ctx.attr.index_bitwidth)
    if ctx.attr.host:
        options.append("host")
        options += _host_options(ctx, "host-")
    return " ".join(options + _common_options(ctx))

def _check_attrs(ctx):
    pipelines = _CUDA_PIPELINES + _HOST_PIPELINES
    if ctx.attr.pipeline not in pipelines:
        fail("pipeline must be one of %s, not '%s'" % (pipelines, ctx.attr.pipeline), attr = "pipeline")
    if ctx.attr.format not in _FORMATS:
        fail("format must be one of %s, not '%s'" % (_FORMATS, ctx.attr.format), attr = "format")
    if ctx.attr.load_mode not in _LOADS:
        fail("load_mode must be one of %s, not '%s'" % (_LOADS, ctx.attr.load_mode), attr = "load_mode")
    if ctx.attr.opt_level < 0 or ctx.attr.opt_level > 3:
        fail("opt_level must be 0 to 3, not %d" % ctx.attr.opt_level, attr = "opt_level")
    if ctx.attr.index_bitwidth not in [32, 64]:
        fail("index_bitwidth must be 32 or 64, not %d" % ctx.attr.index_bitwidth, attr = "index_bitwidth")
    if ctx.attr.tile_sizes and ctx.attr.pipeline not in _LOOP_PIPELINES:
        fail("tile_sizes applies to the pipelines %s only" % _LOOP_PIPELINES, attr = "tile_sizes")
    if len(ctx.attr.tile_sizes) > 3:
        fail("tile_sizes has at most 3 entries (x, y, z), not %d" % len(ctx.attr.tile_sizes), attr = "tile_sizes")
    for size in ctx.attr.tile_sizes:
        if size <= 0:
            fail("tile_sizes must be positive, not %d" % size, attr = "tile_sizes")
    for chip in ctx.attr.chips:
        if not chip.startswith("sm_"):
            fail("chips are SM architectures such as \"sm_90\", not '%s'" % chip, attr = "chips")
    if ctx.attr.format == "isa" and _makes_host_objects(ctx):
        fail("format \"isa\" makes PTX, which the host cannot run: use \"bin\" or \"fatbin\" with host objects", attr = "format")
    if _for_host_only(ctx):
        # What only CUDA objects have, set for a pipeline that makes none.
        for attr, is_set in [
            ("chips", ctx.attr.chips),
            ("ptx_features", ctx.attr.ptx_features),
            ("fast", ctx.attr.fast),
            ("ftz", ctx.attr.ftz),
            ("link", ctx.attr.link),
            ("index_bitwidth", ctx.attr.index_bitwidth != 64),
            ("host", ctx.attr.host),
        ]:
            if is_set:
                fail("%s does not apply to pipeline = \"%s\", which compiles for the host alone" % (attr, ctx.attr.pipeline), attr = attr)
    elif not ctx.attr.host:
        for attr in ["host_triple", "host_cpu", "host_features"]:
            if getattr(ctx.attr, attr):
                fail("%s applies with host = True or a host pipeline only" % attr, attr = attr)

def _offload_objects_impl(ctx):
    _check_attrs(ctx)
    # Bazel caches these actions itself; the object cache would only be a
    # file outside the sandbox.
    tool_files, env = [], {"OFFLOAD_CACHE": "off"}
    toolkit = None
    if not _for_host_only(ctx):
        tool_files += ctx.files._toolkit + ctx.files.link
        toolkit = _toolkit_root(ctx.files._toolkit)
    if _makes_host_objects(ctx):
        # The linker of host objects, named so that none on PATH stands in.
        tool_files.append(ctx.file._lld)
        env["OFFLOAD_LLD"] = ctx.file._lld.path
    options = _pipeline_options(ctx, toolkit)
    if ctx.files.link:
        options += " l=" + ",".join([f.path for f in ctx.files.link])
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
            progress_message = "Lowering %s to LLVM with %s objects" % (
                src.short_path,
                "host" if _for_host_only(ctx) else ("CUDA and host" if ctx.attr.host else "CUDA"),
            ),
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

offload_objects = rule(
    implementation = _offload_objects_impl,
    doc = "Compiles `.mlir` sources with GPU kernels to host object files.",
    attrs = {
        "srcs": attr.label_list(allow_files = [".mlir"], mandatory = True),
        "pipeline": attr.string(default = "offload-lower-to-cuda"),
        "chips": attr.string_list(),
        "ptx_features": attr.string(),
        "opt_level": attr.int(default = 2),
        "fast": attr.bool(),
        "ftz": attr.bool(),
        "format": attr.string(default = "fatbin"),
        "kernel_bare_ptr": attr.bool(),
        "host_bare_ptr": attr.bool(),
        "index_bitwidth": attr.int(default = 64),
        "load_mode": attr.string(default = "ctor"),
        "tile_sizes": attr.int_list(),
        "link": attr.label_list(allow_files = [".bc"]),
        "host": attr.bool(),
        "host_triple": attr.string(),
        "host_cpu": attr.string(),
        "host_features": attr.string(),
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
        "_toolkit": attr.label(
            default = Label("@offload_cuda//:toolkit"),
            cfg = "exec",
        ),
        "_lld": attr.label(
            default = Label("@offload_llvm//:ld.lld"),
            allow_single_file = True,
            cfg = "exec",
        ),
    },
)

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
      **kwargs: pipeline options, see `offload_objects`: pipeline ("offload-
        lower-to-cuda", "offload-lower-loops-to-cuda", "offload-lower-to-
        host", "offload-lower-loops-to-host"), chips (["sm_75"] if empty;
        several make one binary chosen from at run time), ptx_features
        ("+ptxNN"), opt_level, fast, ftz, format ("fatbin", "bin", "isa"),
        kernel_bare_ptr, host_bare_ptr, index_bitwidth, load_mode ("ctor",
        "lazy"), tile_sizes, link (bitcode files linked into the kernels),
        host (also a host object in each binary, run where there is no CUDA
        device), host_triple, host_cpu, host_features (the CPU that host
        objects are for; the compiling machine's if empty).
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
