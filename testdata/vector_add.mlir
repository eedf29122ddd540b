// The bundled example: c = a + b on the GPU, with a math.exp kernel that
// needs libdevice. `tools/run_example.sh` compiles it to LLVM IR with an
// embedded cubin.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @vector_add(%a: memref<?xf32>, %b: memref<?xf32>,
                         %c: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %a, %c0 : memref<?xf32>
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %x = memref.load %a[%i] : memref<?xf32>
        %y = memref.load %b[%i] : memref<?xf32>
        %sum = arith.addf %x, %y : f32
        memref.store %sum, %c[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @vector_exp(%a: memref<?xf32>, %c: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %x = memref.load %a[%i] : memref<?xf32>
      %y = math.exp %x : f32
      memref.store %y, %c[%i] : memref<?xf32>
      gpu.return
    }
  }

  func.func @vector_add(%a: memref<?xf32>, %b: memref<?xf32>,
                        %c: memref<?xf32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @kernels::@vector_add
        blocks in (%blocks, %c1, %c1) threads in (%c256, %c1, %c1)
        args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>)
    return
  }
}
