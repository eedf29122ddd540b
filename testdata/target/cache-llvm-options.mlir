// LLVM's own command-line options change the code of the same module
// (`--nvptx-prec-divf32=0` asks for approximate division): the object cache
// cannot key on them, so it stands aside while one is set, and neither
// serves nor stores an object. Options of MLIR's drivers (-o, threading,
// debug output) change no object and still hit.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=isa toolkit=%cuda_toolkit' \
// RUN:   -debug-only=offload-object-cache 2>&1 | FileCheck %s --check-prefixes=IEEE,STORE
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=isa toolkit=%cuda_toolkit' \
// RUN:   --nvptx-prec-divf32=0 -debug-only=offload-object-cache 2>&1 | FileCheck %s --check-prefixes=APPROX,BYPASS
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=isa toolkit=%cuda_toolkit' \
// RUN:   --nvptx-prec-divf32 0 -debug-only=offload-object-cache 2>&1 | FileCheck %s --check-prefixes=APPROX,BYPASS
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/cache offload-opt %s --offload-module-to-binary='format=isa toolkit=%cuda_toolkit' \
// RUN:   --mlir-disable-threading -o %t/out.mlir -debug-only=offload-object-cache 2>&1 | FileCheck %s --check-prefix=HIT
// RUN: FileCheck %s --check-prefix=IEEE < %t/out.mlir
//
// The same with Debian's mlir-opt and the plugin, which share its options.
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/plugin mlir-opt %s --load-dialect-plugin=%plugin --load-pass-plugin=%plugin \
// RUN:   --pass-pipeline='builtin.module(offload-module-to-binary{format=isa toolkit=%cuda_toolkit})' -o %t/plugin-ieee.mlir
// RUN: env OFFLOAD_CACHE=on OFFLOAD_CACHE_DIR=%t/plugin mlir-opt %s --load-dialect-plugin=%plugin --load-pass-plugin=%plugin \
// RUN:   --pass-pipeline='builtin.module(offload-module-to-binary{format=isa toolkit=%cuda_toolkit})' --nvptx-prec-divf32=0 | FileCheck %s --check-prefix=APPROX
// RUN: FileCheck %s --check-prefix=IEEE < %t/plugin-ieee.mlir
// UNSUPPORTED: asan
//
// STORE: miss
// STORE: stored
// BYPASS: cache bypassed for gpu.module @cuda: --nvptx-prec-divf32 is set, and LLVM's options are not in the key
// BYPASS-NOT: hit
// BYPASS-NOT: stored
// HIT: hit
// IEEE: div.rn.f32
// APPROX: div.approx.f32

module attributes {gpu.container_module} {
  gpu.module @cuda [#offload.cuda<chip = "sm_90">] {
    llvm.func @divide(%x: !llvm.ptr<1>, %y: f32) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %x : !llvm.ptr<1> -> f32
      %r = llvm.fdiv %v, %y : f32
      llvm.store %r, %x : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
