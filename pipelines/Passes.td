//===- Passes.td - Passes of the offload pipelines ---------*- tablegen -*-===//
//
// Part of mlir-offload.
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_PIPELINES_PASSES
#define OFFLOAD_PIPELINES_PASSES

include "mlir/Pass/PassBase.td"

def OffloadLowerGpuWaits : Pass<"offload-lower-gpu-waits", "ModuleOp"> {
  let summary = "Lowers gpu.wait on tokens to libmgpu calls, every token being "
                "a stream";
  let description = [{
    Upstream `gpu-to-llvm` gives every asynchronous operation the stream of
    its one dependency and makes that stream its token; `gpu.wait async`
    makes a new stream. So every token is a stream. But its `gpu.wait`
    lowering tells streams from events by the operation that defines the
    token, and a token that a loop carries is a block argument, defined by
    none: the `gpu.wait` after an iterative solver's launch loop would
    synchronize and destroy the loop's stream as an event.

    This pass lowers `gpu.wait` with dependencies before `gpu-to-llvm` runs,
    treating each token as the stream it is: a synchronous wait synchronizes
    and destroys each distinct stream, `gpu.wait async [...]` makes a new
    stream that waits for an event recorded on each of them. Tokens and
    streams meet through `unrealized_conversion_cast`, which
    `reconcile-unrealized-casts` removes after `gpu-to-llvm`. `gpu.wait`
    without dependencies is left to `gpu-to-llvm`.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def OffloadSplitHostModules : Pass<"offload-split-host-modules", "ModuleOp"> {
  let summary = "Gives the host target of a gpu.module its own copy";
  let description = [{
    A `gpu.module` that lists `#offload.host` beside GPU targets needs two
    lowerings (NVVM for the GPUs, `offload-lower-gpu-to-host` for the CPU),
    and a module is lowered once. This pass copies each such module as
    `@<name>.host` with the host target alone, leaving the GPU targets on the
    original, and records the pair for `offload-merge-host-binaries`, which
    puts the host object back into the original's `gpu.binary`. A name that is
    taken is an error.
  }];
}

def OffloadLowerKernels : Pass<"offload-lower-kernels", "ModuleOp"> {
  let summary = "Lowers each gpu.module with the lowering its targets need";
  let description = [{
    Runs, on each `gpu.module`, `offload-lower-gpu-to-host` when its targets
    are `#offload.host`, and otherwise the NVVM lowering (`convert-scf-to-cf`,
    `convert-gpu-to-nvvm`, `convert-nvvm-to-llvm`, canonicalization, CSE,
    `reconcile-unrealized-casts`). A module that lists both kinds is an error:
    `offload-split-host-modules` separates them first.
  }];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of index in GPU kernels (64 or 32).">,
    Option<"kernelBarePtr", "kernel-bare-ptr", "bool", /*default=*/"false",
           "Kernels take memrefs of static shape as bare pointers.">
  ];
}

def OffloadMergeHostBinaries : Pass<"offload-merge-host-binaries", "ModuleOp"> {
  let summary = "Puts the host objects back into their binaries";
  let description = [{
    After `gpu-module-to-binary`, appends the objects of each
    `gpu.binary @<name>.host` that `offload-split-host-modules` made to
    `gpu.binary @<name>`, and erases the former: one binary holds the GPU
    objects and the host object, and the runtime loads the one that fits.
  }];
}

#endif // OFFLOAD_PIPELINES_PASSES
