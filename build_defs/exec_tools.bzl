# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Our compiler tools as tests take them: built for the execution platform.

`offload_cc_library` and genrules run offload-opt and offload-translate as
tools, built in the execution configuration. A test that lists them in its
`data` would get a second build of the whole compiler, in the target
configuration. Through `exec_tools` a test takes the build that the rules
already made: the same files at the same runfiles paths (`tools/offload-opt`),
so scripts and lit find them where they always did. Tests run on the
execution platform, so nothing is lost.
"""

def _exec_tools_impl(ctx):
    files = depset(transitive = [tool[DefaultInfo].files for tool in ctx.attr.srcs])
    runfiles = ctx.runfiles(transitive_files = files)
    for tool in ctx.attr.srcs:
        runfiles = runfiles.merge(tool[DefaultInfo].default_runfiles)
    return [DefaultInfo(files = files, runfiles = runfiles)]

exec_tools = rule(
    implementation = _exec_tools_impl,
    doc = "Forwards `srcs`, built in the execution configuration, with their runfiles.",
    attrs = {
        "srcs": attr.label_list(
            cfg = "exec",
            allow_files = True,
            doc = "Tools (binaries, shared libraries, files) to forward.",
        ),
    },
)
