// Bitcode files in `link` (and gpu-module-to-binary's `l=`) are linked into
// the module before optimization, so their functions are inlined.

// A library of device functions, as bitcode.
// RUN: offload-opt %s --split-input-file --offload-attach-target='module=user' --gpu-module-to-binary='format=llvm' -o %t.split.mlir
// RUN: %python %S/../extract_object.py --index 0 -o %t.lib.bc < %t.split.mlir
// RUN: llvm-dis %t.lib.bc -o - | FileCheck %s --check-prefix=LIB
// LIB: define {{.*}}float @twice(float

// RUN: offload-opt %s --split-input-file --offload-attach-target='module=user chip=sm_90 l=%t.lib.bc' \
// RUN:   --gpu-module-to-binary='format=isa' -o %t.attr.mlir
// RUN: %python %S/../extract_object.py --index 1 -o %t.attr.ptx < %t.attr.mlir
// RUN: FileCheck %s --check-prefix=LINKED < %t.attr.ptx
// RUN: offload-opt %s --split-input-file --offload-attach-target='module=user chip=sm_90' \
// RUN:   --gpu-module-to-binary='format=isa l=%t.lib.bc' -o %t.option.mlir
// RUN: %python %S/../extract_object.py --index 1 -o %t.option.ptx < %t.option.mlir
// RUN: FileCheck %s --check-prefix=LINKED < %t.option.ptx
// LINKED: .visible .entry user_kernel(
// LINKED-NOT: call
// LINKED: add.rn.f32
// LINKED-NOT: .func twice

// A file that is not there is an error at the module.
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-attach-target='module=user chip=sm_90 l=%t.missing.bc' \
// RUN:   --gpu-module-to-binary='format=isa' 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: cannot compile gpu.module @user for sm_90: the bitcode file "{{.*}}missing.bc" to link does not exist

// Devices, FIFOs and directories are named as what they are; reading them
// would hang or fail with a misleading message. One error each.
// RUN: rm -rf %t.fifo %t.dir && mkfifo %t.fifo && mkdir %t.dir && printf 'BC\300\336garbage' > %t.garbage.bc
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-attach-target='module=user chip=sm_90 l=/dev/zero' \
// RUN:   --offload-module-to-binary='format=isa' 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: error: cannot compile gpu.module @user for sm_90: the bitcode file "/dev/zero" to link is not a regular file (a device, FIFO or socket)
// DEVICE-NOT: error:
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-attach-target='module=user chip=sm_90 l=%t.fifo' \
// RUN:   --offload-module-to-binary='format=isa' 2>&1 | FileCheck %s --check-prefix=FIFO
// FIFO: error: cannot compile gpu.module @user for sm_90: the bitcode file "{{.*}}.fifo" to link is not a regular file (a device, FIFO or socket)
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-attach-target='module=user chip=sm_90 l=%t.dir' \
// RUN:   --offload-module-to-binary='format=isa' 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: error: cannot compile gpu.module @user for sm_90: the bitcode file "{{.*}}.dir" to link is a directory
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-attach-target='module=user chip=sm_90 l=%t.garbage.bc' \
// RUN:   --offload-module-to-binary='format=isa' 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: error: Failed loading file from {{.*}}garbage.bc, error: Invalid bitcode signature
// GARBAGE-NOT: error:

module attributes {gpu.container_module} {
  gpu.module @library [#offload.cuda<chip = "sm_90">] {
    llvm.func @twice(%x: f32) -> f32 {
      %r = llvm.fadd %x, %x : f32
      llvm.return %r : f32
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @user {
    llvm.func @twice(f32) -> f32
    llvm.func @user_kernel(%p: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %v = llvm.load %p : !llvm.ptr -> f32
      %r = llvm.call @twice(%v) : (f32) -> f32
      llvm.store %r, %p : f32, !llvm.ptr
      llvm.return
    }
  }
}
