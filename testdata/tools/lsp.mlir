// offload-lsp-server, driven as an editor drives it (tools/lsp_exchange.py:
// initialize, open a file, read the published diagnostics, ask for hover and
// definition): our verifiers' errors reach the editor, and hover and
// go-to-definition work in files that use our attributes.
//
// RUN: %python %S/lsp_exchange.py offload-lsp-server %S/Inputs/lsp-bad-target.mlir \
// RUN:   | FileCheck %s --check-prefix=ERROR
// ERROR: capabilities: hover=True definition=True
// ERROR: diagnostics: 1
// ERROR: diagnostic 2:37 severity 1: unknown chip 'sm_1'; supported chips: sm_75, sm_80,
// ERROR: exit code: 0
//
// Hover on the gpu.binary with #offload.loader and #offload.cuda, and on a
// value; the definition of each.
// RUN: %python %S/lsp_exchange.py offload-lsp-server %S/Inputs/lsp-program.mlir 2:17 6:5 \
// RUN:   | FileCheck %s
// CHECK: diagnostics: 0
// CHECK: hover 2:17: "gpu.binary" : public @kernels | Generic Form: | ```mlir | "gpu.binary"() <{objects = [#gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}offloadingHandler = #offload.loader<load = lazy>
// CHECK: definition 2:17: lsp-program.mlir:2:3
// CHECK: hover 6:5: Operation: "arith.constant" | Result #0 | Type: `index`
// CHECK: definition 6:5: lsp-program.mlir:6:5
// CHECK: exit code: 0
