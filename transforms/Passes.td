//===- Passes.td - Transformations of the offload passes ---*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_TRANSFORMS_PASSES
#define OFFLOAD_TRANSFORMS_PASSES

include "mlir/Pass/PassBase.td"

def OffloadAssignStreams : Pass<"offload-assign-streams", "ModuleOp"> {
  let summary = "Gives each GPU operation of host code the one stream that "
                "gpu-to-llvm lowers";
  let description = [{
    Upstream `gpu-to-llvm` lowers an asynchronous operation only with exactly
    one dependency (whose stream it is queued on), and `gpu.alloc`,
    `gpu.memcpy`, `gpu.memset` and `gpu.dealloc` only asynchronously (but a
    `gpu.alloc host_shared`); anything else is left in its output. Outside
    `gpu.module`s, this pass
    - queues each synchronous one of those four on the null stream (libmgpu's
      stream of the calling thread) and synchronizes that stream after it,
      so that it is done when the next operation starts, as its synchronous
      form says;
    - gives an asynchronous operation without dependencies a new stream
      (`gpu.wait async`), and one with several a new stream that waits for
      them all (`gpu.wait async [...]`, which `offload-lower-gpu-waits`
      lowers with events).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def OffloadCheckLowered : Pass<"offload-check-lowered", "ModuleOp"> {
  let summary = "Fails on anything that translation to LLVM IR cannot take";
  let description = [{
    Runs in the offload pipelines just before the `gpu.module`s are compiled:
    in host code, only LLVM dialect operations, `gpu.module`,
    `gpu.launch_func` and (later) `gpu.binary`; in a `gpu.module`, only
    operations of dialects that translate to LLVM IR (LLVM, NVVM), no `gpu`
    operation. Any other operation (an unlowered `gpu.memcpy`, a 2-D
    `vector.load` in a kernel, an `unrealized_conversion_cast` whose other
    side was never converted) is reported at the operation, naming it, its
    `gpu.module` and how many more there are, and the pipeline fails instead
    of handing a serializer or the translation what it rejects.

    With `host-code=false`, host code is left to passes that run after the
    pipeline (the pipelines' `check-lowered=false`): MLIR's own programs
    lower `async.execute` that way.
  }];
  let options = [
    Option<"hostCode", "host-code", "bool", /*default=*/"true",
           "Check host code too, not only the gpu.modules.">
  ];
}

def OffloadCheckInput : Pass<"offload-check-input", "ModuleOp"> {
  let summary = "Fails on input that the offload pipelines would not lower";
  let description = [{
    Runs first in the offload pipelines. A nested `builtin.module` is an
    error at that module: the pipelines lower the module they run on (kernel
    outlining would leave the nested one half done), and the translation to
    LLVM IR drops nested modules without a word. Anchoring the pipeline at
    the nested module (`builtin.module(builtin.module(...))`) lowers it.

    Each `gpu.printf`'s format is checked against its arguments, as the C
    library and CUDA's vprintf read them: a conversion without an argument,
    an argument printf cannot be passed, `%n` and `%s` are errors at the op;
    an argument of another kind or size than its conversion reads, or one
    left over, is a warning.

    A kernel whose `known_block_size` or `known_grid_size` has a dimension
    below 1 is an error at the kernel: no launch of it could run. A
    `gpu.launch_func` whose block or grid has a constant size that its
    kernel's `known_block_size` or `known_grid_size` rules out is an error
    at the launch: the kernel's code takes its known sizes as constants.
  }];
}

def OffloadExactTripCounts : Pass<"offload-exact-trip-counts", "ModuleOp"> {
  let summary = "Rewrites the scf.for loops whose trip count upstream's "
                "folding gets wrong";
  let description = [{
    Runs in the offload pipelines before the first canonicalization. MLIR
    22's trip count of an `scf.for` (`constantTripCount`, which
    canonicalization and loop promotion use) takes a constant step with the
    sign bit set for a negative one, also in an unsigned loop, and computes
    `ub - lb` of constant bounds in their own width, so that bounds more
    than the signed maximum apart give 0: canonicalization then erases a
    loop that runs, and replaces its results by its initial values. Each
    loop whose trip count upstream claims but that is not its exact count
    becomes the loop of its iterations' numbers,
    `scf.for unsigned %k = 0 to count step 1`, with the induction variable
    `lb + k * step` in its body and `count = lb < ub ? (ub - lb - 1) / step
    + 1 : 0` (unsigned) in exact arithmetic: the same iterations, in the same order,
    which folding counts right. Other loops are left as they are.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def OffloadCountLoopsThatMayWrap : Pass<"offload-count-loops-that-may-wrap"> {
  let summary = "Rewrites the scf.for loops whose induction variable could "
                "step past the end of its type";
  let description = [{
    Upstream's lowerings of `scf.for` (to branches, and its others) compute
    `i + step` in the type's width: a loop whose last `i + step` is above
    the largest value it compares wraps to the other end of its range and
    runs again, where the loop means the iterations `lb <= i < ub` only. A
    grid-stride loop whose bounds come from the host can do so. Each loop
    that could (its step is not the constant 1, and its upper bound and
    step are not constants that leave room) becomes the loop of its
    iterations' numbers, as in `offload-exact-trip-counts`:
    `scf.for unsigned %k = 0 to count step 1`, with `lb + k * step` in its
    body, where `count = lb < ub ? (ub - lb - 1) / step + 1 : 0` is exact.
    Every lowering runs it just before it lowers `scf.for`, the pipelines
    on host code: each target then runs the same iterations.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def OffloadDropSchedules : Pass<"offload-drop-schedules", "ModuleOp"> {
  let summary = "Erases the nested modules that hold a transform schedule or "
                "nothing";
  let description = [{
    Runs first in the offload pipelines. A nested `builtin.module` that holds
    only transform-dialect operations is a schedule that
    `transform-interpreter` ran before the pipeline (MLIR's own GPU programs
    carry theirs so); one that holds nothing is what erasing a schedule
    leaves. Neither is code: both are erased, as
    `-test-transform-dialect-erase-schedule` would, so that nothing after the
    pipeline has to parse or drop them. A nested module with code in it is
    left for `offload-check-input` to report.
  }];
}

def OffloadExpandSubgroupOps
    : Pass<"offload-expand-subgroup-ops", "gpu::GPUModuleOp"> {
  let summary = "Expands the subgroup operations that convert-gpu-to-nvvm "
                "lacks into shuffles and arithmetic";
  let description = [{
    `convert-gpu-to-nvvm` lowers a `gpu.subgroup_reduce` only to
    `redux.sync` (uniform, over the whole subgroup, of an `i32`, on sm_80 and
    later, with every lane of the warp in its member mask), and `gpu.rotate`,
    `gpu.subgroup_broadcast`, `gpu.subgroup_id`, `gpu.num_subgroups` and
    `gpu.subgroup_size` not at all; anything else fails to legalize. This
    pass expands each rotation into an indexed `gpu.shuffle` among the lanes
    below its width, and subgroup ids, counts and sizes into arithmetic on
    thread ids (`subgroup-size` threads to a subgroup, x fastest), so that
    every form compiles for every chip.

    With `nvvm` (NVIDIA GPUs), reductions and broadcasts take place among
    the lanes that are active where they run (`activemask`), which are
    fewer than the warp's in the last warp of a block whose size is no
    multiple of 32 and in divergent code: a broadcast is one `shfl.sync`,
    and a reduction is `redux.sync` where it does it (a 32-bit integer one
    over the whole subgroup, and `keep-redux`: sm_80 and later), else each
    cluster's active lanes fold in a tree (NvvmActiveLanes.cpp). Without
    it (lowerings for chips of other subgroup sizes, which give their size
    and broadcast in their own conversion), reductions are upstream's
    butterfly shuffles over the whole subgroup (vectors broken into pieces
    of at most 32 bits, or into elements where those are wider), and with
    `keep-redux` the reductions that `redux.sync` does are left to it.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
  let options = [
    Option<"keepRedux", "keep-redux", "bool", /*default=*/"false",
           "Reduce 32-bit integers over whole subgroups with redux.sync "
           "(sm_80 and later): with nvvm, among the active lanes; without "
           "it, the uniform ones are left to convert-gpu-to-nvvm.">,
    Option<"subgroupSize", "subgroup-size", "unsigned", /*default=*/"32",
           "Lanes of a subgroup: 32 on NVIDIA GPUs; a lowering for chips "
           "of another size gives it.">,
    Option<"nvvm", "nvvm", "bool", /*default=*/"true",
           "Reduce and broadcast among the active lanes with NVVM's "
           "shfl.sync and redux.sync; off for targets of other subgroup "
           "sizes, whose own conversion broadcasts.">
  ];
}

def OffloadPromotePrintfArguments
    : Pass<"offload-promote-printf-arguments", "gpu::GPUModuleOp"> {
  let summary = "Gives gpu.printf the arguments that vprintf reads";
  let description = [{
    `convert-gpu-to-nvvm` packs `gpu.printf`'s arguments for CUDA's
    `vprintf` as they come: an `i8` takes one byte, an `index` 32 bits with
    `index-bitwidth=32`, where `vprintf` reads an `int` or a 64-bit integer
    from an 8-byte slot. This pass promotes them as C promotes variadic
    arguments (integers of fewer than 32 bits to `i32`, sign-extended but for
    `i1`; `f16`, `bf16` and `f32` to `f64`) and `index` to `i64`, as the host
    lowering does, so that `offload-check-input`'s check of the format holds
    on every target. An argument of another kind or size than its
    conversion reads (which `offload-check-input` warns of) becomes what the
    conversion reads: the low bits of a wider integer or of a double's bits,
    a narrower integer sign-extended, an integer's bits as a double, so that
    every target prints the same and the arguments after it stay in place.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def OffloadModuleToBinary : Pass<"offload-module-to-binary", ""> {
  let summary = "gpu-module-to-binary, with every object compiled in parallel";
  let description = [{
    Serializes each `gpu.module` directly inside the operation once per target
    attribute and replaces it with a `gpu.binary` holding those objects, in
    the targets' order: upstream `gpu-module-to-binary`, with the same
    options. The objects of all modules and all targets are compiled at the
    same time on the context's thread pool (one at a time under
    `--mlir-disable-threading`); each is compiled on its own, so the output
    is byte-identical to a serial run, and diagnostics come out in the order
    of the modules and targets.

    Every module is compiled even when one fails, so that one run reports
    every module that cannot be compiled. A target that fails gives one
    diagnostic at its module: its own, or, if it said nothing, which target
    failed.
  }];
  // What the targets translate a gpu.module to LLVM IR from, loaded before
  // the modules compile on the context's threads, where no dialect may load,
  // as upstream's gpu-module-to-binary does.
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"toolkitPath", "toolkit", "std::string", [{""}],
           "Toolkit path.">,
    ListOption<"linkFiles", "l", "std::string",
           "Extra files to link to.">,
    Option<"cmdOptions", "opts", "std::string", [{""}],
           "Command line options to pass to the tools.">,
    Option<"compilationTarget", "format", "std::string", [{"fatbin"}],
           "The target representation: offloading (llvm), assembly (isa), "
           "binary (bin) or fatbinary (fatbin).">,
    Option<"elfSection", "section", "std::string", [{""}],
           "ELF section where binary is to be located.">
  ];
}

def OffloadSplitByLowering : Pass<"offload-split-by-lowering", "ModuleOp"> {
  let summary = "Gives each lowering of a gpu.module's targets its own copy";
  let description = [{
    A `gpu.module` whose targets need different lowerings (each target's
    `KernelLoweringAttrInterface`, dialects/KernelLowering.h, names the
    lowering it takes) is lowered once per lowering. Upstream's targets
    first become the offload targets they map to
    (dialects/UpstreamTargets.h), checked as the module's own targets are;
    one that maps to none is an error at the module. This pass keeps on the
    original the targets of its first target's lowering, and copies the
    module for each other lowering, in the order of their first targets, as
    `@<name>.<lowering>` (`@<name>.host`) with that lowering's targets
    alone; it records the pairs for `offload-merge-lowered-binaries`, which
    puts the copies' objects back
    into the original's `gpu.binary`. A name that is taken is an error.
  }];
  let dependentDialects = ["::mlir::offload::OffloadDialect"];
}

def OffloadMergeLoweredBinaries : Pass<"offload-merge-lowered-binaries", "ModuleOp"> {
  let summary = "Puts the objects of each lowering back into one binary";
  let description = [{
    After `gpu-module-to-binary`, appends the objects of each `gpu.binary`
    that `offload-split-by-lowering` made from a copy (`@<name>.host`) to
    `gpu.binary @<name>`, and erases the copy's: one
    binary holds every target's object, and the runtime loads the one that
    fits the device.
  }];
}

#endif // OFFLOAD_TRANSFORMS_PASSES
