// %n synchronous launches of one kernel, from a gpu.module compiled for
// sm_80 and sm_90 and offloaded by #offload.loader (the object is chosen at
// run time). loader_e2e_test.cc runs it against libmgpu.so.
module attributes {gpu.container_module} {
  gpu.module @kernels <#offload.loader> {
    gpu.func @scale(%data: memref<?xf32>, %factor: f32) kernel {
      %i = gpu.thread_id x
      %x = memref.load %data[%i] : memref<?xf32>
      %y = arith.mulf %x, %factor : f32
      memref.store %y, %data[%i] : memref<?xf32>
      gpu.return
    }
  }

  func.func @launch_many(%data: memref<?xf32>, %n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %two = arith.constant 2.0 : f32
    scf.for %i = %c0 to %n step %c1 {
      gpu.launch_func @kernels::@scale blocks in (%c1, %c1, %c1)
          threads in (%c32, %c1, %c1) args(%data : memref<?xf32>, %two : f32)
    }
    return
  }
}
