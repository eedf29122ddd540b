# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Repositories that mlir-offload needs, all offline, over installed files.

A workspace that uses mlir-offload (this one included) calls:

    load("@offload//build_defs:repositories.bzl", "offload_dependencies")
    offload_dependencies()

and, offline with Bazel 4.2.3 and none of its own, the stand-ins for what
Bazel would download:

    load("@offload//build_defs:repositories.bzl", "offload_standin_dependencies")
    offload_standin_dependencies()
"""

load("@bazel_tools//tools/build_defs/repo:utils.bzl", "maybe")
load(":cuda_toolkit.bzl", "CUDA_TOOLKIT_BAZEL_VARIABLE", "CUDA_TOOLKIT_SEARCH_ORDER", "cuda_toolkit_environment_variables")
load(":rocm_device_libs.bzl", "ROCM_DEVICE_LIBS_SEARCH_ORDER", "ROCM_BITCODE_DIRECTORY", "rocm_device_libs_environment_variables")

_LLVM_PREFIX_VARIABLE = "OFFLOAD_LLVM_PREFIX"

# A directory holding the compiler's tools, built elsewhere: offload_cc_library
# runs them instead of building //tools (see _tools_repository).
_PREBUILT_TOOLS_VARIABLE = "OFFLOAD_PREBUILT_TOOLS"

# The tools that offload_cc_library runs (build_defs/offload.bzl), as
# @offload_tools//:<tool>.
_RULE_TOOLS = ["offload-opt", "offload-translate"]

def _missing_markers(rctx, root):
    return [m for m in rctx.attr.markers if not rctx.path("%s/%s" % (root, m)).exists]

def _find_root(rctx):
    """The installation that the repository is made of.

    The first of rctx.attr.search_order that names a directory holding every
    marker: "$NAME" is a variable, anything else a directory. The variable
    rctx.attr.only, when set, replaces the search.
    """
    only = rctx.os.environ.get(rctx.attr.only, "") if rctx.attr.only else ""
    if only:
        missing = _missing_markers(rctx, rctx.path(only))
        if missing:
            fail("%s: %s=%s holds no %s. Point it at an installation, or unset it to search %s." % (
                rctx.name,
                rctx.attr.only,
                only,
                ", ".join(missing),
                ", ".join(rctx.attr.search_order),
            ))
        return rctx.path(only)
    searched = []
    for entry in rctx.attr.search_order:
        where = entry
        if entry.startswith("$"):
            where = rctx.os.environ.get(entry[1:], "")
            if not where:
                continue
        root = rctx.path(where)
        missing = _missing_markers(rctx, root)
        if not missing:
            return root
        searched.append("%s%s (no %s)" % (where, " from " + entry if entry != where else "", ", ".join(missing)))
    variables = [e for e in rctx.attr.search_order if e.startswith("$")]
    fail("%s: not found; looked in:\n  %s\nRun tools/bootstrap.sh to install it%s." % (
        rctx.name,
        "\n  ".join(searched) if searched else "nothing (no variable set)",
        ", or set " + " or ".join(variables) if variables else "",
    ))

def _find_multiarch_libdir(rctx, root):
    """The lib/<multiarch triple> under root that holds every lib marker.

    Debian puts libraries there: x86_64-linux-gnu, aarch64-linux-gnu, ...
    """
    lib = rctx.path("%s/lib" % root)
    for entry in lib.readdir():
        if "-linux-" not in entry.basename:
            continue
        if all([rctx.path("%s/%s" % (entry, m)).exists for m in rctx.attr.lib_markers]):
            return entry
    fail("%s: no %s under %s/lib/<triple>. Run tools/bootstrap.sh to install it." % (
        rctx.name,
        ", ".join(rctx.attr.lib_markers),
        root,
    ))

def _installed_repository_impl(rctx):
    root = _find_root(rctx)
    for entry in root.readdir():
        rctx.symlink(entry, entry.basename)
    if rctx.attr.lib_markers:
        # One name for the multiarch library directory, whatever the host.
        rctx.symlink(_find_multiarch_libdir(rctx, root), "multiarch_lib")
    if rctx.attr.build_file:
        rctx.symlink(rctx.attr.build_file, "BUILD.bazel")
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)

_INSTALLED_REPOSITORY_ATTRS = {
    "build_file": attr.label(allow_single_file = True, doc = "Else the directory's own BUILD file."),
    "search_order": attr.string_list(mandatory = True, doc = "\"$NAME\" (a variable) or a directory; the first with every marker wins."),
    "only": attr.string(doc = "A variable that, when set, names the directory: no other is searched."),
    "markers": attr.string_list(doc = "Files that must exist under the directory."),
    "lib_markers": attr.string_list(doc = "Files that must exist under lib/<multiarch triple>, linked as multiarch_lib."),
}

# Like new_local_repository, but the directory is searched for (variables
# first, then defaults) and a missing installation fails with what to run.
# One rule per set of variables read (`environ`): changing a variable
# refetches the repositories that read it, and no other. Bazel fetches a
# repository only when a target that is built needs one of its files, so an
# installation that nothing needs is never looked for.
_installed_repository = repository_rule(
    implementation = _installed_repository_impl,
    local = True,
    attrs = _INSTALLED_REPOSITORY_ATTRS,
)

_llvm_repository = repository_rule(
    implementation = _installed_repository_impl,
    local = True,
    environ = [_LLVM_PREFIX_VARIABLE],
    attrs = _INSTALLED_REPOSITORY_ATTRS,
)

_cuda_repository = repository_rule(
    implementation = _installed_repository_impl,
    local = True,
    environ = cuda_toolkit_environment_variables(),
    attrs = _INSTALLED_REPOSITORY_ATTRS,
)

def _rocm_repository_impl(rctx):
    # Only the device libraries: Debian's root is /usr/lib/<triple>, of which
    # nothing else belongs here.
    root = _find_root(rctx)
    rctx.symlink(root.get_child("amdgcn"), "amdgcn")
    rctx.symlink(rctx.attr.build_file, "BUILD.bazel")
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)

_rocm_repository = repository_rule(
    implementation = _rocm_repository_impl,
    local = True,
    environ = rocm_device_libs_environment_variables(),
    attrs = _INSTALLED_REPOSITORY_ATTRS,
)

def _label_text(label):
    """`label` as another repository's BUILD file names it: `@//...` for
    this workspace's main repository, where `//...` would be that one's."""
    return "@%s//%s:%s" % (label.workspace_name, label.package, label.name)

def _tools_repository_impl(rctx):
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)
    prebuilt = rctx.os.environ.get(_PREBUILT_TOOLS_VARIABLE, "")
    if not prebuilt:
        rctx.file("BUILD.bazel", "".join([
            "alias(name = \"%s\", actual = \"%s\", visibility = [\"//visibility:public\"])\n" % (tool, actual)
            for tool, actual in sorted(rctx.attr.sources.items())
        ]))
        return
    setting = "%s=%s" % (_PREBUILT_TOOLS_VARIABLE, prebuilt)
    if not prebuilt.startswith("/"):
        fail("%s: %s is not an absolute path." % (rctx.name, setting))
    root = rctx.path(prebuilt)
    tools = sorted(rctx.attr.sources.keys())
    missing = [tool for tool in tools if not root.get_child(tool).exists]
    if missing:
        fail("%s: %s holds no %s. Point it at a directory with %s (mlir-offload's bazel-bin/tools, or the <prefix>/bin of `bazel run //:install -- <prefix>`), or unset it to build them from @offload." % (
            rctx.name,
            setting,
            " and no ".join(missing),
            " and ".join(tools),
        ))
    for tool in tools:
        # Runs, with the libraries it needs: a tool for another platform, or
        # one that is not executable, fails here rather than in every action.
        result = rctx.execute([root.get_child(tool), "--version"])
        if result.return_code != 0:
            fail("%s: %s: %s does not run (exit code %d): %s" % (
                rctx.name,
                setting,
                tool,
                result.return_code,
                (result.stderr or result.stdout).strip(),
            ))
        rctx.symlink(root.get_child(tool), tool)
    rctx.file("BUILD.bazel", "# The tools of %s.\nexports_files(%s, visibility = [\"//visibility:public\"])\n" % (setting, tools))

# The compiler's tools that offload_cc_library runs: the ones of
# $OFFLOAD_PREBUILT_TOOLS when it is set, for a workspace that builds them
# once elsewhere (a team's toolchain image, a CI stage before), else aliases
# of @offload//tools, built from source. Changing the variable refetches this
# repository alone.
_tools_repository = repository_rule(
    implementation = _tools_repository_impl,
    local = True,
    environ = [_PREBUILT_TOOLS_VARIABLE],
    attrs = {"sources": attr.string_dict(mandatory = True, doc = "Tool -> the label that builds it.")},
)

def _standin_repository_impl(rctx):
    for label, path in rctx.attr.files.items():
        rctx.symlink(label, path)
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)
    if "BUILD.bazel" not in rctx.attr.files.values():
        rctx.file("BUILD.bazel", "")

# A repository made of files of ours, standing in for one that Bazel 4.2.3
# would download.
_standin_repository = repository_rule(
    implementation = _standin_repository_impl,
    attrs = {"files": attr.label_keyed_string_dict(allow_files = True, doc = "File -> path in the repository.")},
)

def offload_standin_dependencies():
    """Declares local stand-ins for what Bazel 4.2.3 downloads on first use.

    @rules_cc, @rules_java and @remote_coverage_tools, each only if the
    workspace has not declared it already: for a workspace that has none of
    its own and cannot download.

    Offline, without them, `bazel build` and `bazel test` fail at analysis:
    resolving the C++ toolchain of any C++ target (and of every test's
    launcher) needs @rules_cc//cc and, through the registered Java
    toolchains (@bazel_tools//tools/jdk:all), @rules_java//java; every test
    rule depends on @remote_coverage_tools. A workspace of genrules alone
    needs none. The stand-ins are Bazel's native rules under the names the
    real ones export; `bazel coverage` says it is unavailable.
    """
    maybe(
        _standin_repository,
        name = "rules_cc",
        files = {
            Label("//third_party:standins/rules_cc_cc.BUILD"): "cc/BUILD.bazel",
            Label("//third_party:standins/rules_cc_defs.bzl"): "cc/defs.bzl",
        },
    )
    maybe(
        _standin_repository,
        name = "rules_java",
        files = {
            Label("//third_party:standins/empty.BUILD"): "java/BUILD.bazel",
            Label("//third_party:standins/rules_java_defs.bzl"): "java/defs.bzl",
        },
    )
    maybe(
        _standin_repository,
        name = "remote_coverage_tools",
        files = {
            Label("//third_party:standins/remote_coverage_tools.BUILD"): "BUILD.bazel",
            Label("//third_party:standins/coverage_unavailable.sh"): "coverage_unavailable.sh",
        },
    )

def offload_dependencies():
    """Declares every external repository that mlir-offload builds against.

    Each only if the workspace has not declared it already, and each named
    offload_*, so that none is taken for a workspace's own @llvm or @cuda.
    """
    maybe(
        _llvm_repository,
        name = "offload_llvm",
        build_file = Label("//third_party:llvm.BUILD"),
        search_order = ["$" + _LLVM_PREFIX_VARIABLE, "/usr/lib/llvm-22"],
        # The static archives too: the tools link them (static_llvm_binary.bzl).
        markers = ["lib/libMLIR.so.22.1", "lib/libLLVM.so.22.1", "lib/libMLIRIR.a", "lib/libLLVMSupport.a", "include/mlir", "bin/mlir-tblgen", "bin/FileCheck"],
    )

    # The tools that offload_cc_library runs.
    maybe(
        _tools_repository,
        name = "offload_tools",
        sources = {tool: _label_text(Label("//tools:" + tool)) for tool in _RULE_TOOLS},
    )

    # Only CUDA compilation and the runtime's CUDA backend need it.
    maybe(
        _cuda_repository,
        name = "offload_cuda",
        build_file = Label("//third_party:cuda.BUILD"),
        search_order = CUDA_TOOLKIT_SEARCH_ORDER,
        only = CUDA_TOOLKIT_BAZEL_VARIABLE,
        markers = ["bin/ptxas", "bin/fatbinary", "nvvm/libdevice/libdevice.10.bc", "include/cuda.h"],
    )
    # Only AMD compilation needs it: the device libraries that #offload.rocm
    # links (rocm-device-libs).
    maybe(
        _rocm_repository,
        name = "offload_rocm",
        build_file = Label("//third_party:rocm.BUILD"),
        search_order = ROCM_DEVICE_LIBS_SEARCH_ORDER,
        markers = ["%s/%s" % (ROCM_BITCODE_DIRECTORY, name) for name in ["ocml.bc", "ockl.bc"]],
    )
    maybe(
        _installed_repository,
        name = "offload_gtest",
        build_file = Label("//third_party:gtest.BUILD"),
        search_order = ["/usr"],
        markers = ["include/gtest/gtest.h"],
        lib_markers = ["libgtest.a", "libgmock.a", "libgtest_main.a"],
    )
    maybe(
        _installed_repository,
        name = "offload_absl",
        build_file = Label("//third_party:absl.BUILD"),
        search_order = ["/usr"],
        markers = ["include/absl/base/config.h"],
        lib_markers = ["libabsl_base.so"],
    )

    # Only the Vulkan target needs it: SPIRV-Tools' validator (spirv-tools).
    maybe(
        _installed_repository,
        name = "offload_spirv_tools",
        build_file = Label("//third_party:spirv_tools.BUILD"),
        search_order = ["/usr"],
        markers = ["include/spirv-tools/libspirv.hpp"],
        lib_markers = ["libSPIRV-Tools.a"],
    )

    # Debian's bazel-skylib: analysistest, for the rule's tests.
    maybe(
        _installed_repository,
        name = "bazel_skylib",
        search_order = ["/usr/share/bazel/tools/skylib"],
        markers = ["lib/unittest.bzl", "BUILD"],
    )
