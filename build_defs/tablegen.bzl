# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs mlir-tblgen-22 over ODS definitions and wraps the results in a cc_library."""

def _gentbl_impl(ctx):
    # Generated .td files (td_srcs made by a rule) are found under bin/.
    root = ctx.label.workspace_root
    include_dirs = depset(
        ["%s/include" % f.owner.workspace_root for f in ctx.files._mlir_td_files] +
        [root or ".", ctx.bin_dir.path + ("/" + root if root else "")],
    )
    args = ctx.actions.args()
    args.add_all(ctx.attr.flags)
    args.add_all(include_dirs, before_each = "-I")
    args.add(ctx.file.td_file)
    args.add("-o", ctx.outputs.out)
    ctx.actions.run(
        executable = ctx.executable._tblgen,
        arguments = [args],
        inputs = depset([ctx.file.td_file] + ctx.files.td_srcs + ctx.files._mlir_td_files),
        outputs = [ctx.outputs.out],
        mnemonic = "MlirTblgen",
        progress_message = "Generating %s" % ctx.outputs.out.short_path,
    )
    return [DefaultInfo(files = depset([ctx.outputs.out]))]

_gentbl = rule(
    implementation = _gentbl_impl,
    attrs = {
        "flags": attr.string_list(mandatory = True),
        "out": attr.output(mandatory = True),
        "td_file": attr.label(mandatory = True, allow_single_file = [".td"]),
        "td_srcs": attr.label_list(allow_files = [".td"]),
        "_mlir_td_files": attr.label(default = "@offload_llvm//:mlir_td_files"),
        "_tblgen": attr.label(
            default = "@offload_llvm//:mlir-tblgen",
            executable = True,
            allow_single_file = True,
            cfg = "exec",
        ),
    },
)

def gentbl_cc_library(name, td_file, outs, td_srcs = [], deps = []):
    """Generates `outs` ({flags: output}) from `td_file`; `name` is a cc_library of them.

    The generated files are textual headers: they are included by hand-written
    headers and sources, never compiled on their own.
    """
    generated = []
    for flags, out in outs.items():
        rule_name = "%s_%s" % (name, out.replace("/", "_").replace(".", "_"))
        _gentbl(
            name = rule_name,
            flags = flags.split(" "),
            out = out,
            td_file = td_file,
            td_srcs = td_srcs,
        )
        generated.append(":" + rule_name)
    native.cc_library(
        name = name,
        textual_hdrs = generated,
        deps = deps,
    )
