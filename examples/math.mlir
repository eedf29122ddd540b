// Kernels calling libdevice: math.exp and math.sqrt become __nv_expf and
// __nv_sqrtf, linked from the toolkit's libdevice.
//
//   y[i] = sqrt(x[i]) * exp(-x[i])
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sqrt_exp(%x: memref<?xf32>, %y: memref<?xf32>, %n: index)
        kernel {
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %v = memref.load %x[%i] : memref<?xf32>
        %root = math.sqrt %v : f32
        %neg = arith.negf %v : f32
        %decay = math.exp %neg : f32
        %r = arith.mulf %root, %decay : f32
        memref.store %r, %y[%i] : memref<?xf32>
      }
      gpu.return
    }
  }

  // y = sqrt(x) * exp(-x), x and y in host memory.
  func.func @sqrt_exp(%x: memref<?xf32>, %y: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %threads = arith.constant 256 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %threads : index
    %t0 = gpu.wait async
    %dx, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %dy, %t2 = gpu.alloc async [%t1] (%n) : memref<?xf32>
    %t3 = gpu.memcpy async [%t2] %dx, %x : memref<?xf32>, memref<?xf32>
    %t4 = gpu.launch_func async [%t3] @kernels::@sqrt_exp
        blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
        args(%dx : memref<?xf32>, %dy : memref<?xf32>, %n : index)
    %t5 = gpu.memcpy async [%t4] %y, %dy : memref<?xf32>, memref<?xf32>
    %t6 = gpu.dealloc async [%t5] %dx : memref<?xf32>
    %t7 = gpu.dealloc async [%t6] %dy : memref<?xf32>
    gpu.wait [%t7]
    return
  }
}
