// offload-lower-gpu-to-rocdl: a gpu.module for #offload.rocm becomes the
// LLVM dialect with ROCDL intrinsics for the chip of its first #offload.rocm
// target. Subgroup operations are expanded at the chip's wave size: 64 lanes
// on gfx9 (and with wave64), 32 on gfx10 and later. cf.assert prints its
// message with the block and thread through the device libraries' printf
// (hostcall) and traps, as HIP's assert does. What has no AMD meaning
// (NVIDIA's intrinsics) is one error, naming the op.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-rocdl))' | FileCheck %s
// With 32-bit indices, block and grid sizes come from the device
// libraries' 64-bit queries, truncated: LLVM IR whose types agree.
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-rocdl{index-bitwidth=32}))' \
// RUN:   | FileCheck %s --check-prefix=INDEX32

// A kernel of a block size not known may be launched with up to 1024
// threads, the limit of every backend (the AMDGPU backend's default is 256).
// CHECK-LABEL: gpu.module @wave64 [#offload.rocm<chip = "gfx90a">]
// CHECK: llvm.func @sizes(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i64, %{{.*}}: i64) attributes {gpu.kernel, rocdl.flat_work_group_size = "1,1024", rocdl.kernel}
// gpu.subgroup_size is the wave size.
// CHECK: %[[W:.*]] = llvm.mlir.constant(64 : index) : i64
// gpu.subgroup_id divides the linear thread id by it.
// CHECK: llvm.udiv %{{.*}}, %[[W]] : i64
// CHECK-NOT: gpu.
gpu.module @wave64 [#offload.rocm<chip = "gfx90a">] {
  gpu.func @sizes(%out: memref<2xindex>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %size = gpu.subgroup_size : index
    %id = gpu.subgroup_id : index
    memref.store %size, %out[%c0] : memref<2xindex>
    memref.store %id, %out[%c1] : memref<2xindex>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.module @wave32 [#offload.rocm<chip = "gfx1100">]
// CHECK: llvm.mlir.constant(3.200000e+01 : f32) : f32
// A subgroup reduction: butterfly shuffles (ds_bpermute) over 32 lanes.
// CHECK: rocdl.ds_bpermute
// CHECK-NOT: gpu.subgroup_reduce
gpu.module @wave32 [#offload.rocm<chip = "gfx1100">] {
  gpu.func @reduce(%out: memref<2xf32>, %x: f32) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %size = gpu.subgroup_size : index
    %sum = gpu.subgroup_reduce add %x : (f32) -> f32
    %s = arith.index_cast %size : index to i32
    %f = arith.sitofp %s : i32 to f32
    memref.store %f, %out[%c0] : memref<2xf32>
    memref.store %sum, %out[%c1] : memref<2xf32>
    gpu.return
  }
}

// -----

// wave64 on a chip of gfx10 or later: waves of 64. A known block size is
// the flat work group size.
// CHECK-LABEL: gpu.module @wave64_option
// CHECK: rocdl.flat_work_group_size = "128,128"
// CHECK: llvm.mlir.constant(64 : index) : i64
gpu.module @wave64_option [#offload.rocm<chip = "gfx1100", wave64 = true>] {
  gpu.func @size(%out: memref<1xindex>) kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %size = gpu.subgroup_size : index
    memref.store %size, %out[%c0] : memref<1xindex>
    gpu.return
  }
}

// -----

// CHECK-LABEL: gpu.module @asserts
// CUDA's line: the file, line and function of the innermost callee, the
// block and thread, the message; every '%' doubled for printf.
// CHECK: llvm.mlir.global internal constant @printfFormat_0("dir/50%%.cc:7: check_%%d: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `100%% sure` failed.\0A\00")
// CHECK: llvm.cond_br
// CHECK: llvm.call @__ockl_printf_begin
// CHECK: llvm.intr.trap
gpu.module @asserts [#offload.rocm<chip = "gfx942">] {
  gpu.func @check(%ok: i1) kernel {
    cf.assert %ok, "100% sure" loc(callsite(callsite("check_%d"("dir/50%.cc":7:9) at "caller.cc":10:8) at "main.cc":3:1))
    gpu.return
  }
}

// -----

gpu.module @nvidia_only [#offload.rocm<chip = "gfx90a">] {
  gpu.func @fence() kernel {
    // expected-error @below {{'nvgpu.mbarrier.create' has no meaning on AMD GPUs (#offload.rocm): it is NVIDIA's (TMA, warpgroup MMA, mbarriers and asynchronous copies of Hopper and later); compile this gpu.module for NVIDIA targets only}}
    %barriers = nvgpu.mbarrier.create -> !nvgpu.mbarrier.group<memorySpace = #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @ptx [#offload.rocm<chip = "gfx90a">] {
  gpu.func @lane() kernel {
    // expected-error @below {{'nvvm.read.ptx.sreg.laneid' has no meaning on AMD GPUs (#offload.rocm): it is an intrinsic of NVIDIA's PTX; compile this gpu.module for NVIDIA targets only}}
    %0 = nvvm.read.ptx.sreg.laneid : i32
    gpu.return
  }
}

// -----

gpu.module @cluster [#offload.rocm<chip = "gfx90a">] {
  gpu.func @id(%out: memref<1xindex>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{'gpu.cluster_id' has no meaning on AMD GPUs (#offload.rocm): it names a thread block cluster, which NVIDIA's GPUs of Hopper and later have; compile this gpu.module for NVIDIA targets only}}
    %id = gpu.cluster_id x
    memref.store %id, %out[%c0] : memref<1xindex>
    gpu.return
  }
}

// -----

gpu.module @cluster_size [#offload.rocm<chip = "gfx90a">] {
  gpu.func @size(%out: memref<1xindex>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{'gpu.cluster_dim_blocks' has no meaning on AMD GPUs (#offload.rocm): it names a thread block cluster}}
    %size = gpu.cluster_dim_blocks y
    memref.store %size, %out[%c0] : memref<1xindex>
    gpu.return
  }
}

// -----

gpu.module @wmma [#offload.rocm<chip = "gfx1100">] {
  gpu.func @copy(%m: memref<16x16xf16>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{'gpu.subgroup_mma_load_matrix' has no meaning on AMD GPUs (#offload.rocm): it is NVIDIA's warp matrix multiply (WMMA); AMD's matrix cores are the amdgpu dialect's mfma and wmma}}
    %a = gpu.subgroup_mma_load_matrix %m[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    gpu.subgroup_mma_store_matrix %a, %m[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16>
    gpu.return
  }
}

// -----

// A heap allocation in a kernel (upstream's conversion calls malloc and
// free, which nothing defines for AMD GPUs).
gpu.module @heap [#offload.rocm<chip = "gfx90a">] {
  gpu.func @scratch(%n: index) kernel {
    // expected-error @below {{'memref.alloc' has no meaning on AMD GPUs (#offload.rocm): it would take memory from a heap on the device, which AMD kernels here have none of; allocate before the launch (gpu.alloc), or use memref.alloca or the kernel's workgroup memory}}
    %m = memref.alloc(%n) : memref<?xf32>
    memref.dealloc %m : memref<?xf32>
    gpu.return
  }
}

// -----

// A block size that no AMD GPU runs (the backend would clamp it to 1024,
// and every launch would fail).
gpu.module @huge_block [#offload.rocm<chip = "gfx90a">] {
  // expected-error @below {{kernel @k has known_block_size of 2048 threads, more than a block of an AMD GPU holds (1024): no launch could run it}}
  gpu.func @k() kernel attributes {known_block_size = array<i32: 64, 32, 1>} {
    gpu.return
  }
}

// -----

// A reduction that not every thread may reach: named for AMD GPUs.
gpu.module @divergent_reduce [#offload.rocm<chip = "gfx90a">] {
  gpu.func @sum(%x: i32, %out: memref<1xi32>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{'gpu.all_reduce' of 'i32' has no meaning on AMD GPUs (#offload.rocm): it waits at barriers, which every thread of the block must reach, and it is not marked uniform; reach it from every thread and mark it uniform}}
    %s = gpu.all_reduce add %x {} : (i32) -> i32
    memref.store %s, %out[%c0] : memref<1xi32>
    gpu.return
  }
}

// -----

// Math functions are the device libraries' where the AMDGPU backend has no
// instruction for them (it cannot select llvm.tanh or llvm.atan2).
// CHECK-LABEL: gpu.module @math
// CHECK-DAG: llvm.func @__ocml_tanh_f32(f32) -> f32
// CHECK-DAG: llvm.func @__ocml_atan2_f64(f64, f64) -> f64
// CHECK-NOT: llvm.intr.tanh
// CHECK-NOT: llvm.intr.atan2
gpu.module @math [#offload.rocm<chip = "gfx942">] {
  gpu.func @functions(%out: memref<1xf32>, %outd: memref<1xf64>, %x: f32, %y: f64) kernel {
    %c0 = arith.constant 0 : index
    %t = math.tanh %x : f32
    %a = math.atan2 %y, %y : f64
    memref.store %t, %out[%c0] : memref<1xf32>
    memref.store %a, %outd[%c0] : memref<1xf64>
    gpu.return
  }
}

// -----

// A stack allocation lives in private memory (address space 5), where the
// backend can select it; the kernel uses it through a generic pointer.
// CHECK-LABEL: gpu.module @stack
// CHECK: %[[PRIVATE:.*]] = llvm.alloca %{{.*}} x f32 : (i64) -> !llvm.ptr<5>
// CHECK: llvm.addrspacecast %[[PRIVATE]] : !llvm.ptr<5> to !llvm.ptr
gpu.module @stack [#offload.rocm<chip = "gfx90a">] {
  gpu.func @scratch(%out: memref<1xf32>, %x: f32, %i: index) kernel {
    %c0 = arith.constant 0 : index
    %buffer = memref.alloca() : memref<16xf32>
    memref.store %x, %buffer[%i] : memref<16xf32>
    %y = memref.load %buffer[%c0] : memref<16xf32>
    memref.store %y, %out[%c0] : memref<1xf32>
    gpu.return
  }
}

// -----

// gpu.all_reduce is a tree of barriers over every thread's value in
// workgroup memory, whatever the block's size: no shuffle, whose width for a
// partial subgroup would not be a power of two.
// CHECK-LABEL: gpu.module @all_reduce
// CHECK: llvm.mlir.global internal @__wg_{{.*}}() {addr_space = 3 : i32} : !llvm.array<1024 x i32>
// CHECK: rocdl.barrier
// CHECK-NOT: rocdl.ds_bpermute
gpu.module @all_reduce [#offload.rocm<chip = "gfx90a">] {
  gpu.func @sum(%x: i32, %out: memref<1xi32>) kernel {
    %c0 = arith.constant 0 : index
    %s = gpu.all_reduce add %x uniform {} : (i32) -> i32
    memref.store %s, %out[%c0] : memref<1xi32>
    gpu.return
  }
}

// -----

// An xor shuffle is an indexed one (ds_bpermute): ROCDL would take gfx950's
// permlane32.swap for it on waves of 64 of gfx10 and later, which have none.
// CHECK-LABEL: gpu.module @wave64_reduce
// CHECK: rocdl.ds_bpermute
// CHECK-NOT: permlane
gpu.module @wave64_reduce [#offload.rocm<chip = "gfx1030", wave64 = true>] {
  gpu.func @sum(%x: i32, %out: memref<1xi32>) kernel {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce add %x : (i32) -> i32
    memref.store %r, %out[%c0] : memref<1xi32>
    gpu.return
  }
}

// -----

// With gfx950 and an older chip, the module is lowered for the older one.
// CHECK-LABEL: gpu.module @two_chips
// CHECK: rocdl.ds_bpermute
// CHECK-NOT: permlane
gpu.module @two_chips [#offload.rocm<chip = "gfx950">, #offload.rocm<chip = "gfx90a">] {
  gpu.func @sum(%x: i32, %out: memref<1xi32>) kernel {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce add %x : (i32) -> i32
    memref.store %r, %out[%c0] : memref<1xi32>
    gpu.return
  }
}

// -----

// On gfx950 alone, xor shuffles keep its permlane swaps.
// CHECK-LABEL: gpu.module @gfx950
// CHECK: rocdl.permlane32.swap
gpu.module @gfx950 [#offload.rocm<chip = "gfx950">] {
  gpu.func @sum(%x: i32, %out: memref<1xi32>) kernel {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce add %x : (i32) -> i32
    memref.store %r, %out[%c0] : memref<1xi32>
    gpu.return
  }
}

// -----

// The reductions of a kernel share one buffer of workgroup memory per type
// (each ends at a barrier): five of them take 4 KiB, not 20, beside the
// kernel's own 48 KiB, within the 64 KiB of a workgroup.
// CHECK-LABEL: gpu.module @five_reductions
// CHECK-COUNT-1: llvm.mlir.global internal @__wg_{{.*}}() {addr_space = 3 : i32} : !llvm.array<1024 x f32>
// CHECK-NOT: !llvm.array<1024 x f32>
// CHECK: llvm.mlir.global internal @__wg_{{.*}}() {addr_space = 3 : i32} : !llvm.array<1024 x i32>
// CHECK-NOT: !llvm.array<1024 x
// CHECK: llvm.func @five
gpu.module @five_reductions [#offload.rocm<chip = "gfx90a">] {
  gpu.func @five(%x: f32, %n: i32, %out: memref<6xf32>, %count: memref<1xi32>)
      workgroup(%tile: memref<12288xf32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %t = gpu.thread_id x
    memref.store %x, %tile[%t] : memref<12288xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %y = memref.load %tile[%c0] : memref<12288xf32, #gpu.address_space<workgroup>>
    %a = gpu.all_reduce add %y uniform {} : (f32) -> f32
    %b = gpu.all_reduce mul %y uniform {} : (f32) -> f32
    %c = gpu.all_reduce minnumf %y uniform {} : (f32) -> f32
    %d = gpu.all_reduce maxnumf %y uniform {} : (f32) -> f32
    %e = gpu.all_reduce add %a uniform {} : (f32) -> f32
    %k = gpu.all_reduce add %n uniform {} : (i32) -> i32
    memref.store %a, %out[%c0] : memref<6xf32>
    memref.store %b, %out[%c1] : memref<6xf32>
    memref.store %c, %out[%c2] : memref<6xf32>
    memref.store %d, %out[%c3] : memref<6xf32>
    memref.store %e, %out[%c4] : memref<6xf32>
    memref.store %k, %count[%c0] : memref<1xi32>
    gpu.return
  }
}

// -----

// INDEX32-LABEL: gpu.module @sizes_index32
// INDEX32: %[[B:.*]] = rocdl.workgroup.dim.x : i64
// INDEX32: llvm.trunc %[[B]] : i64 to i32
// INDEX32: %[[G:.*]] = rocdl.grid.dim.y : i64
// INDEX32: llvm.trunc %[[G]] : i64 to i32
// INDEX32-NOT: dim.{{.}} : i32
gpu.module @sizes_index32 [#offload.rocm<chip = "gfx90a">] {
  gpu.func @sizes(%out: memref<2xindex>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %block = gpu.block_dim x
    %grid = gpu.grid_dim y
    memref.store %block, %out[%c0] : memref<2xindex>
    memref.store %grid, %out[%c1] : memref<2xindex>
    gpu.return
  }
}
