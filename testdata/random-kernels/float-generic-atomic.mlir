// A kernel of random kernels (fuzz/random_kernels): memref.generic_atomic_rmw
// of f32 in global memory. The CUDA and ROCm targets (and the host target,
// before it rewrote the result) lowered it with upstream's MemRef-to-LLVM
// pattern to an llvm.cmpxchg of f32, which the LLVM dialect's verifier
// rejects ("'llvm.cmpxchg' op operand #1 must be signless integer or LLVM
// pointer type, but got 'f32'"), about an op the user never wrote. It is a
// compare-and-swap loop of the value's bits as an i32: 64 threads in 2
// blocks that each add 0.75 to m[0] from 0 leave 48 there (exact in f32,
// whatever the order), and the elements beside it as they were.
//
// RUN: offload-opt %s --offload-lower-to-host | %offload_runner | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-host="check=true" | %offload_runner | FileCheck %s
// CHECK: {{\[}}48,  -1,  -1,  -1]
//
// On NVIDIA GPUs: a loop of atom.cas.b32 on global memory; on AMD GPUs, of
// global_atomic_cmpswap (no GPU here runs them).
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=isa" \
// RUN:   | %python %S/../extract_object.py -o /dev/stdout | FileCheck %s --check-prefix=PTX
// PTX-LABEL: .entry f(
// PTX: ld.global.b32 [[OLD:%r[0-9]+]]
// PTX: [[LOOP:\$L__BB0_[0-9]+]]:
// PTX: add.rn.f32 [[NEW:%r[0-9]+]], {{.*}}[[OLD]]
// PTX: atom.{{.*}}global.cas.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}], [[OLD]], [[NEW]];
// PTX: bra{{.*}} [[LOOP]];
// RUN: offload-opt %s --offload-lower-to-rocm="chips=gfx942 format=isa" \
// RUN:   | %python %S/../extract_object.py -o /dev/stdout | FileCheck %s --check-prefix=GCN
// GCN-LABEL: f:
// GCN: v_add_f32
// GCN: global_atomic_cmpswap
// GCN: s_cbranch_execnz
// Its PTX compiles with ptxas, its AMD ISA assembles.
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 format=bin toolkit=%cuda_toolkit" -o /dev/null
// RUN: offload-opt %s --offload-lower-to-rocm="chips=gfx942 format=bin" -o /dev/null

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @f(%x: f32, %m: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %r = memref.generic_atomic_rmw %m[%c0] : memref<4xf32> {
      ^bb0(%cur: f32):
        %s = arith.addf %cur, %x : f32
        memref.atomic_yield %s : f32
      }
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %zero = arith.constant 0.0 : f32
    %minus1 = arith.constant -1.0 : f32
    %x = arith.constant 0.75 : f32
    %m = gpu.alloc host_shared () : memref<4xf32>
    scf.for %i = %c1 to %c4 step %c1 {
      memref.store %minus1, %m[%i] : memref<4xf32>
    }
    memref.store %zero, %m[%c0] : memref<4xf32>
    gpu.launch_func @m::@f blocks in (%c2, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%x : f32, %m : memref<4xf32>)
    %u = memref.cast %m : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
