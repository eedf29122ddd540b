// What the host lowering (offload-lower-gpu-to-host) cannot give a meaning
// is one error at the op or kernel that is wrong, and nothing crashes.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))'

gpu.module @m {
  gpu.func @k(%p: i1) kernel {
    // expected-error @below {{'nvvm.read.ptx.sreg.tid.x' has no meaning on the host target (#offload.host): it is an operation of another target's dialect; compile this gpu.module for a GPU target only}}
    %t = nvvm.read.ptx.sreg.tid.x : i32
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
