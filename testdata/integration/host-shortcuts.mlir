// What the host target runs in a shorter way than thread by thread, each
// with an answer known here: a loop that it runs across the threads (it
// walks b[k, x] while the threads walk x), checked against host loops; a
// grid-stride loop, which it runs across the threads too; the steps of a
// tree reduction in a block of 100 threads, `if (threadIdx.x < half)`,
// which loop over those threads only; and bounds tests on the global id,
// `if (id < n)`, likewise, for n at the edges, and such tests beside a
// store that every thread makes, which run the threads that pass apart from
// the others. host-shortcuts-atomics.mlir has its atomics on shared memory.
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI32(memref<*xi32>)
func.func private @printMemrefF32(memref<*xf32>)

// C = A B for 16 x 16 matrices, A[i, k] = i - k and B[k, j] = k + 2 j, in
// blocks of 8 x 8 threads, each thread's k loop reading b[k, x].
func.func @across_threads() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %a = gpu.alloc host_shared () : memref<16x16xf32>
  %b = gpu.alloc host_shared () : memref<16x16xf32>
  %c = gpu.alloc host_shared () : memref<16x16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %jj = arith.index_cast %j : index to i32
      %diff = arith.subi %ii, %jj : i32
      %jj2 = arith.addi %jj, %jj : i32
      %sum = arith.addi %ii, %jj2 : i32
      %x = arith.sitofp %diff : i32 to f32
      %y = arith.sitofp %sum : i32 to f32
      memref.store %x, %a[%i, %j] : memref<16x16xf32>
      memref.store %y, %b[%i, %j] : memref<16x16xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c8, %sz = %c1) {
    %zero = arith.constant 0.0 : f32
    %col = gpu.global_id x
    %row = gpu.global_id y
    %n = memref.dim %a, %c0 : memref<16x16xf32>
    %dot = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %zero) -> f32 {
      %x = memref.load %a[%row, %k] : memref<16x16xf32>
      %y = memref.load %b[%k, %col] : memref<16x16xf32>
      %xy = arith.mulf %x, %y : f32
      %next = arith.addf %acc, %xy : f32
      scf.yield %next : f32
    }
    memref.store %dot, %c[%row, %col] : memref<16x16xf32>
    gpu.terminator
  }
  // The host's own loops, element by element: how many differ.
  %none = arith.constant 0 : i32
  %wrong = scf.for %i = %c0 to %c16 step %c1 iter_args(%w0 = %none) -> i32 {
    %wi = scf.for %j = %c0 to %c16 step %c1 iter_args(%w1 = %w0) -> i32 {
      %zero = arith.constant 0.0 : f32
      %want = scf.for %k = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> f32 {
        %x = memref.load %a[%i, %k] : memref<16x16xf32>
        %y = memref.load %b[%k, %j] : memref<16x16xf32>
        %xy = arith.mulf %x, %y : f32
        %next = arith.addf %acc, %xy : f32
        scf.yield %next : f32
      }
      %got = memref.load %c[%i, %j] : memref<16x16xf32>
      %bad = arith.cmpf une, %got, %want : f32
      %bad_i32 = arith.extui %bad : i1 to i32
      %w2 = arith.addi %w1, %bad_i32 : i32
      scf.yield %w2 : i32
    }
    scf.yield %wi : i32
  }
  %out = memref.alloca() : memref<4xf32>
  %wrong_f = arith.uitofp %wrong : i32 to f32
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c15 = arith.constant 15 : index
  %e0 = memref.load %c[%c0, %c0] : memref<16x16xf32>
  %e1 = memref.load %c[%c3, %c5] : memref<16x16xf32>
  %e2 = memref.load %c[%c15, %c15] : memref<16x16xf32>
  memref.store %wrong_f, %out[%c0] : memref<4xf32>
  memref.store %e0, %out[%c1] : memref<4xf32>
  memref.store %e1, %out[%c2] : memref<4xf32>
  memref.store %e2, %out[%c3] : memref<4xf32>
  %o = memref.cast %out : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%o) : (memref<*xf32>) -> ()
  return
}
// No element differs; C[0, 0], C[3, 5] and C[15, 15] are sums of
// (i - k)(k + 2 j): -1240, -1600 and 4160.
// CHECK: {{\[}}0, -1240, -1600, 4160]

// The sums of 1 to 100 and of 101 to 200, in two blocks.
func.func @tree() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c100 = arith.constant 100 : index
  %sums = gpu.alloc host_shared () : memref<2xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c100, %sy = %c1, %sz = %c1)
      workgroup(%tile : memref<128xi32, #gpu.address_space<workgroup>>) {
    %c0 = arith.constant 0 : index
    %c7 = arith.constant 7 : index
    %c64 = arith.constant 64 : index
    %c1000 = arith.constant 1000 : index
    // A bound above the block's size: every thread.
    %all = arith.cmpi ult, %tx, %c1000 : index
    scf.if %all {
      %g = gpu.global_id x
      %g1 = arith.addi %g, %c1 : index
      %v = arith.index_cast %g1 : index to i32
      memref.store %v, %tile[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.for %step = %c0 to %c7 step %c1 {
      %half = arith.shrui %c64, %step : index
      %active = arith.cmpi ult, %tx, %half : index
      scf.if %active {
        %other = arith.addi %tx, %half : index
        %inside = arith.cmpi ult, %other, %sx : index
        scf.if %inside {
          %mine = memref.load %tile[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
          %theirs = memref.load %tile[%other] : memref<128xi32, #gpu.address_space<workgroup>>
          %s = arith.addi %mine, %theirs : i32
          memref.store %s, %tile[%tx] : memref<128xi32, #gpu.address_space<workgroup>>
        }
      }
      gpu.barrier
    }
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      %total = memref.load %tile[%c0] : memref<128xi32, #gpu.address_space<workgroup>>
      memref.store %total, %sums[%bx] : memref<2xi32>
    }
    gpu.terminator
  }
  %s = memref.cast %sums : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%s) : (memref<*xi32>) -> ()
  return
}
// CHECK: {{\[}}5050, 15050]

// A grid-stride loop over 1000 elements in 3 blocks of 64 threads: out[i] =
// 2 i + 1 for every i, each written once (`hits` counts), and each thread's
// sum of what it wrote.
func.func @grid_stride() {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c64 = arith.constant 64 : index
  %out = gpu.alloc host_shared () : memref<1000xi32>
  %hits = gpu.alloc host_shared () : memref<1000xi32>
  %sums = gpu.alloc host_shared () : memref<192xi32>
  %zero = arith.constant 0 : i32
  gpu.memset %hits, %zero : memref<1000xi32>, i32
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %first = gpu.global_id x
    %stride = arith.muli %sx, %gx : index
    %n = memref.dim %out, %c0 : memref<1000xi32>
    %zero_i32 = arith.constant 0 : i32
    %sum = scf.for %i = %first to %n step %stride iter_args(%acc = %zero_i32) -> i32 {
      %ii = arith.index_cast %i : index to i32
      %twice = arith.addi %ii, %ii : i32
      %v = arith.addi %twice, %one : i32
      memref.store %v, %out[%i] : memref<1000xi32>
      %h = memref.load %hits[%i] : memref<1000xi32>
      %h1 = arith.addi %h, %one : i32
      memref.store %h1, %hits[%i] : memref<1000xi32>
      %more = arith.addi %acc, %v : i32
      scf.yield %more : i32
    }
    memref.store %sum, %sums[%first] : memref<192xi32>
    gpu.terminator
  }
  // How many elements are wrong or were not written exactly once.
  %c0 = arith.constant 0 : index
  %c1000 = arith.constant 1000 : index
  %wrong = scf.for %i = %c0 to %c1000 step %c1 iter_args(%w = %zero) -> i32 {
    %ii = arith.index_cast %i : index to i32
    %twice = arith.addi %ii, %ii : i32
    %one = arith.constant 1 : i32
    %want = arith.addi %twice, %one : i32
    %got = memref.load %out[%i] : memref<1000xi32>
    %h = memref.load %hits[%i] : memref<1000xi32>
    %bad_value = arith.cmpi ne, %got, %want : i32
    %bad_hits = arith.cmpi ne, %h, %one : i32
    %bad = arith.ori %bad_value, %bad_hits : i1
    %bad_i32 = arith.extui %bad : i1 to i32
    %w1 = arith.addi %w, %bad_i32 : i32
    scf.yield %w1 : i32
  }
  // Each thread's sum, against the host's.
  %c192 = arith.constant 192 : index
  %wrong_sums = scf.for %g = %c0 to %c192 step %c1 iter_args(%w = %wrong) -> i32 {
    %want = scf.for %i = %g to %c1000 step %c192 iter_args(%acc = %zero) -> i32 {
      %ii = arith.index_cast %i : index to i32
      %twice = arith.addi %ii, %ii : i32
      %one = arith.constant 1 : i32
      %v = arith.addi %twice, %one : i32
      %more = arith.addi %acc, %v : i32
      scf.yield %more : i32
    }
    %got = memref.load %sums[%g] : memref<192xi32>
    %bad = arith.cmpi ne, %got, %want : i32
    %bad_i32 = arith.extui %bad : i1 to i32
    %w1 = arith.addi %w, %bad_i32 : i32
    scf.yield %w1 : i32
  }
  %c999 = arith.constant 999 : index
  %last = memref.load %out[%c999] : memref<1000xi32>
  %result = memref.alloca() : memref<2xi32>
  memref.store %wrong_sums, %result[%c0] : memref<2xi32>
  memref.store %last, %result[%c1] : memref<2xi32>
  %r = memref.cast %result : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%r) : (memref<*xi32>) -> ()
  return
}
// CHECK: {{\[}}0, 1999]

// `if (id < n)` in 3 blocks of 64 threads, unsigned and signed, for n
// before, inside, at the end of and past the grid, and -5, and `if (n - 70
// < id && id < n)`, signed then unsigned: each thread that passes writes
// id + 1 in its row, the others nothing. [elements not as the host
// expects, elements written]: 804 threads pass the unsigned tests (0, 1,
// 63, 64, 100, 192, 192, 192), 612 the signed ones (-5 passes none), 458
// the pairs (0, 1, 63, 64, 69, 69, 0, 192).
func.func @bounds_tests() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c70 = arith.constant 70 : index
  %c192 = arith.constant 192 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %out = gpu.alloc host_shared () : memref<3x192xi32>
  %bounds = memref.alloca() : memref<8xindex>
  %values = arith.constant dense<[0, 1, 63, 64, 100, 192, 1000, -5]> : vector<8xindex>
  vector.store %values, %bounds[%c0] : memref<8xindex>, vector<8xindex>
  %result:2 = scf.for %b = %c0 to %c8 step %c1 iter_args(%wrong = %zero, %written = %zero) -> (i32, i32) {
    %n = memref.load %bounds[%b] : memref<8xindex>
    scf.for %i = %c0 to %c192 step %c1 {
      memref.store %zero, %out[%c0, %i] : memref<3x192xi32>
      memref.store %zero, %out[%c1, %i] : memref<3x192xi32>
      memref.store %zero, %out[%c2, %i] : memref<3x192xi32>
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %id = gpu.global_id x
      %below = arith.cmpi ult, %id, %n : index
      scf.if %below {
        %v = arith.index_cast %id : index to i32
        %v1 = arith.addi %v, %one : i32
        memref.store %v1, %out[%c0, %id] : memref<3x192xi32>
      }
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %id = gpu.global_id x
      %below = arith.cmpi slt, %id, %n : index
      scf.if %below {
        %v = arith.index_cast %id : index to i32
        %v1 = arith.addi %v, %one : i32
        memref.store %v1, %out[%c1, %id] : memref<3x192xi32>
      }
      gpu.terminator
    }
    %lo = arith.subi %n, %c70 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %id = gpu.global_id x
      %above = arith.cmpi slt, %lo, %id : index
      %below = arith.cmpi ult, %id, %n : index
      %between = arith.andi %above, %below : i1
      scf.if %between {
        %v = arith.index_cast %id : index to i32
        %v1 = arith.addi %v, %one : i32
        memref.store %v1, %out[%c2, %id] : memref<3x192xi32>
      }
      gpu.terminator
    }
    %counts:2 = scf.for %i = %c0 to %c192 step %c1 iter_args(%w = %wrong, %k = %written) -> (i32, i32) {
      %ii = arith.index_cast %i : index to i32
      %passed = arith.addi %ii, %one : i32
      %u = arith.cmpi ult, %i, %n : index
      %s = arith.cmpi slt, %i, %n : index
      %want_u = arith.select %u, %passed, %zero : i32
      %want_s = arith.select %s, %passed, %zero : i32
      %got_u = memref.load %out[%c0, %i] : memref<3x192xi32>
      %got_s = memref.load %out[%c1, %i] : memref<3x192xi32>
      %bad_u = arith.cmpi ne, %got_u, %want_u : i32
      %bad_s = arith.cmpi ne, %got_s, %want_s : i32
      %after = arith.cmpi slt, %lo, %i : index
      %r = arith.andi %after, %u : i1
      %want_r = arith.select %r, %passed, %zero : i32
      %got_r = memref.load %out[%c2, %i] : memref<3x192xi32>
      %bad_r = arith.cmpi ne, %got_r, %want_r : i32
      %bad_u_i32 = arith.extui %bad_u : i1 to i32
      %bad_s_i32 = arith.extui %bad_s : i1 to i32
      %bad_r_i32 = arith.extui %bad_r : i1 to i32
      %w1 = arith.addi %w, %bad_u_i32 : i32
      %w2 = arith.addi %w1, %bad_s_i32 : i32
      %w3 = arith.addi %w2, %bad_r_i32 : i32
      %wrote_u = arith.cmpi ne, %got_u, %zero : i32
      %wrote_s = arith.cmpi ne, %got_s, %zero : i32
      %wrote_r = arith.cmpi ne, %got_r, %zero : i32
      %k_u = arith.extui %wrote_u : i1 to i32
      %k_s = arith.extui %wrote_s : i1 to i32
      %k_r = arith.extui %wrote_r : i1 to i32
      %k1 = arith.addi %k, %k_u : i32
      %k2 = arith.addi %k1, %k_s : i32
      %k3 = arith.addi %k2, %k_r : i32
      scf.yield %w3, %k3 : i32, i32
    }
    scf.yield %counts#0, %counts#1 : i32, i32
  }
  %r = memref.alloca() : memref<2xi32>
  memref.store %result#0, %r[%c0] : memref<2xi32>
  memref.store %result#1, %r[%c1] : memref<2xi32>
  %rc = memref.cast %r : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%rc) : (memref<*xi32>) -> ()
  return
}
// CHECK: {{\[}}0, 1874]

// Bounds tests on the global id beside a store that every thread makes, in
// 3 blocks of 64 threads, for the same n: `out[0][id] = id < n ? id + 1 :
// -1` (unsigned, a branch with results) and `out[1][id] = n < id ? id + 1 :
// -1` (signed, a select); and a test on the global id in y, `if (n < id)`
// (unsigned) in 3 blocks of 8 x 64 threads, each that passes adding 1 to
// out[2][id]; for the same n, then INT64_MIN and INT64_MAX. [elements not
// as the host expects, elements that passed the first two]: 1188 pass the
// first (as above, then 192 and 192), 1111 the second (191, 190, 128, 127,
// 91, 0, 0, 192, then 192 and 0).
func.func @split_tests() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %c192 = arith.constant 192 : index
  %zero = arith.constant 0 : i32
  %one = arith.constant 1 : i32
  %none = arith.constant -1 : i32
  %eight = arith.constant 8 : i32
  %out = gpu.alloc host_shared () : memref<3x192xi32>
  %c10 = arith.constant 10 : index
  %bounds = memref.alloca() : memref<10xindex>
  %values = arith.constant dense<[0, 1, 63, 64, 100, 192, 1000, -5, -9223372036854775808, 9223372036854775807]> : vector<10xindex>
  vector.store %values, %bounds[%c0] : memref<10xindex>, vector<10xindex>
  %result:2 = scf.for %b = %c0 to %c10 step %c1 iter_args(%wrong = %zero, %passed = %zero) -> (i32, i32) {
    %n = memref.load %bounds[%b] : memref<10xindex>
    scf.for %i = %c0 to %c192 step %c1 {
      memref.store %zero, %out[%c0, %i] : memref<3x192xi32>
      memref.store %zero, %out[%c1, %i] : memref<3x192xi32>
      memref.store %zero, %out[%c2, %i] : memref<3x192xi32>
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %id = gpu.global_id x
      %below = arith.cmpi ult, %id, %n : index
      %v = scf.if %below -> i32 {
        %i32 = arith.index_cast %id : index to i32
        %v1 = arith.addi %i32, %one : i32
        scf.yield %v1 : i32
      } else {
        scf.yield %none : i32
      }
      memref.store %v, %out[%c0, %id] : memref<3x192xi32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c3, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %id = gpu.global_id x
      %above = arith.cmpi slt, %n, %id : index
      %i32 = arith.index_cast %id : index to i32
      %v1 = arith.addi %i32, %one : i32
      %v = arith.select %above, %v1, %none : i32
      memref.store %v, %out[%c1, %id] : memref<3x192xi32>
      gpu.terminator
    }
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c3, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c64, %sz = %c1) {
      %id = gpu.global_id y
      %above = arith.cmpi ult, %n, %id : index
      scf.if %above {
        %old = memref.atomic_rmw addi %one, %out[%c2, %id] : (i32, memref<3x192xi32>) -> i32
      }
      gpu.terminator
    }
    %counts:2 = scf.for %i = %c0 to %c192 step %c1 iter_args(%w = %wrong, %k = %passed) -> (i32, i32) {
      %ii = arith.index_cast %i : index to i32
      %plus = arith.addi %ii, %one : i32
      %u = arith.cmpi ult, %i, %n : index
      %s = arith.cmpi slt, %n, %i : index
      %want_u = arith.select %u, %plus, %none : i32
      %want_s = arith.select %s, %plus, %none : i32
      %got_u = memref.load %out[%c0, %i] : memref<3x192xi32>
      %got_s = memref.load %out[%c1, %i] : memref<3x192xi32>
      %bad_u = arith.cmpi ne, %got_u, %want_u : i32
      %bad_s = arith.cmpi ne, %got_s, %want_s : i32
      %bad_u_i32 = arith.extui %bad_u : i1 to i32
      %bad_s_i32 = arith.extui %bad_s : i1 to i32
      %w1 = arith.addi %w, %bad_u_i32 : i32
      %w2_xy = arith.addi %w1, %bad_s_i32 : i32
      %y_above = arith.cmpi ult, %n, %i : index
      %want_y = arith.select %y_above, %eight, %zero : i32
      %got_y = memref.load %out[%c2, %i] : memref<3x192xi32>
      %bad_y = arith.cmpi ne, %got_y, %want_y : i32
      %bad_y_i32 = arith.extui %bad_y : i1 to i32
      %w2 = arith.addi %w2_xy, %bad_y_i32 : i32
      %pass_u = arith.cmpi ne, %got_u, %none : i32
      %pass_s = arith.cmpi ne, %got_s, %none : i32
      %k_u = arith.extui %pass_u : i1 to i32
      %k_s = arith.extui %pass_s : i1 to i32
      %k1 = arith.addi %k, %k_u : i32
      %k2 = arith.addi %k1, %k_s : i32
      scf.yield %w2, %k2 : i32, i32
    }
    scf.yield %counts#0, %counts#1 : i32, i32
  }
  %r = memref.alloca() : memref<2xi32>
  memref.store %result#0, %r[%c0] : memref<2xi32>
  memref.store %result#1, %r[%c1] : memref<2xi32>
  %rc = memref.cast %r : memref<2xi32> to memref<*xi32>
  call @printMemrefI32(%rc) : (memref<*xi32>) -> ()
  return
}
// CHECK: {{\[}}0, 2299]

func.func @main() {
  call @across_threads() : () -> ()
  call @tree() : () -> ()
  call @grid_stride() : () -> ()
  call @bounds_tests() : () -> ()
  call @split_tests() : () -> ()
  return
}
