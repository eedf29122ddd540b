#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the compile-speed corpus: gpu.modules of small kernels, already
lowered to the LLVM and NVVM dialects, so that serialization alone is timed.

    gen_compile_corpus.py --modules 8 --kernels 8 --target nvvm > corpus.mlir

`--target nvvm` attaches upstream's #nvvm.target, `--target offload` ours; the
kernels are the same. Each kernel differs from the others in its constants, so
no two modules are alike.
"""

import argparse
import sys

TARGETS = {
    "nvvm": '#nvvm.target<chip = "{chip}">',
    "offload": '#offload.cuda<chip = "{chip}">',
}


def kernel(module: int, index: int) -> str:
    """A grid-stride loop of a few fused multiply-adds and a select: enough
    for the backend and the assembler to schedule, small like most kernels."""
    seed = module * 131 + index * 17
    scale = 1.0 + seed % 97 / 64.0
    bias = (seed % 13) / 8.0
    clamp = 4.0 + seed % 7
    return f"""\
    llvm.func @k{module}_{index}(%x: !llvm.ptr<1>, %y: !llvm.ptr<1>, %n: i32) attributes {{gpu.kernel, nvvm.kernel}} {{
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %bid = nvvm.read.ptx.sreg.ctaid.x : i32
      %bdim = nvvm.read.ptx.sreg.ntid.x : i32
      %gdim = nvvm.read.ptx.sreg.nctaid.x : i32
      %base = llvm.mul %bid, %bdim : i32
      %start = llvm.add %base, %tid : i32
      %stride = llvm.mul %gdim, %bdim : i32
      %scale = llvm.mlir.constant({scale:.6e} : f32) : f32
      %bias = llvm.mlir.constant({bias:.6e} : f32) : f32
      %clamp = llvm.mlir.constant({clamp:.6e} : f32) : f32
      llvm.br ^check(%start : i32)
    ^check(%i: i32):
      %more = llvm.icmp "slt" %i, %n : i32
      llvm.cond_br %more, ^body, ^exit
    ^body:
      %px = llvm.getelementptr %x[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %py = llvm.getelementptr %y[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %vx = llvm.load %px : !llvm.ptr<1> -> f32
      %vy = llvm.load %py : !llvm.ptr<1> -> f32
      %a = llvm.intr.fma(%vx, %scale, %vy) : (f32, f32, f32) -> f32
      %b = llvm.intr.fma(%a, %a, %bias) : (f32, f32, f32) -> f32
      %c = llvm.fmul %b, %vx : f32
      %big = llvm.fcmp "ogt" %c, %clamp : f32
      %d = llvm.select %big, %clamp, %c : i1, f32
      %e = llvm.intr.fma(%d, %scale, %a) : (f32, f32, f32) -> f32
      llvm.store %e, %py : f32, !llvm.ptr<1>
      %next = llvm.add %i, %stride : i32
      llvm.br ^check(%next : i32)
    ^exit:
      llvm.return
    }}
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", type=int, default=8)
    parser.add_argument("--kernels", type=int, default=8,
                        help="kernels per module")
    parser.add_argument("--target", choices=sorted(TARGETS), required=True)
    parser.add_argument("--chip", default="sm_90")
    args = parser.parse_args()
    if args.modules < 1 or args.kernels < 1:
        parser.error("--modules and --kernels must be at least 1")

    target = TARGETS[args.target].format(chip=args.chip)
    out = [f"// {args.modules} gpu.modules x {args.kernels} kernels for "
           f"{args.chip}, written by gen_compile_corpus.py.",
           "module attributes {gpu.container_module} {"]
    for module in range(args.modules):
        out.append(f"  gpu.module @m{module} [{target}] {{")
        out.extend(kernel(module, index) for index in range(args.kernels))
        out.append("  }")
    out.append("}")
    sys.stdout.write("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
