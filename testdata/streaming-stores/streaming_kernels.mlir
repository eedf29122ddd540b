// Kernels whose run functions have a copy that stores non-temporally
// (testdata/target/host-streaming-stores.mlir checks that they do), and one
// that has none; streaming_stores_test.cc runs them through both ways.
module attributes {gpu.container_module} {
  gpu.module @streaming {
    // c[i] = a[i] + b[i] where i < n.
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
    // c[i] = a[i] * 3 for every i < n, in a grid-stride loop.
    gpu.func @triple(%a: memref<?xi64>, %c: memref<?xi64>, %n: index) kernel
        attributes {known_block_size = array<i32: 256, 1, 1>} {
      %first = gpu.global_id x
      %bdim = gpu.block_dim x
      %gdim = gpu.grid_dim x
      %stride = arith.muli %bdim, %gdim : index
      %three = arith.constant 3 : i64
      scf.for %i = %first to %n step %stride {
        %x = memref.load %a[%i] : memref<?xi64>
        %y = arith.muli %x, %three : i64
        memref.store %y, %c[%i] : memref<?xi64>
      }
      gpu.return
    }
  }

  func.func @stream_add(%a: memref<?xf32>, %b: memref<?xf32>,
                        %c: memref<?xf32>, %n: index)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c255 = arith.constant 255 : index
    %c256 = arith.constant 256 : index
    %rounded = arith.addi %n, %c255 : index
    %blocks = arith.divui %rounded, %c256 : index
    gpu.launch_func @streaming::@add blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1)
        args(%a : memref<?xf32>, %b : memref<?xf32>, %c : memref<?xf32>,
             %n : index)
    return
  }

  func.func @stream_triple(%a: memref<?xi64>, %c: memref<?xi64>, %n: index,
                           %blocks: index)
      attributes {llvm.emit_c_interface} {
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    gpu.launch_func @streaming::@triple blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1)
        args(%a : memref<?xi64>, %c : memref<?xi64>, %n : index)
    return
  }
}
