// `fast` makes division approximate; `ftz` flushes denormals. A flag set to
// false is off.
// RUN: offload-opt %s --gpu-module-to-binary='format=isa' -o %t.mlir
// RUN: %python %S/../extract_object.py --index 0 -o %t.none.ptx < %t.mlir
// RUN: %python %S/../extract_object.py --index 1 -o %t.fast.ptx < %t.mlir
// RUN: %python %S/../extract_object.py --index 2 -o %t.ftz.ptx < %t.mlir
// RUN: %python %S/../extract_object.py --index 3 -o %t.both.ptx < %t.mlir
// RUN: FileCheck %s --check-prefix=NONE < %t.none.ptx
// RUN: FileCheck %s --check-prefix=FAST < %t.fast.ptx
// RUN: FileCheck %s --check-prefix=FTZ < %t.ftz.ptx
// RUN: FileCheck %s --check-prefix=BOTH < %t.both.ptx
// RUN: %python %S/../extract_object.py --index 4 -o %t.off.ptx < %t.mlir
// RUN: FileCheck %s --check-prefix=FTZ < %t.off.ptx
// RUN: %python %S/../extract_object.py --index 5 -o %t.true.ptx < %t.mlir
// RUN: FileCheck %s --check-prefix=BOTH < %t.true.ptx
// NONE: div.rn.f32
// NONE-NOT: div.approx
// FAST: div.approx.f32
// FTZ: div.rn.ftz.f32
// FTZ-NOT: div.approx
// BOTH: div.approx.ftz.f32

module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda, #offload.cuda<flags = {fast}>,
                       #offload.cuda<flags = {ftz}>,
                       #offload.cuda<flags = {fast, ftz}>,
                       #offload.cuda<flags = {fast = false, ftz = true}>,
                       #offload.cuda<flags = {fast = true, ftz = true}>] {
    llvm.func @div(%p: !llvm.ptr, %x: f32) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr -> f32
      %r = llvm.fdiv %v, %x : f32
      llvm.store %r, %p : f32, !llvm.ptr
      llvm.return
    }
  }
}
