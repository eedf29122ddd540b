// offload-merge-lowered-binaries: for each pair that offload-split-by-lowering
// recorded (offload.lowering_copies, copy to original), appends the objects of
// gpu.binary @<name>.host to those of gpu.binary @<name>, erases the former
// and the record. Without a record it does nothing. A pair whose binary is
// missing (the pass run before gpu-module-to-binary, or on something else)
// is an error at the module it runs on.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-merge-lowered-binaries | FileCheck %s
// With the split and the serialization between them: one binary with the
// GPU's object, then the host's.
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-split-by-lowering \
// RUN:   --offload-module-to-binary=format=isa --offload-merge-lowered-binaries | FileCheck %s --check-prefix=ROUND

// CHECK-LABEL: module @merged attributes {gpu.container_module} {
// CHECK-NEXT: gpu.binary @k <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, "sm90">, #gpu.object<#offload.cuda<chip = "sm_80">, "sm80">, #gpu.object<#offload.host, "host">]
// CHECK-NEXT: gpu.binary @other [#gpu.object<#offload.host, "other">]
// CHECK-NEXT: gpu.binary @m [#gpu.object<#offload.cuda, "m">, #gpu.object<#offload.host, "m host">]
// CHECK-NEXT: }
module @merged attributes {gpu.container_module, offload.lowering_copies = {k.host = "k", m.host = "m"}} {
  gpu.binary @k <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, "sm90">, #gpu.object<#offload.cuda<chip = "sm_80">, "sm80">]
  gpu.binary @k.host <#offload.loader> [#gpu.object<#offload.host, "host">]
  gpu.binary @other [#gpu.object<#offload.host, "other">]
  gpu.binary @m.host [#gpu.object<#offload.host, "m host">]
  gpu.binary @m [#gpu.object<#offload.cuda, "m">]
}

// -----

// No record: names alone do not make a pair.
// CHECK-LABEL: module @unrecorded attributes {gpu.container_module} {
// CHECK-NEXT: gpu.binary @k [#gpu.object<#offload.cuda, "cubin">]
// CHECK-NEXT: gpu.binary @k.host [#gpu.object<#offload.host, "elf">]
module @unrecorded attributes {gpu.container_module} {
  gpu.binary @k [#gpu.object<#offload.cuda, "cubin">]
  gpu.binary @k.host [#gpu.object<#offload.host, "elf">]
}

// -----

// ROUND-LABEL: module @round_trip attributes {gpu.container_module} {
// ROUND-NEXT: gpu.binary @kernels [#gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}assembly = "{{.*}}.target sm_90{{.*}}">, #gpu.object<#offload.host<triple = "x86_64-unknown-linux-gnu">, {{.*}}assembly = "{{.*}}">]
// ROUND-NEXT: }
module @round_trip attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90">, #offload.host<triple = "x86_64-unknown-linux-gnu">] {
  }
}

// -----

// The original is no gpu.binary.
// expected-error @below {{offload-merge-lowered-binaries finds no gpu.binary @k: run it after gpu-module-to-binary, on what offload-split-by-lowering split}}
module @original_missing attributes {gpu.container_module, offload.lowering_copies = {k.host = "k"}} {
  func.func @k() {
    return
  }
  gpu.binary @k.host [#gpu.object<#offload.host, "elf">]
}

// -----

// expected-error @below {{offload-merge-lowered-binaries finds no gpu.binary @k.host: run it after gpu-module-to-binary, on what offload-split-by-lowering split}}
module @copy_missing attributes {gpu.container_module, offload.lowering_copies = {k.host = "k"}} {
  gpu.binary @k [#gpu.object<#offload.cuda, "cubin">]
}
