// offload-lower-to-cuda from a gpu.launch region with math, vector and
// dynamic shared memory, through its options.

// Defaults: sm_75, fatbin (cubin and PTX), loaded in a global constructor.
// RUN: offload-opt %s --offload-lower-to-cuda="toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: gpu.binary @scale_kernel <#offload.loader> [#gpu.object<#offload.cuda, kernels = {{.*}}, "P\EDU\BA

// Several chips: one object each, in one binary chosen from at run time.
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_80,sm_90 format=isa O=3 toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=CHIPS
// CHIPS: gpu.binary @scale_kernel <#offload.loader> [#gpu.object<#offload.cuda<O = 3, chip = "sm_80">, kernels = {{.*}}, assembly = "{{.*}}.target sm_80
// CHIPS-SAME: #gpu.object<#offload.cuda<O = 3, chip = "sm_90">, kernels = {{.*}}, assembly = "{{.*}}.target sm_90

// Features, flags and lazy loading.
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 features=+ptx86 fast ftz load=lazy format=isa toolkit=%cuda_toolkit" \
// RUN:   | FileCheck %s --check-prefix=FLAGS
// FLAGS: gpu.binary @scale_kernel <#offload.loader<load = lazy>> [#gpu.object<#offload.cuda<chip = "sm_90", features = "+ptx86", flags = {fast, ftz}>, {{.*}}.version 8.6

// Bare pointers: a static memref is one pointer, for kernels and for host
// functions.
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 kernel-bare-ptr host-bare-ptr format=isa toolkit=%cuda_toolkit" \
// RUN:   | FileCheck %s --check-prefix=BARE
// BARE: llvm.func @scale(%{{.*}}: !llvm.ptr, %{{.*}}: f32)
// BARE: gpu.launch_func @scale_kernel::@scale_kernel {{.*}} dynamic_shared_memory_size %{{.*}} args(%{{.*}} : !llvm.ptr, %{{.*}} : f32)
// BARE: #gpu.kernel_metadata<"scale_kernel", !llvm.func<void (ptr, f32)>

// 32-bit indices in the kernels.
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 index-bitwidth=32 format=isa toolkit=%cuda_toolkit" \
// RUN:   | FileCheck %s --check-prefix=INDEX32
// INDEX32: #gpu.kernel_metadata<"scale_kernel", !llvm.func<void (ptr, ptr, i32, i32, i32, f32)>

// The whole way to an object file.
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_80,sm_90 toolkit=%cuda_toolkit" \
// RUN:   | offload-translate --mlir-to-llvmir | llc -filetype=obj -o %t.o

// The host side: the kernel outlined, launched with its dynamic shared
// memory, synchronously.
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=isa toolkit=%cuda_toolkit" | FileCheck %s
// CHECK: module attributes {gpu.container_module}
// CHECK-LABEL: llvm.func @scale(
// CHECK: %[[SMEM:.*]] = llvm.mlir.constant(1024 : i32) : i32
// CHECK: gpu.launch_func @scale_kernel::@scale_kernel blocks in ({{.*}}) threads in ({{.*}}) : i64 dynamic_shared_memory_size %[[SMEM]]
// CHECK-NOT: gpu.launch
// CHECK: gpu.binary @scale_kernel

func.func @scale(%x: memref<256xf32>, %s: f32) {
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %smem = arith.constant 1024 : i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1)
             dynamic_shared_memory_size %smem {
    %shared = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %c0 = arith.constant 0 : index
    %tile = memref.view %shared[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<256xf32, #gpu.address_space<workgroup>>
    %v = memref.load %x[%tx] : memref<256xf32>
    %e = math.exp %v : f32
    memref.store %e, %tile[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %w = memref.load %tile[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
    %r = arith.mulf %w, %s : f32
    memref.store %r, %x[%tx] : memref<256xf32>
    gpu.terminator
  }
  return
}
