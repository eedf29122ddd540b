// y = alpha * x, x and y in host memory, with the kernel in a gpu.launch
// region that the pipeline outlines.
func.func @scale(%alpha: f32, %x: memref<?xf32>, %y: memref<?xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %threads = arith.constant 64 : index
  %n = memref.dim %x, %c0 : memref<?xf32>
  %blocks = arith.ceildivui %n, %threads : index
  %t0 = gpu.wait async
  %dx, %t1 = gpu.alloc async [%t0] (%n) : memref<?xf32>
  %t2 = gpu.memcpy async [%t1] %dx, %x : memref<?xf32>, memref<?xf32>
  %t3 = gpu.launch async [%t2]
      blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
    %base = arith.muli %bx, %sx : index
    %i = arith.addi %base, %tx : index
    %inside = arith.cmpi ult, %i, %n : index
    scf.if %inside {
      %v = memref.load %dx[%i] : memref<?xf32>
      %s = arith.mulf %alpha, %v : f32
      memref.store %s, %dx[%i] : memref<?xf32>
    }
    gpu.terminator
  }
  %t4 = gpu.memcpy async [%t3] %y, %dx : memref<?xf32>, memref<?xf32>
  %t5 = gpu.dealloc async [%t4] %dx : memref<?xf32>
  gpu.wait [%t5]
  return
}
