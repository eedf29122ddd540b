// Element-wise vector add. The host function takes device memory (the C++
// host allocates and copies it with the mgpu runtime) and launches one
// kernel synchronously: one mgpuLaunchKernel and one mgpuStreamSynchronize.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add(%a: memref<?xf32>, %b: memref<?xf32>, %c: memref<?xf32>,
                  %n: index) kernel {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %sum = arith.addf %x, %y : f32
        memref.store %sum, %c[%i] : memref<?xf32>
      }
      gpu.return
    }
  }

  // c = a + b, all three in device memory.
  func.func @vector_add(%a: memref<?xf32>, %b: memref<?xf32>,
                        %c: memref<?xf32>) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %threads = arith.constant 256 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %threads : index
    gpu.launch_func @kernels::@add
        blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>,
             %n : index)
    return
  }
}
