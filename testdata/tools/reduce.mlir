// offload-reduce: mlir-reduce with our dialects and passes. It shrinks an
// input to what still shows the problem, here the nested module that the
// host pipeline rejects (docs/tools.md has the walk-through).
//
// RUN: offload-reduce %S/Inputs/reduce-input.mlir \
// RUN:   -reduction-tree='traversal-mode=0 test=%S/Inputs/nested-module-error.sh' \
// RUN:   | FileCheck %s
// CHECK:      module {
// CHECK-NEXT:   module @nested {
// CHECK-NEXT:     func.func @c() {
// CHECK-NEXT:       return
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NOT: func.func

// -opt-reduction-pass runs a pipeline inside the reduction, where the
// dialects that its passes make attributes of must already be loaded: with
// each attach pass and a whole pipeline (once an abort, "storage uniquer
// isn't initialized"), the reduction runs and keeps the input, which the
// passes made no smaller.
// RUN: offload-reduce %S/../vector_add.mlir -opt-reduction-pass='opt-pass=offload-attach-target test=%S/Inputs/has-gpu-ops.sh' \
// RUN:   | FileCheck %s --check-prefix=KEPT
// RUN: offload-reduce %S/../vector_add.mlir -opt-reduction-pass='opt-pass=offload-attach-host-target test=%S/Inputs/has-gpu-ops.sh' \
// RUN:   | FileCheck %s --check-prefix=KEPT
// RUN: offload-reduce %S/../vector_add.mlir -opt-reduction-pass='opt-pass=offload-attach-loader test=%S/Inputs/has-gpu-ops.sh' \
// RUN:   | FileCheck %s --check-prefix=KEPT
// RUN: offload-reduce %S/../vector_add.mlir -opt-reduction-pass='opt-pass=offload-lower-to-host test=%S/Inputs/has-gpu-ops.sh' \
// RUN:   | FileCheck %s --check-prefix=KEPT
// KEPT: gpu.module @kernels
// KEPT: func.func @vector_add
