// An iterative solver's launch loop: Jacobi iterations for the 1-D Poisson
// problem -u'' = f with u = 0 at both ends, x_new[i] = (x[i-1] + x[i+1] +
// h^2 f[i]) / 2, two launches per iteration swapping the buffers. The
// !gpu.async.token is carried through scf.for, which upstream's
// gpu-lower-to-nvvm-pipeline cannot lower.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sweep(%x: memref<?xf32>, %f: memref<?xf32>, %out: memref<?xf32>,
                    %h2: f32, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %zero = arith.constant 0.0 : f32
      %half = arith.constant 0.5 : f32
      %i = gpu.global_id x
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %first = arith.cmpi eq, %i, %c0 : index
        %left = scf.if %first -> f32 {
          scf.yield %zero : f32
        } else {
          %im1 = arith.subi %i, %c1 : index
          %l = memref.load %x[%im1] : memref<?xf32>
          scf.yield %l : f32
        }
        %ip1 = arith.addi %i, %c1 : index
        %last = arith.cmpi eq, %ip1, %n : index
        %right = scf.if %last -> f32 {
          scf.yield %zero : f32
        } else {
          %r = memref.load %x[%ip1] : memref<?xf32>
          scf.yield %r : f32
        }
        %fi = memref.load %f[%i] : memref<?xf32>
        %hf = arith.mulf %h2, %fi : f32
        %lr = arith.addf %left, %right : f32
        %s = arith.addf %lr, %hf : f32
        %v = arith.mulf %s, %half : f32
        memref.store %v, %out[%i] : memref<?xf32>
      }
      gpu.return
    }
  }

  // 2 * iterations Jacobi sweeps from x (host memory), result in x.
  func.func @jacobi(%x: memref<?xf32>, %f: memref<?xf32>, %h2: f32,
                    %iterations: index) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %threads = arith.constant 128 : index
    %n = memref.dim %x, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %threads : index
    %t0 = gpu.wait async
    %da, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
    %db, %t2 = gpu.alloc async [%t1] (%n) : memref<?xf32>
    %df, %t3 = gpu.alloc async [%t2] (%n) : memref<?xf32>
    %t4 = gpu.memcpy async [%t3] %da, %x : memref<?xf32>, memref<?xf32>
    %t5 = gpu.memcpy async [%t4] %df, %f : memref<?xf32>, memref<?xf32>
    %done = scf.for %it = %c0 to %iterations step %c1
        iter_args(%t = %t5) -> !gpu.async.token {
      %ta = gpu.launch_func async [%t] @kernels::@sweep
          blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
          args(%da : memref<?xf32>, %df : memref<?xf32>, %db : memref<?xf32>,
               %h2 : f32, %n : index)
      %tb = gpu.launch_func async [%ta] @kernels::@sweep
          blocks in (%blocks, %c1, %c1) threads in (%threads, %c1, %c1)
          args(%db : memref<?xf32>, %df : memref<?xf32>, %da : memref<?xf32>,
               %h2 : f32, %n : index)
      scf.yield %tb : !gpu.async.token
    }
    %t6 = gpu.memcpy async [%done] %x, %da : memref<?xf32>, memref<?xf32>
    %t7 = gpu.dealloc async [%t6] %da : memref<?xf32>
    %t8 = gpu.dealloc async [%t7] %db : memref<?xf32>
    %t9 = gpu.dealloc async [%t8] %df : memref<?xf32>
    gpu.wait [%t9]
    return
  }
}
