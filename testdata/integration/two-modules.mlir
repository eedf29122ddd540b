// Two gpu.modules in one program, each with a kernel called @apply that does
// something else, launched in turn on memory from a synchronous gpu.alloc,
// filled and read back with synchronous gpu.memcpy.
//
// Runs on every target (lit.local.cfg).

module attributes {gpu.container_module} {
  gpu.module @add_ten {
    gpu.func @apply(%data: memref<8xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %data[%i] : memref<8xi32>
      %ten = arith.constant 10 : i32
      %y = arith.addi %x, %ten : i32
      memref.store %y, %data[%i] : memref<8xi32>
      gpu.return
    }
  }
  gpu.module @times_three {
    gpu.func @apply(%data: memref<8xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %data[%i] : memref<8xi32>
      %three = arith.constant 3 : i32
      %y = arith.muli %x, %three : i32
      memref.store %y, %data[%i] : memref<8xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %host = memref.alloc() : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = arith.index_cast %i : index to i32
      memref.store %v, %host[%i] : memref<8xi32>
    }
    %device = gpu.alloc () : memref<8xi32>
    gpu.memcpy %device, %host : memref<8xi32>, memref<8xi32>
    gpu.launch_func @add_ten::@apply blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%device : memref<8xi32>)
    gpu.launch_func @times_three::@apply blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%device : memref<8xi32>)
    gpu.memcpy %host, %device : memref<8xi32>, memref<8xi32>
    gpu.dealloc %device : memref<8xi32>
    %unranked = memref.cast %host : memref<8xi32> to memref<*xi32>
    // (i + 10) * 3
    // CHECK: [30, 33, 36, 39, 42, 45, 48, 51]
    call @printMemrefI32(%unranked) : (memref<*xi32>) -> ()
    memref.dealloc %host : memref<8xi32>
    return
  }
}
