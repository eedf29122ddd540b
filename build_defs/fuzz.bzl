# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""libFuzzer targets, built with clang-22 beside the gcc-built project.

`offload_fuzzer` compiles its `srcs` (the fuzz target and the project sources
whose code it explores, so that they carry libFuzzer's coverage
instrumentation) with `clang -fsanitize=fuzzer,address,undefined`, with the
headers, include paths and defines of `deps`, and links the libraries of
`deps` as they are (uninstrumented: MLIR and LLVM). `offload_fuzz_test` runs
it over its seed corpus for a bounded number of inputs, as `bazel test`
does in CI; `bazel run //fuzz:<name>_fuzzer -- <args>` runs it for longer
(see docs/fuzzing.md).
"""

_SANITIZERS = "-fsanitize=fuzzer,address,undefined"

def _offload_fuzzer_impl(ctx):
    cc_info = cc_common.merge_cc_infos(cc_infos = [dep[CcInfo] for dep in ctx.attr.deps])
    compilation = cc_info.compilation_context
    args = [
        "-std=c++17",
        "-O1",
        "-g",
        "-fno-omit-frame-pointer",
        _SANITIZERS,
        # A finding is a crash, not a report that the run carries on past.
        "-fno-sanitize-recover=undefined",
        # libMLIR's own RTTI, as the gcc build has it.
        "-frtti",
        "-w",
    ]
    for include in compilation.quote_includes.to_list():
        args += ["-iquote", include]
    for include in compilation.includes.to_list():
        args += ["-I", include]
    for include in compilation.system_includes.to_list():
        args += ["-isystem", include]
    for define in compilation.defines.to_list():
        args.append("-D" + define)

    # The project's libraries as archives (their shared forms have no
    # SONAME); installed ones (MLIR, LLVM) as the shared libraries they are.
    libraries = []
    link_args = ["-Wl,--start-group"]
    link_flags = []
    for linker_input in cc_info.linking_context.linker_inputs.to_list():
        link_flags += linker_input.user_link_flags
        for library in linker_input.libraries:
            archive = library.pic_static_library or library.static_library
            file = archive or library.dynamic_library
            if not file:
                continue
            libraries.append(file)
            if archive and library.alwayslink:
                link_args += ["-Wl,--whole-archive", file.path, "-Wl,--no-whole-archive"]
            else:
                link_args.append(file.path)
    link_args.append("-Wl,--end-group")

    out = ctx.actions.declare_file(ctx.label.name)
    clang = ctx.file._clang
    # Shared libraries are found at run time where their links point (the
    # installed LLVM), whatever the path of this output.
    command = """
set -euo pipefail
clang="$1"; out="$2"; shift 2
rpaths=()
for arg in "$@"; do
  case "$arg" in
    *.so|*.so.*) rpaths+=("-Wl,-rpath,$(dirname "$(readlink -f "$arg")")") ;;
  esac
done
exec "$clang" -fuse-ld=lld "$@" "${rpaths[@]}" -o "$out"
"""
    arguments = [clang.path, out.path] + args + [f.path for f in ctx.files.srcs] + \
                link_args + link_flags + ["-ldl", "-lpthread"]
    ctx.actions.run_shell(
        command = command,
        arguments = arguments,
        inputs = depset(
            ctx.files.srcs + ctx.files.hdrs + libraries + [clang],
            transitive = [compilation.headers],
        ),
        outputs = [out],
        mnemonic = "OffloadFuzzer",
        progress_message = "Building fuzzer %s" % ctx.label.name,
        use_default_shell_env = True,
    )
    return [DefaultInfo(executable = out, files = depset([out]))]

offload_fuzzer = rule(
    implementation = _offload_fuzzer_impl,
    attrs = {
        "srcs": attr.label_list(allow_files = [".cc", ".cpp"]),
        # The project headers that `srcs` include (generated ones come with
        # `deps`).
        "hdrs": attr.label_list(allow_files = [".h", ".inc", ".def"]),
        # In the execution configuration, as the compiler tools are: the
        # pipeline fuzzer links all of the compiler, which then builds once.
        # The fuzzer runs where the tests run, on the execution platform.
        "deps": attr.label_list(providers = [CcInfo], cfg = "exec"),
        "_clang": attr.label(
            default = "@offload_llvm//:clang",
            allow_single_file = True,
        ),
    },
    executable = True,
)

def offload_fuzz_test(name, srcs, deps, corpus, hdrs = [], runs = 2000, dict = None):
    """`name`_fuzzer, and `name`_test running it `runs` times over `corpus`."""
    offload_fuzzer(
        name = name + "_fuzzer",
        srcs = srcs,
        hdrs = hdrs,
        deps = deps,
    )
    args = [
        "$(rootpath :%s_fuzzer)" % name,
        str(runs),
    ]
    data = [":%s_fuzzer" % name] + corpus
    if dict:
        args.append("$(rootpath %s)" % dict)
        data.append(dict)
    else:
        args.append("-")  # Bazel drops empty arguments
    args += ["$(rootpath %s)" % seed for seed in corpus]
    native.sh_test(
        name = name + "_test",
        srcs = ["//fuzz:run_fuzzer.sh"],
        args = args,
        data = data,
        size = "medium",
    )
