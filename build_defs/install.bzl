# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""offload_install: an executable that installs mlir-offload under a prefix.

    bazel run //:install -- <prefix>

puts the tools into <prefix>/bin, libmgpu.so and liboffload_plugin.so into
<prefix>/lib, the mgpu headers into <prefix>/include/mgpu and mgpu.pc, with
the prefix in it, into <prefix>/lib/pkgconfig. Each installed tool runs
from there (build_defs/llvm_runpath.bzl), and offload-runner finds the
installed libmgpu.so (tools/RunnerLibraries.h).

The executable is tools/install.sh; the rule writes beside it, as
`<name>.manifest`, what to copy where, and gives it every file as runfiles.
What is installed is fixed here, so that every target of the rule installs
the same files: `offload_install_exec_tools` differs only in taking the
compiler's tools (and the plugin) as the build and the tests run them, in
the execution configuration, for a test that must not build the compiler a
second time (build_defs/exec_tools.bzl).
"""

_TOOLS = [
    "//tools:offload-lsp-server",
    "//tools:offload-opt",
    "//tools:offload-reduce",
    "//tools:offload-runner",
    "//tools:offload-translate",
]

_PLUGINS = ["//tools:liboffload_plugin.so"]

_LIBRARIES = ["//offload_runtime:libmgpu.so"]

# Header -> its path under <prefix>/include, as programs include it.
_HEADERS = {
    "//offload_runtime:include/mgpu/mgpu.h": "mgpu/mgpu.h",
    "//offload_runtime:include/mgpu/mgpu_abi.def": "mgpu/mgpu_abi.def",
}

def _runfiles_path(ctx, file):
    """Where `file` is under the runfiles root (a file of another repository
    has a short path of ../<repository>/...)."""
    if file.short_path.startswith("../"):
        return file.short_path[len("../"):]
    return "%s/%s" % (ctx.workspace_name, file.short_path)

def _only_file(target):
    files = target[DefaultInfo].files.to_list()
    if len(files) != 1:
        fail("%s: expected one file to install, got %s" % (target.label, [f.short_path for f in files]))
    return files[0]

def _install_impl(ctx):
    # (how, destination under the prefix, file): `exec` and `file` are copied
    # with modes 0755 and 0644, `pkgconfig` has @PREFIX@ replaced.
    entries = [("exec", "bin/" + _only_file(t).basename, _only_file(t)) for t in ctx.attr._tools]
    entries += [("file", "lib/" + _only_file(t).basename, _only_file(t)) for t in ctx.attr._plugins + ctx.attr._libraries]
    entries += [("file", "include/" + path, _only_file(t)) for t, path in ctx.attr._headers.items()]
    entries.append(("pkgconfig", "lib/pkgconfig/mgpu.pc", ctx.file._pkgconfig))

    destinations = {}
    for _, destination, file in entries:
        if destination in destinations:
            fail("both %s and %s would be installed as %s" % (destinations[destination], file.short_path, destination))
        destinations[destination] = file.short_path

    manifest = ctx.actions.declare_file(ctx.label.name + ".manifest")
    ctx.actions.write(manifest, "".join([
        "%s %s %s\n" % (how, destination, _runfiles_path(ctx, file))
        for how, destination, file in entries
    ]))
    executable = ctx.actions.declare_file(ctx.label.name)
    ctx.actions.expand_template(
        template = ctx.file._script,
        output = executable,
        substitutions = {},
        is_executable = True,
    )
    return [DefaultInfo(
        executable = executable,
        runfiles = ctx.runfiles(files = [manifest] + [file for _, _, file in entries]),
    )]

def _install_rule(tools_configuration, doc):
    return rule(
        implementation = _install_impl,
        doc = doc,
        executable = True,
        attrs = {
            # Label(): ours, also where another workspace loads this file.
            "_tools": attr.label_list(cfg = tools_configuration, default = [Label(t) for t in _TOOLS]),
            "_plugins": attr.label_list(cfg = tools_configuration, default = [Label(p) for p in _PLUGINS]),
            "_libraries": attr.label_list(default = [Label(l) for l in _LIBRARIES]),
            "_headers": attr.label_keyed_string_dict(
                allow_files = True,
                default = {Label(h): path for h, path in _HEADERS.items()},
            ),
            "_pkgconfig": attr.label(allow_single_file = True, default = Label("//offload_runtime:mgpu.pc.in")),
            "_script": attr.label(allow_single_file = True, default = Label("//tools:install.sh")),
        },
    )

offload_install = _install_rule(
    "target",
    "Installs the tools, libmgpu.so, the plugin, the mgpu headers and mgpu.pc under the prefix it is given.",
)

offload_install_exec_tools = _install_rule(
    "exec",
    "offload_install with the tools and the plugin built for the execution platform, as tests take them.",
)
