# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""static_llvm_binary: a cc_binary that links LLVM and MLIR from their archives.

Our libraries link Debian's shared libLLVM.so and libMLIR.so, so that the
plugin loads into mlir-opt-22 beside them. A tool that a build starts once
per source file pays for that at every start: the dynamic loader resolves
tens of thousands of symbols and every static constructor of both libraries
runs, ~15 ms before main. Linked from the archives, the tool holds only the
members it calls, bound at link time.

The rule links what `deps` would link, with `@offload_llvm//:mlir`'s and
`@offload_llvm//:llvm`'s shared libraries replaced by `@offload_llvm//:static_archives`,
through the C++ toolchain as cc_binary links. The objects are those of the
ordinary build: nothing compiles twice.
"""

load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")
load(":cc.bzl", "cc_library")

def _without_shared_llvm(linker_input, shared):
    libraries = [
        library
        for library in linker_input.libraries
        if not library.dynamic_library or library.dynamic_library.basename not in shared
    ]
    return cc_common.create_linker_input(
        owner = linker_input.owner,
        libraries = depset(libraries),
        user_link_flags = depset(linker_input.user_link_flags),
        additional_inputs = depset(linker_input.additional_inputs),
    )

def _static_llvm_binary_impl(ctx):
    cc_toolchain = find_cpp_toolchain(ctx)
    feature_configuration = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = ctx.features,
        unsupported_features = ctx.disabled_features,
    )
    # libLLVM.so.22.1 and libMLIR.so.22.1, by name: linked and staged through
    # symlinks of that name.
    shared = {file.basename: True for file in ctx.files._shared_libraries}
    linking = cc_common.merge_cc_infos(cc_infos = [dep[CcInfo] for dep in ctx.attr.deps]).linking_context
    own = cc_common.create_linking_context(linker_inputs = depset([
        _without_shared_llvm(linker_input, shared)
        for linker_input in linking.linker_inputs.to_list()
    ], order = "topological"))
    archives = ctx.files._static_archives
    outputs = cc_common.link(
        actions = ctx.actions,
        name = ctx.label.name,
        feature_configuration = feature_configuration,
        cc_toolchain = cc_toolchain,
        linking_contexts = [
            own,
            ctx.attr._system_libraries[CcInfo].linking_context,
        ],
        # After the objects, as one group: the archives call each other in
        # cycles, and a linker reading them in order once (gold, bfd) would
        # miss members. Then static constructors side by side in
        # .text.startup and cold code apart in .text.unlikely, so that a
        # start touches fewer pages of the binary.
        user_link_flags = ["-Wl,--start-group"] + [archive.path for archive in archives] + [
            "-Wl,--end-group",
            "-Wl,-z,keep-text-section-prefix",
        ],
        additional_inputs = archives,
        output_type = "executable",
        link_deps_statically = True,
    )
    executable = outputs.executable

    # The deps' runfiles less the shared libraries that the binary does not
    # load: every action that runs the tool would stage them for nothing.
    runfiles = ctx.runfiles(files = [executable] + [
        file
        for dep in ctx.attr.deps
        for file in dep[DefaultInfo].default_runfiles.files.to_list()
        if file.basename not in shared
    ])
    return [DefaultInfo(
        executable = executable,
        files = depset([executable]),
        runfiles = runfiles,
    )]

_static_llvm_binary = rule(
    implementation = _static_llvm_binary_impl,
    attrs = {
        "deps": attr.label_list(providers = [CcInfo]),
        "_static_archives": attr.label(default = "@offload_llvm//:static_archives"),
        "_system_libraries": attr.label(default = "@offload_llvm//:static_archives_system_libraries"),
        "_shared_libraries": attr.label(default = "@offload_llvm//:shared_libraries"),
        "_cc_toolchain": attr.label(default = "@bazel_tools//tools/cpp:current_cc_toolchain"),
    },
    executable = True,
    fragments = ["cpp"],
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
    incompatible_use_toolchain_transition = True,
)

def static_llvm_binary(name, srcs, deps, visibility = None, **kwargs):
    """A cc_binary of `srcs` and `deps` linking LLVM and MLIR statically.

    Args:
      name: the binary.
      srcs: its sources, with main().
      deps: cc_library dependencies, `@offload_llvm//:mlir` among them as usual.
      visibility: of the binary.
      **kwargs: more attributes of the binary's cc_library (`copts`, ...).
    """
    cc_library(
        name = name + "_main",
        srcs = srcs,
        deps = deps,
        alwayslink = True,
        visibility = ["//visibility:private"],
        **kwargs
    )
    _static_llvm_binary(
        name = name,
        deps = [":%s_main" % name],
        visibility = visibility,
    )
