// The tools that every offload_cc_library action starts link LLVM and MLIR
// from their archives (build_defs/static_llvm_binary.bzl); the plugin links
// the shared libMLIR.so of mlir-opt-22, as every library of ours does.
//
// RUN: llvm-readelf --needed-libs %tools_dir/offload-opt | FileCheck %s --check-prefix=STATIC
// RUN: llvm-readelf --needed-libs %tools_dir/offload-translate | FileCheck %s --check-prefix=STATIC
// STATIC:     NeededLibraries [
// STATIC-NOT:   libLLVM
// STATIC-NOT:   libMLIR
// STATIC:     ]
//
// RUN: llvm-readelf --needed-libs %plugin | FileCheck %s --check-prefix=SHARED
// SHARED: NeededLibraries [
// SHARED: libMLIR.so.22.1
//
// So a plugin, which would bring a second MLIR, is refused with one error
// (MLIR's driver would abort), however the option is spelled.
// RUN: not offload-opt --load-dialect-plugin=%plugin %s 2>&1 | FileCheck %s --check-prefix=PLUGIN -DOPTION=load-dialect-plugin
// RUN: not offload-opt -load-pass-plugin %plugin %s 2>&1 | FileCheck %s --check-prefix=PLUGIN -DOPTION=load-pass-plugin
// RUN: echo "--load-pass-plugin=%plugin" > %t.rsp
// RUN: not offload-opt @%t.rsp %s 2>&1 | FileCheck %s --check-prefix=PLUGIN -DOPTION=load-pass-plugin
// PLUGIN:     offload-opt: error: -[[OPTION]] is not supported: offload-opt links MLIR statically; load plugins into mlir-opt-22 beside liboffload_plugin.so
// PLUGIN-NOT: LLVM ERROR
//
// The same text after `--` is an input file's name, not an option.
// RUN: not offload-opt -- --load-pass-plugin=x 2>&1 | FileCheck %s --check-prefix=FILE
// FILE: cannot open input file '--load-pass-plugin=x'
module {}
