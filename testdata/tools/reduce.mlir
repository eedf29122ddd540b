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
