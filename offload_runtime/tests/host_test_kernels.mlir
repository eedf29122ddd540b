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
    // out[global id] = value.
    gpu.func @fill(%out: memref<1024xi32>, %value: i32) kernel {
      %i = gpu.global_id x
      memref.store %value, %out[%i] : memref<1024xi32>
      gpu.return
    }
  }
}
