# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""llvm_runpath: the library directory of the LLVM that @offload_llvm found.

A binary that links Debian's libLLVM.so.22.1 or libMLIR.so.22.1 finds them
at run time through its DT_RUNPATH. Bazel's own entries
(`$ORIGIN/../_solib_k8/...`) hold only inside bazel-bin, so a copy of the
binary, or an installed one, would find neither. A target of this rule, in a
binary's `deps`, adds the absolute library directory of the installation
that @offload_llvm was made of (/usr/lib/llvm-22/lib on Debian) to the
binary's run path, and gives its sources that directory as
`OFFLOAD_LLVM_LIBRARY_DIR`, in `<package>/<name>.h`.

Starlark sees only the repository's path inside the output base, so one
action reads the repository's `lib` link and writes a linker response file
and the header. It never runs remotely nor comes from a cache: the link is
on this machine, and another machine's LLVM may be elsewhere.
"""

# $1: a library in the repository's lib; $2, $3: the response file and the
# header. The directory goes into both unquoted, so a character other than
# letters, digits and / . _ + @ - (a space, a comma that -Wl would split at,
# a `$` that the dynamic loader would expand) fails with what to do.
_RESOLVE = """
set -eu
file="$1"
# In a sandbox the input is a link to the file in the execution root, whose
# exec path it ends with; the installation's own links are left alone.
if [ -L "$file" ]; then
  target=$(readlink "$file")
  case "$target" in
    */"$file") file="$target" ;;
  esac
fi
# The repository's link to the installation's lib, as the repository rule
# resolved it; else the directory itself.
dir=$(dirname "$file")
lib=""
if [ -L "$dir" ]; then
  lib=$(readlink "$dir")
fi
case "$lib" in
  /*) ;;
  *) lib=$(cd "$dir" && pwd -P) ;;
esac
case "$lib" in
  *[!A-Za-z0-9/._+@-]*)
    echo "llvm_runpath: the LLVM library directory '$lib' holds a character that a run path cannot carry unquoted (allowed: letters, digits, / . _ + @ -); set OFFLOAD_LLVM_PREFIX to a path without it" >&2
    exit 1
    ;;
esac
printf -- '-Wl,-rpath,%s\\n' "$lib" > "$2"
printf '#ifndef OFFLOAD_LLVM_LIBRARY_DIR\\n#define OFFLOAD_LLVM_LIBRARY_DIR "%s"\\n#endif\\n' "$lib" > "$3"
"""

def _llvm_runpath_impl(ctx):
    libraries = ctx.files._shared_libraries
    params = ctx.actions.declare_file(ctx.label.name + ".params")
    header = ctx.actions.declare_file(ctx.label.name + ".h")
    ctx.actions.run_shell(
        inputs = libraries,
        outputs = [params, header],
        command = _RESOLVE,
        arguments = [libraries[0].path, params.path, header.path],
        execution_requirements = {"no-remote": "1", "no-cache": "1"},
        mnemonic = "LlvmRunpath",
        progress_message = "Finding the LLVM library directory for %s" % ctx.label,
    )
    linker_input = cc_common.create_linker_input(
        owner = ctx.label,
        # A response file: the directory is known only once the action ran.
        user_link_flags = depset(["@" + params.path]),
        additional_inputs = depset([params]),
    )
    return [
        DefaultInfo(files = depset([params, header])),
        CcInfo(
            compilation_context = cc_common.create_compilation_context(headers = depset([header])),
            linking_context = cc_common.create_linking_context(linker_inputs = depset([linker_input])),
        ),
    ]

llvm_runpath = rule(
    implementation = _llvm_runpath_impl,
    doc = "Adds @offload_llvm's absolute library directory to the run path of the binaries that depend on it.",
    attrs = {
        "_shared_libraries": attr.label(default = "@offload_llvm//:shared_libraries"),
    },
)
