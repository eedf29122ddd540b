// What the host lowering (offload-lower-gpu-to-host) cannot give a meaning
// is one error at the op or kernel that is wrong, and nothing crashes. An
// operation of a dialect that the lowering does not take is one such error,
// whichever the dialect: another target's, a CPU's own, or one to lower
// first.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))'

gpu.module @m {
  gpu.func @k(%p: i1) kernel {
    // expected-error @below {{'nvvm.read.ptx.sreg.tid.x' has no meaning on the host target (#offload.host): it is an operation of the 'nvvm' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    %t = nvvm.read.ptx.sreg.tid.x : i32
    gpu.return
  }
}

// -----

gpu.module @rocdl {
  gpu.func @k(%p: i1) kernel {
    // expected-error @below {{'rocdl.workitem.id.x' has no meaning on the host target (#offload.host): it is an operation of the 'rocdl' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    %t = rocdl.workitem.id.x : i32
    gpu.return
  }
}

// -----

gpu.module @amdgpu {
  gpu.func @k(%p: i1) kernel {
    // expected-error @below {{'amdgpu.lds_barrier' has no meaning on the host target (#offload.host): it is an operation of the 'amdgpu' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    amdgpu.lds_barrier
    gpu.return
  }
}

// -----

gpu.module @spirv {
  gpu.func @k(%p: i1) kernel {
    // expected-error @below {{'spirv.Constant' has no meaning on the host target (#offload.host): it is an operation of the 'spirv' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    %c = spirv.Constant 1 : i32
    gpu.return
  }
}

// -----

gpu.module @xegpu {
  gpu.func @k(%p: i1) kernel {
    // expected-error @below {{'xegpu.fence' has no meaning on the host target (#offload.host): it is an operation of the 'xegpu' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    xegpu.fence memory_kind = global, fence_scope = workgroup
    gpu.return
  }
}

// -----

gpu.module @xevm {
  gpu.func @k(%p: i1) kernel {
    // expected-error @below {{'xevm.memfence' has no meaning on the host target (#offload.host): it is an operation of the 'xevm' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    xevm.memfence <{scope = #xevm.mem_scope<workgroup>}>
    gpu.return
  }
}

// -----

gpu.module @x86vector {
  gpu.func @k(%v: vector<8xf32>) kernel {
    // expected-error @below {{'x86vector.avx.rsqrt' has no meaning on the host target (#offload.host): it is an operation of the 'x86vector' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    %r = x86vector.avx.rsqrt %v : vector<8xf32>
    gpu.return
  }
}

// -----

gpu.module @complex {
  gpu.func @k(%p: i1) kernel {
    // expected-error @below {{'complex.constant' has no meaning on the host target (#offload.host): it is an operation of the 'complex' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    %c = complex.constant [1.0 : f32, 2.0 : f32] : complex<f32>
    gpu.return
  }
}

// -----

gpu.module @tensor {
  gpu.func @k(%p: i1) kernel {
    // expected-error @below {{'tensor.empty' has no meaning on the host target (#offload.host): it is an operation of the 'tensor' dialect, which the host lowering does not take (it takes arith, cf, func, gpu, index, llvm, math, memref, scf, ub, vector); lower it to those first, or compile this gpu.module for another target only}}
    %t = tensor.empty() : tensor<4xf32>
    gpu.return
  }
}

// -----

// A barrier in branches: the threads' loops cannot be split at it.
gpu.module @m {
  // expected-error @below {{kernel @k has barriers or subgroup operations in unstructured control flow (cf branches), which the host target cannot split; write its control flow with scf}}
  gpu.func @k(%p: i1) kernel {
    cf.cond_br %p, ^sync, ^done
  ^sync:
    gpu.barrier
    cf.br ^done
  ^done:
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{kernel @k has a private attribution of type 'memref<?xf32, #gpu.address_space<private>>', which the host target cannot give each thread: private attributions need a static shape and the identity layout}}
  gpu.func @k(%o: memref<?xf32>) private(%a: memref<?xf32, #gpu.address_space<private>>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<?xf32, #gpu.address_space<private>>
    memref.store %v, %o[%c0] : memref<?xf32>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{kernel @k has a private attribution of type 'memref<4xf32, strided<[2]>, #gpu.address_space<private>>'}}
  gpu.func @k(%p: i1) private(%a: memref<4xf32, strided<[2]>, #gpu.address_space<private>>) kernel {
    cf.cond_br %p, ^one, ^done
  ^one:
    cf.br ^done
  ^done:
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{kernel @k has a workgroup attribution of type 'memref<?xf32, #gpu.address_space<workgroup>>', which the host target cannot allocate for a block: workgroup attributions need a static shape}}
  gpu.func @k() workgroup(%a: memref<?xf32, #gpu.address_space<workgroup>>) kernel {
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{with 'memref<600000000xi32>', each thread of kernel @k needs more than 2 GiB of private memory, the most the host target gives a thread}}
    %a = memref.alloca() : memref<600000000xi32>
    %v = memref.load %a[%c0] : memref<600000000xi32>
    memref.store %v, %o[%c0] : memref<4xi32>
    gpu.return
  }
}

// -----

// A size that does not fit 64 bits is the same error, not an overflow.
gpu.module @m {
  gpu.func @k(%o: memref<4xi32>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{with 'memref<4611686018427387904x4xi32>', each thread of kernel @k needs more than 2 GiB of private memory}}
    %a = memref.alloca() : memref<4611686018427387904x4xi32>
    %v = memref.load %a[%c0, %c0] : memref<4611686018427387904x4xi32>
    memref.store %v, %o[%c0] : memref<4xi32>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{kernel @k has a private attribution of type 'memref<2xvector<2048xf32>, #gpu.address_space<private>>', aligned to 8192 bytes; the host target aligns private memory to 4096}}
  gpu.func @k(%o: memref<2xvector<2048xf32>>) private(%a: memref<2xvector<2048xf32>, #gpu.address_space<private>>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%c0] : memref<2xvector<2048xf32>, #gpu.address_space<private>>
    memref.store %v, %o[%c0] : memref<2xvector<2048xf32>>
    gpu.return
  }
}

// -----

// A kernel that is already an llvm.func has no block to run: an error, not
// a crash.
gpu.module @m {
  // expected-error @below {{'llvm.func' has no meaning on the host target (#offload.host): it is a kernel already lowered to the LLVM dialect, for another target; write it as a gpu.func}}
  llvm.func @kern() attributes {gpu.kernel} {
    llvm.return
  }
}

// -----

// Static workgroup memory lives on the stack of the thread that runs a
// block: more than MGPU_HOST_MAX_STATIC_SHARED_MEMORY (16 MiB) would
// overflow it at the launch. Attributions and allocs count together (what
// the kernel uses: unused memory takes no stack).
gpu.module @m {
  // expected-error @below {{kernel @k has 16777220 bytes of static workgroup memory, and the host target keeps at most 16777216 on the stack of the thread that runs a block: use gpu.dynamic_shared_memory, which the runtime allocates}}
  gpu.func @k(%i: index, %out: memref<2xi32>) workgroup(%a: memref<4194304xi32, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %b = memref.alloc() : memref<1xi32, #gpu.address_space<workgroup>>
    %u = memref.load %a[%i] : memref<4194304xi32, #gpu.address_space<workgroup>>
    %v = memref.load %b[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    memref.store %u, %out[%c0] : memref<2xi32>
    memref.store %v, %out[%c1] : memref<2xi32>
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-error @below {{kernel @k has more than 2^64 bytes of static workgroup memory}}
  gpu.func @k(%i: index, %out: memref<1xf64>) kernel {
    %c0 = arith.constant 0 : index
    %b = memref.alloc() : memref<4611686018427387904x8xf64, #gpu.address_space<workgroup>>
    %v = memref.load %b[%i, %c0] : memref<4611686018427387904x8xf64, #gpu.address_space<workgroup>>
    memref.store %v, %out[%c0] : memref<1xf64>
    gpu.return
  }
}

// -----

// Exactly the limit is fine.
gpu.module @m {
  gpu.func @k(%i: index, %out: memref<1xi64>) workgroup(%a: memref<2097152xi64, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.load %a[%i] : memref<2097152xi64, #gpu.address_space<workgroup>>
    memref.store %v, %out[%c0] : memref<1xi64>
    gpu.return
  }
}

// -----

// A kernel that would run its blocks stacked (a known 1-D block, a
// grid-stride loop) says the same of a workgroup attribution of no static
// shape, before anything is stacked.
gpu.module @m {
  // expected-error @below {{kernel @k has a workgroup attribution of type 'memref<?xf32, #gpu.address_space<workgroup>>', which the host target cannot allocate for a block: workgroup attributions need a static shape}}
  gpu.func @k(%o: memref<?xf32>, %n: index)
      workgroup(%a: memref<?xf32, #gpu.address_space<workgroup>>)
      kernel attributes {known_block_size = array<i32: 64, 1, 1>} {
    %first = gpu.global_id x
    %stride = gpu.grid_dim x
    %f = arith.constant 1.0 : f32
    scf.for %i = %first to %n step %stride {
      memref.store %f, %o[%i] : memref<?xf32>
    }
    gpu.barrier
    gpu.return
  }
}
