// A kernel that only writes an output gets a copy of its run function that
// stores it non-temporally (target/host/HostStreamingStores.h): the run
// function jumps to the copy when the output is 64-byte aligned and the launch
// writes at least MgpuHostBlock::streamingBytes; the copy's vector stores
// that its alignment makes whole are non-temporal, and it fences before it
// returns. No copy for an output the kernel also reads, for a kernel with
// an atomic (another thread could see its stores out of order), for stores
// not known to be aligned (a dynamic offset, or a block of unknown size, whose
// thread loop starts anywhere), nor on AArch64.
// testdata/streaming-stores/streaming_stores_test.cc runs them.

// RUN: offload-opt %s --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=x86-64' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s --check-prefixes=CHECK,SSE2 --implicit-check-not=scale.streaming --implicit-check-not=add_and_count.streaming --implicit-check-not=unknown_block.streaming --implicit-check-not=copy_at.streaming
// RUN: offload-opt %s --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=x86-64-v3' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s --check-prefixes=CHECK,AVX --implicit-check-not=scale.streaming --implicit-check-not=add_and_count.streaming --implicit-check-not=unknown_block.streaming --implicit-check-not=copy_at.streaming
// RUN: offload-opt %s --offload-attach-host-target='triple=x86_64-unknown-linux-gnu cpu=znver4' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s --check-prefixes=CHECK,AVX512 --implicit-check-not=scale.streaming --implicit-check-not=add_and_count.streaming --implicit-check-not=unknown_block.streaming --implicit-check-not=copy_at.streaming
// RUN: offload-opt %s --offload-attach-host-target='triple=aarch64-unknown-linux-gnu cpu=neoverse-v2' --offload-lower-kernels --offload-module-to-binary='format=isa' | FileCheck %s --check-prefix=AARCH64

// CHECK: __mgpu_host_run.add:
// CHECK-NOT: movnt
// CHECK: andl\09$63,
// CHECK: jmp\09__mgpu_host_run.add.streaming
// CHECK-NOT: movnt
// CHECK: __mgpu_host_run.scale:
// CHECK-NOT: movnt
// CHECK: __mgpu_host_run.add_and_count:
// CHECK-NOT: movnt
// CHECK: __mgpu_host_run.unknown_block:
// CHECK-NOT: movnt
// CHECK: __mgpu_host_run.copy_at:
// CHECK-NOT: movnt
// CHECK: __mgpu_host_run.copy_strided:
// CHECK-NOT: movnt
// CHECK: jmp\09__mgpu_host_run.copy_strided.streaming
// AVX512: prefetchw
// CHECK: __mgpu_host_run.add.streaming:
// CHECK-NOT: prefetch
// SSE2: movntps\09%xmm
// AVX: vmovntps\09%ymm
// AVX512: vmovntps\09%zmm
// CHECK-NOT: prefetch
// CHECK: sfence
// CHECK: __mgpu_host_run.copy_strided.streaming:
// AVX512-NOT: prefetchw
// AVX512: prefetcht1
// AVX512-NOT: prefetchw
// CHECK: movnt
// AVX512-NOT: prefetchw
// CHECK: sfence

// AARCH64-NOT: streaming

module attributes {gpu.container_module} {
  gpu.module @m {
    // c[i] = a[i] + b[i] where i < n: c is only written.
    gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>,
                  %n: index) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %s = arith.addf %x, %y : f32
        memref.store %s, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
    // c is read as well: no copy.
    gpu.func @scale(%c: memref<?xf32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %x = memref.load %c[%i] : memref<?xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %c[%i] : memref<?xf32>
      gpu.return
    }
    // An atomic could publish c's stores to another thread: no copy.
    gpu.func @add_and_count(%a: memref<?xf32>, %c: memref<?xf32>,
                            %count: memref<1xi32>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %x = memref.load %a[%i] : memref<?xf32>
      memref.store %x, %c[%i] : memref<?xf32>
      %old = memref.atomic_rmw addi %one, %count[%c0] : (i32, memref<1xi32>) -> i32
      gpu.return
    }
    // Its blocks' size is known only at run time: a block's thread loop
    // may start anywhere.
    gpu.func @unknown_block(%a: memref<?xf32>, %c: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %x = memref.load %a[%i] : memref<?xf32>
      memref.store %x, %c[%i] : memref<?xf32>
      gpu.return
    }
    // Its offset is known only at run time: no store is known aligned.
    gpu.func @copy_at(%a: memref<?xf32>,
                      %c: memref<?xf32, strided<[1], offset: ?>>) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %i = gpu.global_id x
      %x = memref.load %a[%i] : memref<?xf32>
      memref.store %x, %c[%i] : memref<?xf32, strided<[1], offset: ?>>
      gpu.return
    }
    // A grid-stride copy: the plain run function prefetches the next
    // iteration's lines of both; the copy only those it reads.
    gpu.func @copy_strided(%a: memref<?xf32>, %c: memref<?xf32>, %n: index)
        kernel attributes {known_block_size = array<i32: 256, 1, 1>} {
      %first = gpu.global_id x
      %bdim = gpu.block_dim x
      %gdim = gpu.grid_dim x
      %stride = arith.muli %bdim, %gdim : index
      scf.for %i = %first to %n step %stride {
        %x = memref.load %a[%i] : memref<?xf32>
        memref.store %x, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
  }
}
