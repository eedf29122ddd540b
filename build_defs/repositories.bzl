"""Repositories that mlir-offload needs, all offline, over installed files.

A workspace that uses mlir-offload (this one included) calls:

    load("@offload//build_defs:repositories.bzl", "offload_dependencies")
    offload_dependencies()
"""

def _installed_repository_impl(rctx):
    root = None
    for var in rctx.attr.path_env:
        value = rctx.os.environ.get(var, "")
        if value:
            root = rctx.path(value)
            break
    if root == None:
        root = rctx.path(rctx.attr.default_path)
    missing = [m for m in rctx.attr.markers if not rctx.path("%s/%s" % (root, m)).exists]
    if missing:
        fail("%s: %s not found under %s%s. Run tools/bootstrap.sh to install it." % (
            rctx.name,
            ", ".join(missing),
            root,
            " (from $%s)" % " or $".join(rctx.attr.path_env) if rctx.attr.path_env else "",
        ))
    for entry in root.readdir():
        rctx.symlink(entry, entry.basename)
    rctx.symlink(rctx.attr.build_file, "BUILD.bazel")
    rctx.file("WORKSPACE", "workspace(name = \"%s\")\n" % rctx.name)

# Like new_local_repository, but the path may come from the environment and a
# missing installation fails with a message that says what to run.
_installed_repository = repository_rule(
    implementation = _installed_repository_impl,
    local = True,
    attrs = {
        "build_file": attr.label(mandatory = True, allow_single_file = True),
        "default_path": attr.string(mandatory = True),
        "markers": attr.string_list(doc = "Files that must exist under the path."),
        "path_env": attr.string_list(doc = "Variables that override default_path, first set wins."),
    },
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

def offload_dependencies():
    """Declares every external repository that mlir-offload builds against."""
    _standin_repository(
        name = "rules_cc",
        files = {
            Label("//third_party:standins/rules_cc_cc.BUILD"): "cc/BUILD.bazel",
            Label("//third_party:standins/rules_cc_defs.bzl"): "cc/defs.bzl",
        },
    )
    _standin_repository(
        name = "rules_java",
        files = {
            Label("//third_party:standins/empty.BUILD"): "java/BUILD.bazel",
            Label("//third_party:standins/rules_java_defs.bzl"): "java/defs.bzl",
        },
    )
    _standin_repository(
        name = "remote_coverage_tools",
        files = {
            Label("//third_party:standins/remote_coverage_tools.BUILD"): "BUILD.bazel",
            Label("//third_party:standins/coverage_unavailable.sh"): "coverage_unavailable.sh",
        },
    )
    _installed_repository(
        name = "llvm",
        build_file = Label("//third_party:llvm.BUILD"),
        default_path = "/usr/lib/llvm-22",
        path_env = ["OFFLOAD_LLVM_PREFIX"],
        markers = ["lib/libMLIR.so.22.1", "lib/libLLVM.so.22.1", "include/mlir", "bin/mlir-tblgen", "bin/FileCheck"],
    )
    _installed_repository(
        name = "cuda",
        build_file = Label("//third_party:cuda.BUILD"),
        default_path = "/usr/local/cuda",
        path_env = ["CUDA_PATH", "CUDA_HOME"],
        markers = ["bin/ptxas", "bin/fatbinary", "nvvm/libdevice/libdevice.10.bc", "include/cuda.h"],
    )
    _installed_repository(
        name = "gtest",
        build_file = Label("//third_party:gtest.BUILD"),
        default_path = "/usr",
        markers = ["include/gtest/gtest.h", "lib/x86_64-linux-gnu/libgtest.a", "lib/x86_64-linux-gnu/libgmock.a"],
    )
    _installed_repository(
        name = "absl",
        build_file = Label("//third_party:absl.BUILD"),
        default_path = "/usr",
        markers = ["include/absl/base/config.h", "lib/x86_64-linux-gnu/libabsl_base.so"],
    )
