// host_peers' kernels as upstream MLIR's CPU route runs parallel loops:
// scf.parallel, through convert-scf-to-openmp and convert-openmp-to-llvm, on
// libomp. Each loop body is what one thread (or, where the kernel stages data
// in shared memory, one block) of the kernel in kernels.mlir and
// host_kernels.mlir computes.
module {
  func.func @omp_vector_add(%a: memref<?xf32>, %b: memref<?xf32>,
                            %c: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %n = memref.dim %a, %c0 : memref<?xf32>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      %x = memref.load %a[%i] : memref<?xf32>
      %y = memref.load %b[%i] : memref<?xf32>
      %s = arith.addf %x, %y : f32
      memref.store %s, %c[%i] : memref<?xf32>
    }
    return
  }

  // partial[b] = the sum of in[256 b, 256 b + 256).
  func.func @omp_block_reduce(%in: memref<?xf32>, %partial: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %blocks = memref.dim %partial, %c0 : memref<?xf32>
    scf.parallel (%b) = (%c0) to (%blocks) step (%c1) {
      %base = arith.muli %b, %c256 : index
      %sum = scf.for %j = %c0 to %c256 step %c1 iter_args(%acc = %zero) -> f32 {
        %i = arith.addi %base, %j : index
        %x = memref.load %in[%i] : memref<?xf32>
        %more = arith.addf %acc, %x : f32
        scf.yield %more : f32
      }
      memref.store %sum, %partial[%b] : memref<?xf32>
    }
    return
  }

  func.func @omp_matmul_naive(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                              %c: memref<?x?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %a, %c0 : memref<?x?xf32>
    scf.parallel (%row, %col) = (%c0, %c0) to (%n, %n) step (%c1, %c1) {
      %sum = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
        %x = memref.load %a[%row, %k] : memref<?x?xf32>
        %y = memref.load %b[%k, %col] : memref<?x?xf32>
        %xy = arith.mulf %x, %y : f32
        %next = arith.addf %acc, %xy : f32
        scf.yield %next : f32
      }
      memref.store %sum, %c[%row, %col] : memref<?x?xf32>
    }
    return
  }

  // Each 16 x 16 tile of C from 16 x 16 tiles of A and B copied to local
  // buffers, as the kernel stages them in shared memory; n a multiple of 16.
  func.func @omp_matmul_tiled(%a: memref<?x?xf32>, %b: memref<?x?xf32>,
                              %c: memref<?x?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %n = memref.dim %a, %c0 : memref<?x?xf32>
    scf.parallel (%r0, %q0) = (%c0, %c0) to (%n, %n) step (%c16, %c16) {
      %as = memref.alloca() : memref<16x16xf32>
      %bs = memref.alloca() : memref<16x16xf32>
      %acc = memref.alloca() : memref<16x16xf32>
      scf.for %i = %c0 to %c16 step %c1 {
        scf.for %j = %c0 to %c16 step %c1 {
          memref.store %zero, %acc[%i, %j] : memref<16x16xf32>
        }
      }
      scf.for %k0 = %c0 to %n step %c16 {
        scf.for %i = %c0 to %c16 step %c1 {
          scf.for %j = %c0 to %c16 step %c1 {
            %ar = arith.addi %r0, %i : index
            %ak = arith.addi %k0, %j : index
            %bk = arith.addi %k0, %i : index
            %bq = arith.addi %q0, %j : index
            %x = memref.load %a[%ar, %ak] : memref<?x?xf32>
            %y = memref.load %b[%bk, %bq] : memref<?x?xf32>
            memref.store %x, %as[%i, %j] : memref<16x16xf32>
            memref.store %y, %bs[%i, %j] : memref<16x16xf32>
          }
        }
        scf.for %i = %c0 to %c16 step %c1 {
          scf.for %j = %c0 to %c16 step %c1 {
            %init = memref.load %acc[%i, %j] : memref<16x16xf32>
            %sum = scf.for %k = %c0 to %c16 step %c1 iter_args(%t = %init) -> f32 {
              %p = memref.load %as[%i, %k] : memref<16x16xf32>
              %q = memref.load %bs[%k, %j] : memref<16x16xf32>
              %pq = arith.mulf %p, %q : f32
              %t2 = arith.addf %t, %pq : f32
              scf.yield %t2 : f32
            }
            memref.store %sum, %acc[%i, %j] : memref<16x16xf32>
          }
        }
      }
      scf.for %i = %c0 to %c16 step %c1 {
        scf.for %j = %c0 to %c16 step %c1 {
          %row = arith.addi %r0, %i : index
          %col = arith.addi %q0, %j : index
          %v = memref.load %acc[%i, %j] : memref<16x16xf32>
          memref.store %v, %c[%row, %col] : memref<?x?xf32>
        }
      }
    }
    return
  }

  func.func @omp_jacobi(%in: memref<?x?xf32>, %out: memref<?x?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %quarter = arith.constant 0.25 : f32
    %n = memref.dim %in, %c0 : memref<?x?xf32>
    %last = arith.subi %n, %c1 : index
    scf.parallel (%i, %j) = (%c1, %c1) to (%last, %last) step (%c1, %c1) {
      %up = arith.subi %i, %c1 : index
      %down = arith.addi %i, %c1 : index
      %left = arith.subi %j, %c1 : index
      %right = arith.addi %j, %c1 : index
      %n0 = memref.load %in[%up, %j] : memref<?x?xf32>
      %n1 = memref.load %in[%down, %j] : memref<?x?xf32>
      %n2 = memref.load %in[%i, %left] : memref<?x?xf32>
      %n3 = memref.load %in[%i, %right] : memref<?x?xf32>
      %s0 = arith.addf %n0, %n1 : f32
      %s1 = arith.addf %n2, %n3 : f32
      %s = arith.addf %s0, %s1 : f32
      %mean = arith.mulf %s, %quarter : f32
      memref.store %mean, %out[%i, %j] : memref<?x?xf32>
    }
    return
  }

  // `chunks` contiguous shares, each counted into a local histogram and
  // added to `hist` with atomics.
  func.func @omp_histogram(%in: memref<?xi32>, %hist: memref<256xi32>,
                           %chunks: index)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %n = memref.dim %in, %c0 : memref<?xi32>
    %share = arith.ceildivui %n, %chunks : index
    scf.parallel (%chunk) = (%c0) to (%chunks) step (%c1) {
      %local = memref.alloca() : memref<256xi32>
      scf.for %v = %c0 to %c256 step %c1 {
        memref.store %zero, %local[%v] : memref<256xi32>
      }
      %begin = arith.muli %chunk, %share : index
      %stop = arith.addi %begin, %share : index
      %end = arith.minui %stop, %n : index
      scf.for %i = %begin to %end step %c1 {
        %v = memref.load %in[%i] : memref<?xi32>
        %bin = arith.index_cast %v : i32 to index
        %count = memref.load %local[%bin] : memref<256xi32>
        %more = arith.addi %count, %one : i32
        memref.store %more, %local[%bin] : memref<256xi32>
      }
      scf.for %v = %c0 to %c256 step %c1 {
        %count = memref.load %local[%v] : memref<256xi32>
        %old = memref.atomic_rmw addi %count, %hist[%v] : (i32, memref<256xi32>) -> i32
      }
    }
    return
  }

  func.func @omp_softmax(%in: memref<?x?xf32>, %out: memref<?x?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %lowest = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %rows = memref.dim %in, %c0 : memref<?x?xf32>
    %cols = memref.dim %in, %c1 : memref<?x?xf32>
    scf.parallel (%row) = (%c0) to (%rows) step (%c1) {
      %max = scf.for %j = %c0 to %cols step %c1 iter_args(%m = %lowest) -> f32 {
        %x = memref.load %in[%row, %j] : memref<?x?xf32>
        %bigger = arith.maximumf %m, %x : f32
        scf.yield %bigger : f32
      }
      %sum = scf.for %j = %c0 to %cols step %c1 iter_args(%s = %zero) -> f32 {
        %x = memref.load %in[%row, %j] : memref<?x?xf32>
        %shifted = arith.subf %x, %max : f32
        %e = math.exp %shifted : f32
        %more = arith.addf %s, %e : f32
        scf.yield %more : f32
      }
      %inverse = arith.divf %one, %sum : f32
      scf.for %j = %c0 to %cols step %c1 {
        %x = memref.load %in[%row, %j] : memref<?x?xf32>
        %shifted = arith.subf %x, %max : f32
        %e = math.exp %shifted : f32
        %y = arith.mulf %e, %inverse : f32
        memref.store %y, %out[%row, %j] : memref<?x?xf32>
      }
    }
    return
  }

  // As many iterations as threads, each an empty asm (LLVM's OpenMPOpt
  // deletes a parallel region with no effect): the fork and join alone.
  func.func @omp_empty(%threads: index) attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.parallel (%i) = (%c0) to (%threads) step (%c1) {
      llvm.inline_asm has_side_effects "", "" : () -> ()
    }
    return
  }
}
