# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The options of the offload pipelines: the one table.

Everything else comes from it: the pipelines' C++ option structs, their
defaults, their checks and the configuration they fill
(pipelines/PipelineOptions.h.inc, made by build_defs/gen_pipeline_options.py),
the options of the attach passes (dialects/AttachOptions.td, same tool),
`offload_objects`' attributes and their checks (build_defs/offload.bzl loads
this file), and the table of docs/pipelines.md (the same tool writes it;
//build_defs/tests:pipeline_options_test says whether it is current).

The file is plain data that Python can read too: no load(), no function.

Each entry:
  name       the option in `offload-lower-to-...{name=value}`.
  field      the member of PipelineConfig (pipelines/Pipelines.h) it sets;
             two entries may set one field from two pipelines' spellings.
  type       "bool", "unsigned", "string", "strings" (comma-separated), "ints"
             (comma-separated) or "files" (comma-separated paths; Bazel labels
             in the rule).
  default    the value when the option is not given.
  pipelines  "cuda" (offload-lower[-loops]-to-cuda), "host"
             (offload-lower[-loops]-to-host), "vulkan"
             (offload-lower[-loops]-to-vulkan), a list of them, or "all".
  requires   None; "loops" (only the -loops- pipelines take it) or "host"
             (only with `host`). Given anyway, it is an error.
  attr       the attribute of offload_objects / offload_cc_library, or None
             for an option the rule sets itself (the toolkit it was given).
  choices    the values a string may take, if limited.
  range      [lowest, highest] of an unsigned.
  values     the values an unsigned may take, if only a few.
  max_count  at most this many entries in a list.
  positive   every entry of a list is > 0.
  prefix     every entry of a list starts with this.
  attach     the attach passes that take the option, per target: a list of
             [pass, name, member], pass being "cuda"
             (offload-attach-target), "host" (offload-attach-host-target),
             "vulkan" (offload-attach-vulkan-target) or "loader"
             (offload-attach-loader), with the pass's own name and
             C++ member for it, and what differs there, if anything
             ({"type", "default" as C++, "help"}: chips is one `chip`
             per pass).
  shown      the default as docs/pipelines.md shows it, when the value alone
             does not say it.
  help       one line: --help, the rule's docs and docs/pipelines.md.
"""

PIPELINES = {
    "offload-lower-to-cuda": {"family": "cuda", "loops": False},
    "offload-lower-loops-to-cuda": {"family": "cuda", "loops": True},
    "offload-lower-to-host": {"family": "host", "loops": False},
    "offload-lower-loops-to-host": {"family": "host", "loops": True},
    "offload-lower-to-vulkan": {"family": "vulkan", "loops": False},
    "offload-lower-loops-to-vulkan": {"family": "vulkan", "loops": True},
}

PIPELINE_OPTIONS = [
    {
        "name": "chips",
        "field": "chips",
        "type": "strings",
        "default": [],
        "pipelines": "cuda",
        "attr": "chips",
        "prefix": "sm_",
        "attach": [["cuda", "chip", "chip", {
            "type": "string",
            "default": "\"::mlir::offload::cuda::kDefaultChip.str()\"",
            "help": "SM architecture (sm_75 if not given)",
        }]],
        "shown": "`sm_75`",
        "help": "SM architectures to compile for, each an object of one gpu.binary from which the runtime loads the best for the device (sm_75 if none)",
    },
    {
        "name": "features",
        "field": "features",
        "type": "string",
        "default": "",
        "pipelines": "cuda",
        "attr": "ptx_features",
        "attach": [["cuda", "features", "features"]],
        "shown": "lowest for each chip",
        "help": "PTX ISA version, +ptxNN (the lowest each chip needs if empty)",
    },
    {
        "name": "O",
        "field": "optLevel",
        "type": "unsigned",
        "default": 2,
        "pipelines": "all",
        "attr": "opt_level",
        "range": [0, 3],
        "attach": [["cuda", "O", "optLevel"], ["host", "O", "optLevel"]],
        "help": "LLVM optimization level of the kernels, 0 to 3",
    },
    {
        "name": "fast",
        "field": "fast",
        "type": "bool",
        "default": False,
        "pipelines": "cuda",
        "attr": "fast",
        "attach": [["cuda", "fast", "fastFlag"]],
        "help": "Fast-math flags on every floating-point operation of the kernels",
    },
    {
        "name": "ftz",
        "field": "ftz",
        "type": "bool",
        "default": False,
        "pipelines": "cuda",
        "attr": "ftz",
        "attach": [["cuda", "ftz", "ftzFlag"]],
        "help": "Flush denormals to zero in the kernels (and in libdevice)",
    },
    {
        "name": "l",
        "field": "link",
        "type": "files",
        "default": [],
        "pipelines": "cuda",
        "attr": "link",
        "attach": [["cuda", "l", "linkLibs"]],
        "help": "LLVM bitcode files to link into every kernel module",
    },
    {
        "name": "ptxas-options",
        "field": "ptxasOptions",
        "type": "strings",
        "default": [],
        "pipelines": "cuda",
        "attr": "ptxas_options",
        "attach": [["cuda", "ptxas-options", "ptxasOptions"]],
        "help": "Extra options for ptxas",
    },
    {
        "name": "assembler",
        "field": "assembler",
        "type": "string",
        "default": "",
        "pipelines": "cuda",
        "attr": "assembler",
        "choices": ["", "nvjitlink", "ptxas"],
        "attach": [["cuda", "assembler", "assembler"]],
        "shown": "nvJitLink if the toolkit has it",
        "help": "What turns PTX into cubins: nvjitlink (in process) or ptxas (a subprocess); nvJitLink where the toolkit has one new enough if empty",
    },
    {
        "name": "format",
        "field": "format",
        "type": "string",
        "default": "fatbin",
        "pipelines": "cuda",
        "attr": "format",
        "choices": ["fatbin", "bin", "isa"],
        "help": "Object format: fatbin (cubin and PTX, runs on newer GPUs through the JIT), bin (cubin) or isa (PTX, JIT at load)",
    },
    {
        "name": "format",
        "field": "format",
        "type": "string",
        "default": "bin",
        "pipelines": "host",
        "attr": "format",
        "choices": ["bin", "fatbin"],
        "help": "Object format: bin (a shared object; fatbin is the same)",
    },
    {
        "name": "format",
        "field": "format",
        "type": "string",
        "default": "bin",
        "pipelines": "vulkan",
        "attr": "format",
        "choices": ["bin", "fatbin", "isa"],
        "help": "Object format: bin (a SPIR-V module; fatbin is the same) or isa (its text, which the runtime cannot load)",
    },
    {
        "name": "toolkit",
        "field": "toolkit",
        "type": "string",
        "default": "",
        "pipelines": "cuda",
        "attr": None,
        "shown": "see [cuda-target.md](cuda-target.md)",
        "help": "CUDA toolkit root (else $CUDA_ROOT, $CUDA_HOME, $CUDA_PATH, /usr/local/cuda); the rule passes the toolkit it builds with",
    },
    {
        "name": "kernel-bare-ptr",
        "field": "kernelBarePtr",
        "type": "bool",
        "default": False,
        "pipelines": "all",
        "attr": "kernel_bare_ptr",
        "help": "Kernels take memrefs of static shape as bare pointers",
    },
    {
        "name": "host-bare-ptr",
        "field": "hostBarePtr",
        "type": "bool",
        "default": False,
        "pipelines": "all",
        "attr": "host_bare_ptr",
        "help": "Host functions take memrefs of static shape as bare pointers",
    },
    {
        "name": "index-bitwidth",
        "field": "indexBitwidth",
        "type": "unsigned",
        "default": 64,
        "pipelines": ["cuda", "vulkan"],
        "attr": "index_bitwidth",
        "values": [32, 64],
        "help": "Bit width of index in the kernels, 64 or 32",
    },
    {
        "name": "load",
        "field": "load",
        "type": "string",
        "default": "ctor",
        "pipelines": "all",
        "attr": "load_mode",
        "choices": ["ctor", "lazy"],
        "attach": [["loader", "load", "load"]],
        "help": "When #offload.loader loads the objects: ctor (a global constructor) or lazy (the first launch)",
    },
    {
        "name": "host",
        "field": "host",
        "type": "bool",
        "default": False,
        "pipelines": ["cuda", "vulkan"],
        "attr": "host",
        "help": "Also compile each gpu.module for the host CPU, in the same gpu.binary: the runtime runs it there when the machine has no GPU it can use",
    },
    {
        "name": "vulkan",
        "field": "vulkan",
        "type": "bool",
        "default": False,
        "pipelines": "cuda",
        "attr": "vulkan",
        "help": "Also compile each gpu.module to SPIR-V for Vulkan, in the same gpu.binary: the runtime runs it there when no CUDA driver loads and a Vulkan one does",
    },
    {
        "name": "spirv-version",
        "field": "spirvVersion",
        "type": "string",
        "default": "1.6",
        "pipelines": "vulkan",
        "attr": "spirv_version",
        "choices": ["1.5", "1.6"],
        "attach": [["vulkan", "version", "version"]],
        "help": "SPIR-V version of the Vulkan objects: 1.6 (Vulkan 1.3) or 1.5 (Vulkan 1.2)",
    },
    {
        "name": "spirv-caps",
        "field": "spirvCaps",
        "type": "strings",
        "default": [],
        "pipelines": "vulkan",
        "attr": "spirv_caps",
        "attach": [["vulkan", "caps", "caps"]],
        "help": "SPIR-V capabilities the kernels may use beyond the default set (docs/vulkan-target.md)",
    },
    {
        "name": "spirv-exts",
        "field": "spirvExts",
        "type": "strings",
        "default": [],
        "pipelines": "vulkan",
        "attr": "spirv_exts",
        "attach": [["vulkan", "exts", "exts"]],
        "help": "SPIR-V extensions the kernels may use beyond the default set",
    },
    {
        "name": "host-triple",
        "field": "hostTriple",
        "type": "string",
        "default": "",
        "pipelines": ["cuda", "vulkan"],
        "requires": "host",
        "attr": "host_triple",
        "attach": [["host", "triple", "triple"]],
        "shown": "the compiling machine's",
        "help": "With host: the triple of the CPU that host objects are for (the compiling machine's if empty)",
    },
    {
        "name": "host-cpu",
        "field": "hostCpu",
        "type": "string",
        "default": "",
        "pipelines": ["cuda", "vulkan"],
        "requires": "host",
        "attr": "host_cpu",
        "attach": [["host", "cpu", "cpu"]],
        "shown": "the compiling machine's",
        "help": "With host: the CPU that host objects are for (the compiling machine's if empty)",
    },
    {
        "name": "host-features",
        "field": "hostFeatures",
        "type": "string",
        "default": "",
        "pipelines": ["cuda", "vulkan"],
        "requires": "host",
        "attr": "host_features",
        "attach": [["host", "features", "features"]],
        "shown": "the CPU's",
        "help": "With host: LLVM features of the CPU that host objects are for (its CPU's if empty)",
    },
    {
        "name": "triple",
        "field": "hostTriple",
        "type": "string",
        "default": "",
        "pipelines": "host",
        "attr": "host_triple",
        "attach": [["host", "triple", "triple"]],
        "shown": "the compiling machine's",
        "help": "The triple of the CPU (the compiling machine's if empty)",
    },
    {
        "name": "cpu",
        "field": "hostCpu",
        "type": "string",
        "default": "",
        "pipelines": "host",
        "attr": "host_cpu",
        "attach": [["host", "cpu", "cpu"]],
        "shown": "the compiling machine's",
        "help": "The CPU (the compiling machine's if empty)",
    },
    {
        "name": "features",
        "field": "hostFeatures",
        "type": "string",
        "default": "",
        "pipelines": "host",
        "attr": "host_features",
        "attach": [["host", "features", "features"]],
        "shown": "the CPU's",
        "help": "LLVM features of the CPU (its CPU's if empty)",
    },
    {
        "name": "line-info",
        "field": "lineInfo",
        "type": "bool",
        "default": False,
        "pipelines": "all",
        "attr": "line_info",
        "help": "Keep the kernels' source locations as line tables (and ptxas -lineinfo); stripped otherwise",
    },
    {
        "name": "check-lowered",
        "field": "checkLowered",
        "type": "bool",
        "default": True,
        "pipelines": "all",
        "attr": "check_lowered",
        "help": "End with an error for anything in host code that the translation to LLVM IR cannot take; off when passes that run after the pipeline lower the rest",
    },
    {
        "name": "tile-sizes",
        "field": "tileSizes",
        "type": "ints",
        "default": [],
        "pipelines": "all",
        "requires": "loops",
        "attr": "tile_sizes",
        "max_count": 3,
        "positive": True,
        "shown": "`128`",
        "help": "Threads per block along each dimension of an scf.parallel, at most 3 (128 if none)",
    },
]
