// A kernel that doubles four floats, launched once and printed: the program
// that the tools' tests (tools/relocated_tools_test.sh, install_test.sh,
// testdata/tools/runner.mlir) run on the host backend. It prints
// [0,  2,  4,  6].
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @twice(%data: memref<4xf32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %data[%i] : memref<4xf32>
      %y = arith.addf %x, %x : f32
      memref.store %y, %data[%i] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %data = gpu.alloc host_shared () : memref<4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      %n = arith.index_cast %i : index to i32
      %x = arith.sitofp %n : i32 to f32
      memref.store %x, %data[%i] : memref<4xf32>
    }
    gpu.launch_func @kernels::@twice blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%data : memref<4xf32>)
    %printed = memref.cast %data : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%printed) : (memref<*xf32>) -> ()
    gpu.dealloc %data : memref<4xf32>
    return
  }
}
