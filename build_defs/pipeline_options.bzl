# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The options of the offload pipelines: the shared rows of the one table.

The table is these rows and each target's part of it
(pipelines/<target>/options.bzl, which build_defs/targets.bzl lists);
build_defs/pipeline_table.bzl merges them. Everything else comes from it: the
pipelines' C++ option structs, their defaults, their checks and the
configuration they fill (pipelines/PipelineOptions.h.inc, made by
build_defs/gen_pipeline_options.py), the options of the attach passes
(dialects/AttachOptions.td, same tool), `offload_objects`' attributes and
their checks (build_defs/offload.bzl), and the table of docs/pipelines.md
(the same tool writes it; //build_defs/tests:pipeline_options_test says
whether it is current).

These files are plain data that Python can read too: no load(), no function.

A target's part is one dict, TARGET:
  name         the target, as build_defs/targets.bzl lists it; also the name
               of its family of pipelines.
  struct       the C++ struct of its pipelines' options.
  attach_list  the TableGen list of its attach pass's options.
  pipelines    {pipeline: {"loops": bool}}: its pipelines.
  companions   whether its pipelines take the other targets' companion
               options (rows of "others"): `host`, say, to compile for the
               host CPU as well.
  token        what names it in offload-lower-to-gpu's `targets`: "rank"
               (where messages and docs list it among the targets), "prefix"
               (of chips) or "name" (the whole token); "field", the member of
               PipelineConfig that the token sets (a list takes the chips, a
               bool is set); "one" and "many", how messages and docs call
               such tokens; "example", one of them.
  shared       {name: what the target adds to the shared row `name`}: its
               pipelines take a row of "takers"; "attach", [name, member] of
               its attach pass for the option; "help" and "shown", its part
               of the row's {targets}.
  options      its own rows, as below, with "pipelines" a list of "own" (its
               pipelines), "gpu" and "others" (the pipelines of every other
               target that takes companions), and "attach" [name, member,
               overrides] of its attach pass alone.

Each row:
  name       the option in `offload-lower-to-...{name=value}`.
  field      the member of PipelineConfig (pipelines/Pipelines.h) it sets;
             two entries may set one field from two pipelines' spellings.
  type       "bool", "unsigned", "string", "strings" (comma-separated), "ints"
             (comma-separated) or "files" (comma-separated paths; Bazel labels
             in the rule).
  default    the value when the option is not given.
  pipelines  a list of: "all" (every pipeline), "gpu"
             (offload-lower[-loops]-to-gpu, every target by its `targets`),
             "takers" (the pipelines of the targets whose "shared" names the
             row), or in a target's part, as above.
  requires   None; "loops" (only the -loops- pipelines take it) or a target
             (only when that target is compiled for too: its companion
             option, or its token in `targets`). Given anyway, it is an
             error.
  attr       the attribute of offload_objects / offload_cc_library, or None
             for an option the rule sets itself (the toolkit it was given).
  choices    the values a string may take, if limited.
  range      [lowest, highest] of an unsigned.
  values     the values an unsigned may take, if only a few.
  max_count  at most this many entries in a list.
  positive   every entry of a list is > 0.
  prefix     every entry of a list starts with this.
  attach     the attach passes that take the option: a list of [pass, name,
             member], pass being "loader" (offload-attach-loader) here, with
             the pass's own name and C++ member for it, and what differs
             there, if anything ({"type", "default" as C++, "help"}).
  shown      the default as docs/pipelines.md shows it, when the value alone
             does not say it.
  help       one line: --help, the rule's docs and docs/pipelines.md.

In the help and shown of a shared row, {targets} is what the targets that take
it add ("; " between their helps, ", " between their shown); in the help of
`targets`, {tokens} and {token_attrs} are the targets' tokens ("many") and the
attributes the rule makes them of.
"""

# The pipelines of every target at once.
PIPELINES = {
    "offload-lower-to-gpu": {"family": "gpu", "loops": False},
    "offload-lower-loops-to-gpu": {"family": "gpu", "loops": True},
}

PIPELINE_OPTIONS = [
    {
        "name": "targets",
        "field": "targets",
        "type": "strings",
        "default": [],
        "pipelines": ["gpu"],
        "attr": None,
        "shown": "none: name at least one",
        "help": "What every gpu.binary holds an object for: {tokens}, in any mix; the rule makes it of {token_attrs}",
    },
    {
        "name": "O",
        "field": "optLevel",
        "type": "unsigned",
        "default": 2,
        "pipelines": ["all"],
        "attr": "opt_level",
        "range": [0, 3],
        "help": "LLVM optimization level of the kernels, 0 to 3",
    },
    {
        "name": "fast",
        "field": "fast",
        "type": "bool",
        "default": False,
        "pipelines": ["takers", "gpu"],
        "attr": "fast",
        "help": "Fast-math flags on every floating-point operation of the kernels{targets}",
    },
    {
        "name": "l",
        "field": "link",
        "type": "files",
        "default": [],
        "pipelines": ["takers", "gpu"],
        "attr": "link",
        "help": "LLVM bitcode files to link into every kernel module",
    },
    {
        "name": "format",
        "field": "format",
        "type": "string",
        "default": "fatbin",
        "pipelines": ["gpu"],
        "attr": "format",
        "choices": ["fatbin", "bin"],
        "help": "Object format: fatbin (CUDA objects with their PTX) or bin (cubins alone); the other targets' objects are the same in both",
    },
    {
        "name": "toolkit",
        "field": "toolkit",
        "type": "string",
        "default": "",
        "pipelines": ["takers", "gpu"],
        "attr": None,
        "shown": "see {targets}",
        "help": "{targets}; the rule passes the CUDA toolkit it builds with",
    },
    {
        "name": "kernel-bare-ptr",
        "field": "kernelBarePtr",
        "type": "bool",
        "default": False,
        "pipelines": ["all"],
        "attr": "kernel_bare_ptr",
        "help": "Kernels take memrefs of static shape as bare pointers",
    },
    {
        "name": "host-bare-ptr",
        "field": "hostBarePtr",
        "type": "bool",
        "default": False,
        "pipelines": ["all"],
        "attr": "host_bare_ptr",
        "help": "Host functions take memrefs of static shape as bare pointers",
    },
    {
        "name": "index-bitwidth",
        "field": "indexBitwidth",
        "type": "unsigned",
        "default": 64,
        "pipelines": ["takers", "gpu"],
        "attr": "index_bitwidth",
        "values": [32, 64],
        "help": "Bit width of index in the kernels, 64 or 32",
    },
    {
        "name": "load",
        "field": "load",
        "type": "string",
        "default": "ctor",
        "pipelines": ["all"],
        "attr": "load_mode",
        "choices": ["ctor", "lazy"],
        "attach": [["loader", "load", "load"]],
        "help": "When #offload.loader loads the objects: ctor (a global constructor) or lazy (the first launch)",
    },
    {
        "name": "line-info",
        "field": "lineInfo",
        "type": "bool",
        "default": False,
        "pipelines": ["all"],
        "attr": "line_info",
        "help": "Keep the kernels' source locations as line tables (and ptxas -lineinfo); stripped otherwise",
    },
    {
        "name": "check-lowered",
        "field": "checkLowered",
        "type": "bool",
        "default": True,
        "pipelines": ["all"],
        "attr": "check_lowered",
        "help": "End with an error for anything in host code that the translation to LLVM IR cannot take; off when passes that run after the pipeline lower the rest",
    },
    {
        "name": "tile-sizes",
        "field": "tileSizes",
        "type": "ints",
        "default": [],
        "pipelines": ["all"],
        "requires": "loops",
        "attr": "tile_sizes",
        "max_count": 3,
        "positive": True,
        "shown": "`128`",
        "help": "Threads per block along each dimension of an scf.parallel, at most 3 (128 if none)",
    },
]
