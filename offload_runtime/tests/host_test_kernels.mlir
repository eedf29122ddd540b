// Kernels that host_backend_test.cc loads and launches through the mgpu C
// API, compiled for the host with bare pointers for memrefs: each parameter
// is one value.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Fails (in its first thread) when `fail` is not 0.
    gpu.func @check(%fail: i32) kernel {
      %zero = arith.constant 0 : i32
      %ok = arith.cmpi eq, %fail, %zero : i32
      cf.assert %ok, "asked to fail"
      gpu.return
    }
    // 1.6 GB of private memory for each thread: more than any block gets.
    gpu.func @hog(%out: memref<1024xi32>) kernel {
      %c0 = arith.constant 0 : index
      %huge = memref.alloca() : memref<400000000xi32>
      %i = gpu.thread_id x
      %v = arith.index_cast %i : index to i32
      memref.store %v, %huge[%c0] : memref<400000000xi32>
      gpu.barrier
      %w = memref.load %huge[%c0] : memref<400000000xi32>
      memref.store %w, %out[%i] : memref<1024xi32>
      gpu.return
    }
    // out[global id] = value.
    gpu.func @fill(%out: memref<1024xi32>, %value: i32) kernel {
      %i = gpu.global_id x
      memref.store %value, %out[%i] : memref<1024xi32>
      gpu.return
    }
  }
}
