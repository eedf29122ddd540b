// The object cache: a warm compile is byte-identical to a cold and a fresh
// one, repeats what the tools said, never trusts a damaged entry, keys on
// everything that decides the object, stays within its bound, and rejects
// settings that mean nothing.

// RUN: rm -rf %t && mkdir -p %t
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' -o %t/cold.mlir 2> %t/cold.err
// RUN: %python %S/Inputs/cache_entries.py count %t/cache | FileCheck %s --check-prefix=THREE
// THREE: 3
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' -o %t/warm.mlir 2> %t/warm.err
// RUN: offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' -o %t/fresh.mlir 2> %t/fresh.err
// RUN: cmp %t/cold.mlir %t/warm.mlir
// RUN: cmp %t/cold.mlir %t/fresh.mlir
// RUN: FileCheck %s --check-prefix=OBJECTS < %t/warm.mlir
// OBJECTS: gpu.binary @cuda [#gpu.object<#offload.cuda<chip = "sm_90", ptxasOptions = ["-v"]>, {{.*}}bin = "\7FELF
// OBJECTS: gpu.binary @host [#gpu.object<#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64">, {{.*}}bin = "\7FELF

// The hit repeats ptxas's statistics, as the compile that stored it said them.
// RUN: cmp %t/cold.err %t/warm.err
// RUN: FileCheck %s --check-prefix=REMARK < %t/warm.err
// REMARK: remark: nvJitLink for sm_90:
// REMARK: Used {{[0-9]+}} registers

// Every object was a hit: nothing compiled, nothing stored, and no assembler
// loaded (the key knows the assemblers by their files).
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading -debug-only=offload-object-cache,serialize-to-binary 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=HIT
// HIT-NOT: loading {{.*}}libnvJitLink
// HIT-COUNT-3: hit
// HIT-NOT: Tool invocation
// HIT-NOT: stored
// HIT-NOT: loading {{.*}}libnvJitLink

// A damaged entry is removed and compiled again, to the same bytes.
// RUN: %python %S/Inputs/cache_entries.py flip %t/cache
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading -debug-only=offload-object-cache -o %t/flipped.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CORRUPT
// RUN: cmp %t/cold.mlir %t/flipped.mlir
// RUN: %python %S/Inputs/cache_entries.py truncate %t/cache
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading -debug-only=offload-object-cache -o %t/truncated.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CORRUPT
// RUN: cmp %t/cold.mlir %t/truncated.mlir
// CORRUPT-COUNT-3: corrupt entry removed
// CORRUPT-NOT: hit
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading -debug-only=offload-object-cache 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=HIT

// Another format, optimization level or assembler is another object.
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=fatbin toolkit=%cuda_toolkit' --mlir-disable-threading -debug-only=offload-object-cache 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=MISS
// RUN: sed -e 's/ptxasOptions/O = 3, ptxasOptions/' -e 's/"sm_80"/"sm_80", O = 3/' -e 's/cpu = "x86-64"/cpu = "x86-64", O = 1/' %s \
// RUN:   | env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading -debug-only=offload-object-cache 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=MISS
// MISS-COUNT-3: miss
// MISS-NOT: hit
// RUN: sed -e 's/ptxasOptions/assembler = "ptxas", ptxasOptions/' %s \
// RUN:   | env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' --mlir-disable-threading -debug-only=offload-object-cache 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=ASSEMBLER
// ASSEMBLER: miss
// ASSEMBLER: hit
// ASSEMBLER: hit

// A bounded cache stays within its bound and still gives the same bytes.
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/small OFFLOAD_CACHE_SIZE=6K offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' -o %t/small.mlir 2>/dev/null
// RUN: cmp %t/cold.mlir %t/small.mlir
// RUN: %python %S/Inputs/cache_entries.py size %t/small 6144

// Settings that mean nothing fail every compile, each with the setting named.
// RUN: %expect_exit 1 env OFFLOAD_CACHE=maybe offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-SWITCH
// BAD-SWITCH: error: cannot compile gpu.module @cuda for sm_90: OFFLOAD_CACHE=maybe: expected `on` or `off`
// RUN: %expect_exit 1 env OFFLOAD_CACHE=on OFFLOAD_CACHE_SIZE=12X OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=bin toolkit=%cuda_toolkit' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD-SIZE
// BAD-SIZE: error: cannot compile gpu.module @cuda for sm_90: OFFLOAD_CACHE_SIZE=12X: expected a positive number of bytes, with an optional K, M or G

module attributes {gpu.container_module} {
  gpu.module @cuda [#offload.cuda<chip = "sm_90", ptxasOptions = ["-v"]>] {
    llvm.func @scale(%x: !llvm.ptr<1>, %factor: f32) attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %p = llvm.getelementptr %x[%tid] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      %r = llvm.fmul %v, %factor : f32
      llvm.store %r, %p : f32, !llvm.ptr<1>
      llvm.return
    }
  }
  gpu.module @cuda_sm80 [#offload.cuda<chip = "sm_80">] {
    llvm.func @k() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @host [#offload.host<triple = "x86_64-unknown-linux-gnu", cpu = "x86-64">] {
    llvm.func @k() {
      llvm.return
    }
  }
}
