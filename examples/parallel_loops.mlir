// No kernel written by hand: an scf.parallel loop, which the pipeline
// offload-lower-loops-to-cuda tiles into blocks of threads, maps onto the
// grid and outlines into a kernel. The memrefs must be device-accessible
// (the host allocates them as managed memory).
//
//   y[i, j] = a * x[i, j] + y[i, j]
func.func @saxpy_2d(%a: f32, %x: memref<?x?xf32>, %y: memref<?x?xf32>)
    attributes {llvm.emit_c_interface} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = memref.dim %x, %c0 : memref<?x?xf32>
  %cols = memref.dim %x, %c1 : memref<?x?xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%rows, %cols) step (%c1, %c1) {
    %xv = memref.load %x[%i, %j] : memref<?x?xf32>
    %yv = memref.load %y[%i, %j] : memref<?x?xf32>
    %ax = arith.mulf %a, %xv : f32
    %sum = arith.addf %ax, %yv : f32
    memref.store %sum, %y[%i, %j] : memref<?x?xf32>
  }
  return
}
