// offload-expand-subgroup-ops, on each gpu.module: what convert-gpu-to-nvvm
// lacks, as shuffles and arithmetic. Subgroups are 32 threads, x fastest.
// Every gpu.subgroup_reduce becomes butterfly shuffles (a vector of wide
// elements one element at a time); with keep-redux, the uniform,
// whole-subgroup i32 reductions that redux.sync does (add, and, or, xor,
// signed min and max) are left to convert-gpu-to-nvvm. The pass has no errors
// that a user can cause.
// integration/subgroup-ops.mlir and integration/subgroup-reduce.mlir run
// these on the host; pipelines/parity/ compiles them for sm_90.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-expand-subgroup-ops))' | FileCheck %s
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-expand-subgroup-ops{keep-redux}))' \
// RUN:   | FileCheck %s --check-prefix=REDUX

gpu.module @ids {
  // CHECK-LABEL: gpu.func @ids(
  // CHECK-NOT: gpu.subgroup_size
  // CHECK: %[[C32:.*]] = arith.constant 32 : index
  // The subgroup id: the linear thread id over 32.
  // CHECK: %[[TZ:.*]] = gpu.thread_id z
  // CHECK: %[[TY:.*]] = gpu.thread_id y
  // CHECK: %[[BY:.*]] = gpu.block_dim y
  // CHECK: %[[ZY:.*]] = arith.muli %[[TZ]], %[[BY]] : index
  // CHECK: %[[ZYY:.*]] = arith.addi %[[ZY]], %[[TY]] : index
  // CHECK: %[[TX:.*]] = gpu.thread_id x
  // CHECK: %[[BX:.*]] = gpu.block_dim x
  // CHECK: %[[ZYX:.*]] = arith.muli %[[ZYY]], %[[BX]] : index
  // CHECK: %[[LINEAR:.*]] = arith.addi %[[ZYX]], %[[TX]] : index
  // CHECK: %[[ID:.*]] = arith.divui %[[LINEAR]], %{{.*}} : index
  // The count: the block's threads over 32, rounded up.
  // CHECK: %[[N:.*]] = arith.ceildivui %{{.*}}, %{{.*}} : index
  // CHECK: memref.store %[[C32]], %{{.*}}[%{{.*}}]
  // CHECK: memref.store %[[ID]], %{{.*}}[%{{.*}}]
  // CHECK: memref.store %[[N]], %{{.*}}[%{{.*}}]
  // CHECK-NOT: gpu.subgroup_id
  // CHECK-NOT: gpu.num_subgroups
  gpu.func @ids(%out: memref<3xindex>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %size = gpu.subgroup_size : index
    %id = gpu.subgroup_id : index
    %count = gpu.num_subgroups : index
    memref.store %size, %out[%c0] : memref<3xindex>
    memref.store %id, %out[%c1] : memref<3xindex>
    memref.store %count, %out[%c2] : memref<3xindex>
    gpu.return
  }
}

// -----

// A rotation among the lanes below its width: lane (id + offset) mod width,
// by an indexed shuffle; the other lanes keep their value and are not valid.
gpu.module @rotate {
  // CHECK-LABEL: gpu.func @rotate(
  // CHECK-SAME: %[[OUT:[^:]*]]: memref<2xf32>, %[[V:[^:]*]]: f32, %[[FLAGS:[^:]*]]: memref<2xi1>
  // CHECK: %[[WIDTH:.*]] = arith.constant 16 : i32
  // CHECK: %[[LANE_INDEX:.*]] = gpu.lane_id upper_bound 32
  // CHECK: %[[LANE:.*]] = arith.index_cast %[[LANE_INDEX]] : index to i32
  // CHECK: %[[MASK:.*]] = arith.constant 15 : i32
  // CHECK: %[[OFFSET:.*]] = arith.constant 3 : i32
  // CHECK: %[[SUM:.*]] = arith.addi %[[LANE]], %[[OFFSET]] : i32
  // CHECK: %[[SOURCE:.*]] = arith.andi %[[SUM]], %[[MASK]] : i32
  // CHECK: %[[IN:.*]] = arith.cmpi ult, %[[LANE]], %[[WIDTH]] : i32
  // CHECK: %[[R:.*]] = scf.if %[[IN]] -> (f32) {
  // CHECK-NEXT: %[[S:.*]], %{{.*}} = gpu.shuffle idx %[[V]], %[[SOURCE]], %[[WIDTH]] : f32
  // CHECK-NEXT: scf.yield %[[S]] : f32
  // CHECK-NEXT: } else {
  // CHECK-NEXT: scf.yield %[[V]] : f32
  // CHECK: memref.store %[[R]], %[[OUT]]
  // CHECK: memref.store %[[IN]], %[[FLAGS]]
  // CHECK-NOT: gpu.rotate
  gpu.func @rotate(%out: memref<2xf32>, %v: f32, %flags: memref<2xi1>) kernel {
    %c0 = arith.constant 0 : index
    %r, %valid = gpu.rotate %v, 3, 16 : f32
    memref.store %r, %out[%c0] : memref<2xf32>
    memref.store %valid, %flags[%c0] : memref<2xi1>
    gpu.return
  }
}

// -----

// A broadcast: shfl.sync among the active lanes, from the given lane or the
// lowest active one; 64 bits in two 32-bit shuffles.
gpu.module @broadcast {
  // CHECK-LABEL: gpu.func @broadcast(
  // CHECK-SAME: %[[V:[^:]*]]: f64, %[[LANE:[^:]*]]: i32, %[[I:[^:]*]]: i16
  // CHECK: %[[ACTIVE:.*]] = llvm.inline_asm has_side_effects "activemask.b32 $0;", "=r" : () -> i32
  // CHECK: %[[FIRST:.*]] = "llvm.intr.cttz"(%[[ACTIVE]]) <{is_zero_poison = false}> : (i32) -> i32
  // CHECK: %[[BITS:.*]] = arith.bitcast %[[V]] : f64 to i64
  // CHECK: %[[LOW:.*]] = arith.trunci %[[BITS]] : i64 to i32
  // CHECK: nvvm.shfl.sync idx %[[ACTIVE]], %[[LOW]], %[[FIRST]], %{{.*}} : i32 -> i32
  // CHECK: %[[HIGH:.*]] = arith.trunci %{{.*}} : i64 to i32
  // CHECK: nvvm.shfl.sync idx %[[ACTIVE]], %[[HIGH]], %[[FIRST]], %{{.*}} : i32 -> i32
  // CHECK: arith.bitcast %{{.*}} : i64 to f64
  // CHECK: %[[ACTIVE2:.*]] = llvm.inline_asm has_side_effects "activemask.b32 $0;"
  // CHECK: %[[WORD:.*]] = arith.extui %[[I]] : i16 to i32
  // CHECK: %[[GOT:.*]] = nvvm.shfl.sync idx %[[ACTIVE2]], %[[WORD]], %[[LANE]], %{{.*}} : i32 -> i32
  // CHECK: arith.trunci %[[GOT]] : i32 to i16
  // CHECK-NOT: gpu.subgroup_broadcast
  gpu.func @broadcast(%v: f64, %lane: i32, %i: i16, %out: memref<1xf64>, %outi: memref<1xi16>) kernel {
    %c0 = arith.constant 0 : index
    %a = gpu.subgroup_broadcast %v, first_active_lane : f64
    %b = gpu.subgroup_broadcast %i, specific_lane %lane : i16
    memref.store %a, %out[%c0] : memref<1xf64>
    memref.store %b, %outi[%c0] : memref<1xi16>
    gpu.return
  }
}

// -----

gpu.module @reduce {
  // A uniform whole-subgroup i32 add: five butterfly steps, unless
  // keep-redux leaves it to redux.sync.
  // CHECK-LABEL: gpu.func @redux_form(
  // CHECK-SAME: %[[V:[^:]*]]: i32
  // CHECK: %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[V]], %{{.*}}, %{{.*}} : i32
  // CHECK: %[[A1:.*]] = arith.addi %[[V]], %[[S1]] : i32
  // CHECK-COUNT-4: gpu.shuffle xor
  // CHECK-NOT: gpu.shuffle
  // CHECK-NOT: gpu.subgroup_reduce
  // CHECK: gpu.return
  // REDUX-LABEL: gpu.func @redux_form(
  // REDUX: gpu.subgroup_reduce add %{{.*}} uniform : (i32) -> i32
  // REDUX-NOT: gpu.shuffle
  // REDUX: gpu.return
  gpu.func @redux_form(%v: i32, %out: memref<1xi32>) kernel {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce add %v uniform : (i32) -> i32
    memref.store %r, %out[%c0] : memref<1xi32>
    gpu.return
  }

  // What redux.sync does not do is expanded with keep-redux too: not
  // uniform, unsigned minimum (which MLIR 22 does not map to redux.sync), a
  // cluster.
  // CHECK-LABEL: gpu.func @other_forms(
  // CHECK-NOT: gpu.subgroup_reduce
  // CHECK: gpu.return
  // REDUX-LABEL: gpu.func @other_forms(
  // REDUX-NOT: gpu.subgroup_reduce
  // REDUX-COUNT-5: arith.addi
  // REDUX-COUNT-5: arith.minui
  // A cluster of 4: two steps.
  // REDUX-COUNT-2: arith.addi
  // REDUX-NOT: gpu.subgroup_reduce
  // REDUX: gpu.return
  gpu.func @other_forms(%v: i32, %out: memref<3xi32>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = gpu.subgroup_reduce add %v : (i32) -> i32
    %b = gpu.subgroup_reduce minui %v uniform : (i32) -> i32
    %c = gpu.subgroup_reduce add %v uniform cluster(size = 4) : (i32) -> i32
    memref.store %a, %out[%c0] : memref<3xi32>
    memref.store %b, %out[%c1] : memref<3xi32>
    memref.store %c, %out[%c2] : memref<3xi32>
    gpu.return
  }

  // A vector of 64-bit elements: one reduction per element, each in 64-bit
  // shuffles.
  // CHECK-LABEL: gpu.func @wide_vector(
  // CHECK: vector.extract %{{.*}}[0] : f64 from vector<2xf64>
  // CHECK-COUNT-5: gpu.shuffle xor %{{.*}} : f64
  // CHECK: vector.insert %{{.*}} [0] : f64 into vector<2xf64>
  // CHECK: vector.extract %{{.*}}[1] : f64 from vector<2xf64>
  // CHECK-COUNT-5: gpu.shuffle xor %{{.*}} : f64
  // CHECK: vector.insert %{{.*}} [1] : f64 into vector<2xf64>
  // CHECK-NOT: gpu.subgroup_reduce
  // CHECK: gpu.return
  gpu.func @wide_vector(%v: vector<2xf64>, %out: memref<1xvector<2xf64>>) kernel {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce maxnumf %v : (vector<2xf64>) -> vector<2xf64>
    memref.store %r, %out[%c0] : memref<1xvector<2xf64>>
    gpu.return
  }
}

// -----

// Host code is no gpu.module: nothing there changes.
// CHECK-LABEL: func.func @host
// CHECK: gpu.subgroup_size : index
func.func @host(%out: memref<1xindex>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %size = gpu.subgroup_size : index
    memref.store %size, %out[%c0] : memref<1xindex>
    gpu.terminator
  }
  return
}
