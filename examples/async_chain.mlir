// A chain of asynchronous operations on one stream: device allocations, a
// memset, copies in both directions and two launches, each depending on the
// one before, and one wait at the end.
//
//   y = 0 (memset); x = host x (copy); y += a * x (axpy); y *= y (square);
//   host y = y (copy)
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @axpy(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>, %n: index)
        kernel {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %xv = memref.load %x[%i] : memref<?xf32>
        %yv = memref.load %y[%i] : memref<?xf32>
        %ax = arith.mulf %a, %xv : f32
        %sum = arith.addf %ax, %yv : f32
        memref.store %sum, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
    gpu.func @square(%y: memref<?xf32>, %n: index) kernel {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %v = memref.load %y[%i] : memref<?xf32>
        %sq = arith.mulf %v, %v : f32
        memref.store %sq, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }

  // y = (a * x)^2, x and y in host memory.
  func.func @axpy_squared(%a: f32, %x: memref<?xf32>, %y: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %threads = arith.constant 128 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %x, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %threads : index
    %t0 = gpu.wait async
    %dx, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %dy, %t2 = gpu.alloc async [%t1] (%n) : memref<?xf32>
    %t3 = gpu.memset async [%t2] %dy, %zero : memref<?xf32>, f32
    %t4 = gpu.memcpy async [%t3] %dx, %x : memref<?xf32>, memref<?xf32>
    %t5 = gpu.launch_func async [%t4] @kernels::@axpy
        blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%a : f32, %dx : memref<?xf32>, %dy : memref<?xf32>, %n : index)
    %t6 = gpu.launch_func async [%t5] @kernels::@square
        blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%dy : memref<?xf32>, %n : index)
    %t7 = gpu.memcpy async [%t6] %y, %dy : memref<?xf32>, memref<?xf32>
    %t8 = gpu.dealloc async [%t7] %dx : memref<?xf32>
    %t9 = gpu.dealloc async [%t8] %dy : memref<?xf32>
    gpu.wait [%t9]
    return
  }
}
