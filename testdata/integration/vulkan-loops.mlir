// Loops as a Vulkan shader must have them: structured, and right when they
// run no iteration. An scf.for with iter_args that runs none yields its
// initial values (upstream's SPIR-V lowering of LLVM 22 yields what its
// never-stored variables hold); a loop of cf branches (as a gpu.launch body
// may be written) is lifted to scf, since drivers refuse unstructured
// control flow. Each thread t of 12 sums i for i in [t, 8) from 100 + t,
// with scf.for and with cf branches: threads 8 to 11 run no iteration.
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %out = gpu.alloc host_shared () : memref<2x12xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c12, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c100 = arith.constant 100 : i32
    %t = arith.index_cast %tx : index to i32
    %init = arith.addi %c100, %t : i32
    %sum = scf.for %i = %tx to %c8 step %k1 iter_args(%acc = %init) -> (i32) {
      %ii = arith.index_cast %i : index to i32
      %next = arith.addi %acc, %ii : i32
      scf.yield %next : i32
    }
    memref.store %sum, %out[%c0, %tx] : memref<2x12xi32>
    cf.br ^header(%tx, %init : index, i32)
  ^header(%j: index, %acc2: i32):
    %more = arith.cmpi slt, %j, %c8 : index
    cf.cond_br %more, ^body, ^exit
  ^body:
    %jj = arith.index_cast %j : index to i32
    %next2 = arith.addi %acc2, %jj : i32
    %j1 = arith.addi %j, %k1 : index
    cf.br ^header(%j1, %next2 : index, i32)
  ^exit:
    memref.store %acc2, %out[%k1, %tx] : memref<2x12xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<2x12xi32> to memref<*xi32>
  // CHECK: {{\[\[}}128, 129, 129, 128, 126, 123, 119, 114, 108, 109, 110, 111]
  // CHECK-NEXT: [128, 129, 129, 128, 126, 123, 119, 114, 108, 109, 110, 111]]
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  gpu.dealloc %out : memref<2x12xi32>
  return
}
