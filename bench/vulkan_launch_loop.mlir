// The Vulkan launch-cost benchmark's loop (bench/callgrind_vulkan.sh): %n
// asynchronous launches of one small kernel on one stream, then one
// synchronization, so that the host cost of a launch is what grows with %n.
module attributes {gpu.container_module} {
  gpu.module @launch_kernels {
    // data[i] *= factor, one block of 32 threads.
    gpu.func @scale(%data: memref<?xf32>, %factor: f32) kernel {
      %i = gpu.thread_id x
      %x = memref.load %data[%i] : memref<?xf32>
      %y = arith.mulf %x, %factor : f32
      memref.store %y, %data[%i] : memref<?xf32>
      gpu.return
    }
  }

  func.func @bench_launch_loop(%data: memref<?xf32>, %factor: f32,
                               %n: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %t0 = gpu.wait async
    %done = scf.for %i = %c0 to %n step %c1 iter_args(%t = %t0)
        -> !gpu.async.token {
      %t1 = gpu.launch_func async [%t] @launch_kernels::@scale
          blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
          args(%data : memref<?xf32>, %factor : f32)
      scf.yield %t1 : !gpu.async.token
    }
    gpu.wait [%done]
    return
  }
}
