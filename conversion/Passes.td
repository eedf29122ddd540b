//===- Passes.td - Conversion passes of mlir-offload --------*- tablegen -*-===//
//
// Part of mlir-offload, under the Apache License v2.0 with LLVM Exceptions.
// See LICENSE for license information.
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
//===----------------------------------------------------------------------===//

#ifndef OFFLOAD_CONVERSION_PASSES
#define OFFLOAD_CONVERSION_PASSES

include "mlir/Pass/PassBase.td"

def OffloadLowerAtomics : Pass<"offload-lower-atomics", "gpu::GPUModuleOp"> {
  let summary = "Lowers the atomics that upstream's conversions to LLVM cannot "
                "take to compare-and-swap loops";
  let description = [{
    Runs in the lowerings that end in upstream's conversion to the LLVM
    dialect, before `convert-scf-to-cf` and that conversion, with that
    conversion's index width and the memory spaces that the module's
    lowering gives (`configureLLVMTypeConverter`; a default
    `#offload.cuda`'s without targets). `memref.atomic_rmw` of `muli` and
    `mulf`, which LLVM's atomicrmw has no operation for, becomes
    `memref.generic_atomic_rmw`;
    every `memref.generic_atomic_rmw` becomes a compare-and-swap loop whose
    cmpxchg compares the element's bits as an integer of its size (upstream
    makes one of floats, which the LLVM dialect refuses). One in a region of
    one block (an `scf.if`'s) gets an `scf.execute_region` of its own for the
    loop's blocks; its body keeps its structured control flow, which
    `convert-scf-to-cf` lowers after it (lowered before, the op would hold a
    body of several blocks, which does not verify). The host target's
    lowering takes the same patterns (AtomicsToLLVM.h). An element of a size
    that cmpxchg does not take (i1) is an error at the op.
  }];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::offload::OffloadDialect",
    "::mlir::scf::SCFDialect",
  ];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of index in the kernels, as the conversion after it "
           "takes (64 or 32).">
  ];
}

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

def OffloadPreciseHostMath : Pass<"offload-precise-host-math", "ModuleOp"> {
  let summary = "Calls libm for the host code's math.expm1 and math.log1p, "
                "which math-to-llvm approximates";
  let description = [{
    Upstream's `convert-math-to-llvm` (and `gpu-to-llvm`, which takes its
    patterns) lowers `math.expm1` as `exp(x) - 1` and `math.log1p` as
    `log(1 + x)`: for a small x, every digit is lost (`log1p(1e-10)` is
    0). This pass replaces them, outside `gpu.module`s, by calls of libm's
    `expm1f`, `expm1`, `log1pf` and `log1p` (upstream's math-to-libm), before
    the host code is lowered to LLVM. Other math is left to math-to-llvm.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::vector::VectorDialect"];
}

def OffloadLowerHostAsync : Pass<"offload-lower-host-async", "ModuleOp"> {
  let summary = "Lowers the host code's async dialect to the LLVM dialect "
                "through MLIR's async runtime, where it has any";
  let description = [{
    A host program may run its GPU work in `async.execute` regions and wait
    for them with `async.await`, as MLIR's GPU programs do. Where the module
    has async ops outside its `gpu.module`s, this pass runs upstream's
    lowering of them: `async-to-async-runtime` (each region a coroutine),
    `async-runtime-ref-counting` and its `-opt`, and
    `convert-async-to-llvm`, whose calls `libmlir_async_runtime.so` answers;
    then `convert-to-llvm` for the coroutines it outlines. It runs after
    `gpu-to-llvm`, as MLIR's programs run it: a region may yield a
    `!gpu.async.token` (`gpu-async-region`), which must be a stream by then.
    Where the module has no async op, it changes nothing: a program without
    one declares none of the async runtime's functions.
  }];
}

def OffloadLowerKernels : Pass<"offload-lower-kernels", "ModuleOp"> {
  let summary = "Lowers each gpu.module with the lowering its targets need";
  let description = [{
    Runs, on each `gpu.module`, the lowering that its targets take, which
    each lowering attaches to the targets it serves
    (`KernelLoweringAttrInterface`, dialects/KernelLowering.h): the
    passes that take its kernels to what the targets' serializer compiles.
    A module without targets takes a default `#offload.cuda`'s, as upstream
    lowers such a module for NVIDIA GPUs. A module whose targets need two
    lowerings is an error: `offload-split-by-lowering` separates them first.
  }];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"64",
           "Bit width of index in GPU kernels (64 or 32).">,
    Option<"kernelBarePtr", "kernel-bare-ptr", "bool", /*default=*/"false",
           "Kernels take memrefs of static shape as bare pointers.">
  ];
}

#endif // OFFLOAD_CONVERSION_PASSES
