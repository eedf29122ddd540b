// A gpu.module may list upstream's #rocdl.target and #nvvm.target beside
// offload's own, by hand: every pipeline compiles each as the #offload.rocm
// or #offload.cuda it maps to (the same chip, features, O, flags and link
// files), with its vendor's lowering, beside the targets the pipeline
// attaches. (#rocdl.target was once lowered as NVIDIA's and then translated
// as AMD's: LLVM ERROR: unsupported calling convention.)

// offload-lower-to-rocm: @amd's own gfx90a (upstream's default abi, 600)
// and the pipeline's gfx942; @nvidia's sm_90 and host, and gfx942.
// RUN: offload-opt %s --offload-lower-to-rocm="chips=gfx942 toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=ROCM
// ROCM: gpu.binary @amd <#offload.loader> [#gpu.object<#offload.rocm<chip = "gfx90a", abi = "600">, {{.*}}bin = "\7FELF{{.*}}">, #gpu.object<#offload.rocm<chip = "gfx942">, {{.*}}bin = "\7FELF
// ROCM: gpu.binary @nvidia <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}#gpu.object<#offload.host{{.*}}#gpu.object<#offload.rocm<chip = "gfx942">

// offload-lower-to-cuda: @amd's gfx90a beside the pipeline's sm_80 (the
// objects of the module's first target's lowering first: @amd lists gfx90a
// first).
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_80 toolkit=%cuda_toolkit" | FileCheck %s --check-prefix=CUDA
// CUDA: gpu.binary @amd <#offload.loader> [#gpu.object<#offload.rocm<chip = "gfx90a", abi = "600">, {{.*}}"\7FELF{{.*}}#gpu.object<#offload.cuda<chip = "sm_80">
// CUDA: gpu.binary @nvidia <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}#gpu.object<#offload.cuda<chip = "sm_80">, {{.*}}#gpu.object<#offload.host

// offload-lower-to-gpu with the host alone: each binary has a host object
// too, which runs here.
// RUN: offload-opt %s --offload-lower-to-gpu="targets=host toolkit=%cuda_toolkit" > %t.gpu.mlir
// RUN: FileCheck %s --check-prefix=EVERY < %t.gpu.mlir
// EVERY: gpu.binary @amd <#offload.loader> [#gpu.object<#offload.rocm<chip = "gfx90a", abi = "600">{{.*}}#gpu.object<#offload.host
// EVERY: gpu.binary @nvidia <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, {{.*}}#gpu.object<#offload.host
// RUN: %offload_runner %t.gpu.mlir | FileCheck %s --check-prefix=OUT
// OUT: [2, 4, 6, 8]
// OUT: [0, 1, 2, 3]

// What maps to no offload target is one error at its module, in every
// pipeline: gfx700 is older than the chips the device libraries serve.
// RUN: sed -e 's/"gfx90a"/"gfx700"/' %s > %t.gfx700.mlir
// RUN: %expect_exit 1 offload-opt %t.gfx700.mlir --offload-lower-to-rocm="chips=gfx942" 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: %expect_exit 1 offload-opt %t.gfx700.mlir --offload-lower-to-cuda="chips=sm_80 toolkit=%cuda_toolkit" 2>&1 | FileCheck %s --check-prefix=REFUSED
// RUN: %expect_exit 1 offload-opt %t.gfx700.mlir --offload-lower-to-gpu="targets=host" 2>&1 | FileCheck %s --check-prefix=REFUSED
// REFUSED: error: gpu.module @amd: upstream's #rocdl.target<chip = "gfx700"> maps to no #offload.rocm: chip 'gfx700' is not a target ID of an AMD GPU: unknown AMD GPU 'gfx700'
// REFUSED-NOT: note: see current operation
// REFUSED-NOT: error:
// REFUSED-NOT: LLVM ERROR

module attributes {gpu.container_module} {
  gpu.module @amd [#rocdl.target<chip = "gfx90a">] {
    gpu.func @twice(%m: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %m[%t] : memref<4xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %m[%t] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @nvidia [#nvvm.target<chip = "sm_90">, #offload.host] {
    gpu.func @iota(%m: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %i = arith.index_cast %t : index to i32
      %f = arith.sitofp %i : i32 to f32
      memref.store %f, %m[%t] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    %m = gpu.alloc host_shared () : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %j = arith.index_cast %i : index to i32
      %f = arith.sitofp %j : i32 to f32
      %v = arith.addf %f, %one : f32
      memref.store %v, %m[%i] : memref<4xf32>
    }
    gpu.launch_func @amd::@twice blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    %u = memref.cast %m : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.launch_func @nvidia::@iota blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>)
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
