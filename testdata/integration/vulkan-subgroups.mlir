// Subgroup ids at an odd block (13 threads), where the last subgroup is
// partial: num_subgroups is the subgroups the block has (lavapipe's
// NumSubgroups rounds 13 / 8 down), every subgroup_id is below it, and
// subgroup_id and lane_id place thread t at t / subgroup_size and
// t % subgroup_size. A module whose only subgroup operations are these ids
// declares the GroupNonUniform capability their built-ins need. The second
// kernel counts each subgroup's lanes with gpu.subgroup_reduce: the ids and
// the reductions agree on who is in which subgroup. Each check prints 1.
//
// Runs on every target (lit.local.cfg).

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %ids = gpu.alloc host_shared () : memref<4x13xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c13, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k13 = arith.constant 13 : index
    %t = gpu.thread_id x
    %n = gpu.num_subgroups : index
    %s = gpu.subgroup_id : index
    %l = gpu.lane_id
    %z = gpu.subgroup_size : index
    %zm1 = arith.subi %z, %k1 : index
    %up = arith.addi %k13, %zm1 : index
    %expected_n = arith.divui %up, %z : index
    %n_ok = arith.cmpi eq, %n, %expected_n : index
    %s_below = arith.cmpi ult, %s, %n : index
    %expected_s = arith.divui %t, %z : index
    %s_ok = arith.cmpi eq, %s, %expected_s : index
    %expected_l = arith.remui %t, %z : index
    %l_ok = arith.cmpi eq, %l, %expected_l : index
    %n_i = arith.extui %n_ok : i1 to i32
    %below_i = arith.extui %s_below : i1 to i32
    %s_i = arith.extui %s_ok : i1 to i32
    %l_i = arith.extui %l_ok : i1 to i32
    memref.store %n_i, %ids[%c0, %t] : memref<4x13xi32>
    memref.store %below_i, %ids[%k1, %t] : memref<4x13xi32>
    memref.store %s_i, %ids[%k2, %t] : memref<4x13xi32>
    memref.store %l_i, %ids[%k3, %t] : memref<4x13xi32>
    gpu.terminator
  }
  %ids_any = memref.cast %ids : memref<4x13xi32> to memref<*xi32>
  // CHECK: {{\[\[}}1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  // CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  // CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1],
  // CHECK-NEXT: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]]
  call @printMemrefI32(%ids_any) : (memref<*xi32>) -> ()

  %counts = gpu.alloc host_shared () : memref<13xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c13, %sy = %c1, %sz = %c1) {
    %k13 = arith.constant 13 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %lanes = gpu.subgroup_reduce add %one : (i32) -> i32
    // The lanes of subgroup s: min(size, 13 - s * size).
    %s = gpu.subgroup_id : index
    %z = gpu.subgroup_size : index
    %first = arith.muli %s, %z : index
    %rest = arith.subi %k13, %first : index
    %expected = arith.minui %z, %rest : index
    %expected_i = arith.index_cast %expected : index to i32
    %ok = arith.cmpi eq, %lanes, %expected_i : i32
    %ok_i = arith.extui %ok : i1 to i32
    memref.store %ok_i, %counts[%t] : memref<13xi32>
    gpu.terminator
  }
  %counts_any = memref.cast %counts : memref<13xi32> to memref<*xi32>
  // CHECK: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]
  call @printMemrefI32(%counts_any) : (memref<*xi32>) -> ()
  gpu.dealloc %ids : memref<4x13xi32>
  gpu.dealloc %counts : memref<13xi32>
  return
}
