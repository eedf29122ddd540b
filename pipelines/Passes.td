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

#endif // OFFLOAD_PIPELINES_PASSES
