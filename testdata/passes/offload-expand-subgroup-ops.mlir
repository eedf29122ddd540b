// offload-expand-subgroup-ops, on each gpu.module: what convert-gpu-to-nvvm
// lacks, as shuffles and arithmetic. Subgroups are 32 threads, x fastest.
// With nvvm (the default), every gpu.subgroup_reduce and
// gpu.subgroup_broadcast takes place among the active lanes (activemask),
// which the last warp of a block whose size is no multiple of 32, and
// divergent code, have fewer of than 32: a reduction folds in a tree of
// indexed shuffles (a vector one element at a time), or, with keep-redux,
// is one redux.sync where that does it (32-bit integers, whole subgroup).
// Without nvvm (targets of other subgroup sizes), a reduction is upstream's
// butterfly shuffles. The pass has no errors that a user can cause.
// integration/subgroup-ops.mlir and integration/subgroup-reduce.mlir run
// these on the host; pipelines/parity/ compiles them for sm_90;
// tools/gpu_check.sh runs them, and random kernels with partial warps and
// reductions in branches, on a GPU.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-expand-subgroup-ops))' | FileCheck %s
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-expand-subgroup-ops{keep-redux}))' \
// RUN:   | FileCheck %s --check-prefix=REDUX
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-expand-subgroup-ops{nvvm=false}))' \
// RUN:   | FileCheck %s --check-prefix=BUTTERFLY

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

// A shuffle up among the lanes below its width: shfl.sync.up with those
// lanes as its members and no clamp (valid where lane - offset >= 0); 64
// bits in two halves. MLIR 22's own lowering clamps at 32 - width, where no
// lane below the width is valid. The other modes are left to it.
gpu.module @shuffle_up {
  // CHECK-LABEL: gpu.func @shuffle_up(
  // CHECK-SAME: %[[V:[^:]*]]: f32, %[[W:[^:]*]]: i64, %[[OFFSET:[^:]*]]: i32, %[[WIDTH:[^:]*]]: i32
  // CHECK: %[[C32:.*]] = arith.constant 32 : i32
  // CHECK: %[[LEAD:.*]] = arith.subi %[[C32]], %[[WIDTH]] : i32
  // CHECK: %[[ALL:.*]] = arith.constant -1 : i32
  // CHECK: %[[MEMBERS:.*]] = arith.shrui %[[ALL]], %[[LEAD]] : i32
  // CHECK: %[[BITS:.*]] = arith.bitcast %[[V]] : f32 to i32
  // CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
  // CHECK: %[[BOTH:.*]] = nvvm.shfl.sync up %[[MEMBERS]], %[[BITS]], %[[OFFSET]], %[[ZERO]] {return_value_and_is_valid} : i32 -> !llvm.struct<(i32, i1)>
  // CHECK: %[[VALID:.*]] = llvm.extractvalue %[[BOTH]][1]
  // CHECK: %[[GOT:.*]] = llvm.extractvalue %[[BOTH]][0]
  // CHECK: %[[R:.*]] = arith.bitcast %[[GOT]] : i32 to f32
  // CHECK: memref.store %[[R]]
  // CHECK: memref.store %[[VALID]]
  // CHECK-COUNT-2: nvvm.shfl.sync up
  // CHECK: gpu.shuffle down
  // CHECK-NOT: gpu.shuffle up
  // BUTTERFLY-LABEL: gpu.func @shuffle_up(
  // BUTTERFLY: gpu.shuffle up
  gpu.func @shuffle_up(%v: f32, %w: i64, %offset: i32, %width: i32,
                       %out: memref<1xf32>, %flags: memref<1xi1>,
                       %wide: memref<2xi64>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r, %valid = gpu.shuffle up %v, %offset, %width : f32
    memref.store %r, %out[%c0] : memref<1xf32>
    memref.store %valid, %flags[%c0] : memref<1xi1>
    %rw, %vw = gpu.shuffle up %w, %offset, %width : i64
    memref.store %rw, %wide[%c0] : memref<2xi64>
    %dw, %dv = gpu.shuffle down %w, %offset, %width : i64
    memref.store %dw, %wide[%c1] : memref<2xi64>
    gpu.return
  }
}

// -----

// A broadcast: shfl.sync among the active lanes, from the given lane or the
// lowest active one; 64 bits in two 32-bit shuffles.
gpu.module @broadcast {
  // CHECK-LABEL: gpu.func @broadcast(
  // CHECK-SAME: %[[V:[^:]*]]: f64, %[[LANE:[^:]*]]: i32, %[[I:[^:]*]]: i16
  // CHECK: %[[ACTIVE:.*]] = llvm.call_intrinsic "llvm.nvvm.activemask"() : () -> i32
  // CHECK: %[[FIRST:.*]] = "llvm.intr.cttz"(%[[ACTIVE]]) <{is_zero_poison = false}> : (i32) -> i32
  // CHECK: %[[BITS:.*]] = arith.bitcast %[[V]] : f64 to i64
  // CHECK: %[[LOW:.*]] = arith.trunci %[[BITS]] : i64 to i32
  // CHECK: nvvm.shfl.sync idx %[[ACTIVE]], %[[LOW]], %[[FIRST]], %{{.*}} : i32 -> i32
  // CHECK: %[[HIGH:.*]] = arith.trunci %{{.*}} : i64 to i32
  // CHECK: nvvm.shfl.sync idx %[[ACTIVE]], %[[HIGH]], %[[FIRST]], %{{.*}} : i32 -> i32
  // CHECK: arith.bitcast %{{.*}} : i64 to f64
  // CHECK: %[[ACTIVE2:.*]] = llvm.call_intrinsic "llvm.nvvm.activemask"()
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
  // Among the lanes that are active: a tree of five steps, in which each
  // lane takes the value of the member 1, 2, 4, 8 and 16 lanes above it
  // (fns counts the lane itself first: 2, 3, 5, 9, 17) where there is one,
  // then the lowest active lane's result. With keep-redux, redux.sync among
  // the active lanes; without nvvm, upstream's five butterfly steps.
  // CHECK-LABEL: gpu.func @redux_form(
  // CHECK-SAME: %[[V:[^:]*]]: i32
  // CHECK: %[[ACTIVE:.*]] = llvm.call_intrinsic "llvm.nvvm.activemask"()
  // CHECK: %[[LANE:.*]] = arith.index_cast %{{.*}} : index to i32
  // CHECK: %[[NONE:.*]] = arith.constant -1 : i32
  // CHECK: %[[TWO:.*]] = arith.constant 2 : i32
  // CHECK: %[[SRC:.*]] = llvm.call_intrinsic "llvm.nvvm.fns"(%[[ACTIVE]], %[[LANE]], %[[TWO]]
  // CHECK: %[[VALID:.*]] = arith.cmpi ne, %[[SRC]], %[[NONE]] : i32
  // CHECK: %[[FROM:.*]] = arith.select %[[VALID]], %[[SRC]], %[[LANE]] : i32
  // CHECK: %[[GOT:.*]] = nvvm.shfl.sync idx %[[ACTIVE]], %[[V]], %[[FROM]], %{{.*}} : i32 -> i32
  // CHECK: %[[SUM:.*]] = arith.addi %[[V]], %[[GOT]] : i32
  // CHECK: arith.select %[[VALID]], %[[SUM]], %[[V]] : i32
  // CHECK: arith.constant 3 : i32
  // CHECK: arith.constant 5 : i32
  // CHECK: arith.constant 9 : i32
  // CHECK: arith.constant 17 : i32
  // CHECK: nvvm.shfl.sync
  // CHECK: arith.addi
  // CHECK: %[[LAST:.*]] = arith.select
  // CHECK: %[[LOWEST:.*]] = "llvm.intr.cttz"(%[[ACTIVE]])
  // CHECK: %[[R:.*]] = nvvm.shfl.sync idx %[[ACTIVE]], %[[LAST]], %[[LOWEST]], %{{.*}} : i32 -> i32
  // CHECK: memref.store %[[R]]
  // REDUX-LABEL: gpu.func @redux_form(
  // REDUX-SAME: %[[V:[^:]*]]: i32
  // REDUX: %[[ACTIVE:.*]] = llvm.call_intrinsic "llvm.nvvm.activemask"()
  // REDUX: %[[R:.*]] = nvvm.redux.sync add %[[V]], %[[ACTIVE]] : i32 -> i32
  // REDUX-NOT: nvvm.shfl.sync
  // REDUX: memref.store %[[R]]
  // BUTTERFLY-LABEL: gpu.func @redux_form(
  // BUTTERFLY-SAME: %[[V:[^:]*]]: i32
  // BUTTERFLY: %[[S1:.*]], %{{.*}} = gpu.shuffle xor %[[V]], %{{.*}}, %{{.*}} : i32
  // BUTTERFLY: %[[A1:.*]] = arith.addi %[[V]], %[[S1]] : i32
  // BUTTERFLY-COUNT-4: gpu.shuffle xor
  // BUTTERFLY-NOT: gpu.shuffle
  // BUTTERFLY-NOT: gpu.subgroup_reduce
  // BUTTERFLY: gpu.return
  gpu.func @redux_form(%v: i32, %out: memref<1xi32>) kernel {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce add %v uniform : (i32) -> i32
    memref.store %r, %out[%c0] : memref<1xi32>
    gpu.return
  }

  // redux.sync among the active lanes for a reduction that is not uniform,
  // and for an unsigned minimum; a cluster of 4 folds in two steps among
  // the active lanes of the lane's cluster: the lanes of 0b1111 shifted to
  // the lane's cluster's first lane (lane - lane mod 4, plus lane mod the
  // stride, 1: nothing).
  // CHECK-LABEL: gpu.func @other_forms(
  // CHECK-NOT: gpu.subgroup_reduce
  // CHECK: gpu.return
  // REDUX-LABEL: gpu.func @other_forms(
  // REDUX-NOT: gpu.subgroup_reduce
  // REDUX: nvvm.redux.sync add
  // REDUX: nvvm.redux.sync umin
  // REDUX: %[[ACTIVE:.*]] = llvm.call_intrinsic "llvm.nvvm.activemask"()
  // REDUX: %[[FOUR:.*]] = arith.constant 4 : i32
  // REDUX: %[[IN_SPAN:.*]] = arith.remui %{{.*}}, %[[FOUR]] : i32
  // REDUX: %[[FIRST:.*]] = arith.subi %{{.*}}, %[[IN_SPAN]] : i32
  // REDUX: %[[PATTERN:.*]] = arith.constant 15 : i32
  // REDUX: %[[CLUSTER:.*]] = arith.shli %[[PATTERN]], %[[FIRST]] : i32
  // REDUX: %[[MEMBERS:.*]] = arith.andi %[[ACTIVE]], %[[CLUSTER]] : i32
  // REDUX-COUNT-2: llvm.call_intrinsic "llvm.nvvm.fns"(%[[MEMBERS]]
  // REDUX: "llvm.intr.cttz"(%[[MEMBERS]])
  // REDUX-NOT: gpu.subgroup_reduce
  // REDUX: gpu.return
  // BUTTERFLY-LABEL: gpu.func @other_forms(
  // BUTTERFLY-NOT: gpu.subgroup_reduce
  // BUTTERFLY: gpu.return
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

  // A vector: one reduction per element, each 64-bit value in two 32-bit
  // shuffles; without nvvm, in 64-bit shuffles.
  // CHECK-LABEL: gpu.func @wide_vector(
  // CHECK: vector.extract %{{.*}}[0] : f64 from vector<2xf64>
  // CHECK-COUNT-5: arith.maxnumf %{{.*}} : f64
  // CHECK: vector.insert %{{.*}} [0] : f64 into vector<2xf64>
  // CHECK: vector.extract %{{.*}}[1] : f64 from vector<2xf64>
  // CHECK-COUNT-5: arith.maxnumf %{{.*}} : f64
  // CHECK: vector.insert %{{.*}} [1] : f64 into vector<2xf64>
  // CHECK-NOT: gpu.subgroup_reduce
  // CHECK: gpu.return
  // BUTTERFLY-LABEL: gpu.func @wide_vector(
  // BUTTERFLY: vector.extract %{{.*}}[0] : f64 from vector<2xf64>
  // BUTTERFLY-COUNT-5: gpu.shuffle xor %{{.*}} : f64
  // BUTTERFLY: vector.insert %{{.*}} [0] : f64 into vector<2xf64>
  // BUTTERFLY: vector.extract %{{.*}}[1] : f64 from vector<2xf64>
  // BUTTERFLY-COUNT-5: gpu.shuffle xor %{{.*}} : f64
  // BUTTERFLY: vector.insert %{{.*}} [1] : f64 into vector<2xf64>
  // BUTTERFLY-NOT: gpu.subgroup_reduce
  // BUTTERFLY: gpu.return
  gpu.func @wide_vector(%v: vector<2xf64>, %out: memref<1xvector<2xf64>>) kernel {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce maxnumf %v : (vector<2xf64>) -> vector<2xf64>
    memref.store %r, %out[%c0] : memref<1xvector<2xf64>>
    gpu.return
  }

  // A vector of f16: one element at a time, each in a 32-bit shuffle of its
  // zero-extended bits.
  // CHECK-LABEL: gpu.func @narrow_vector(
  // CHECK: vector.extract %{{.*}}[0] : f16 from vector<2xf16>
  // CHECK: %[[BITS:.*]] = arith.bitcast %{{.*}} : f16 to i16
  // CHECK: %[[WORD:.*]] = arith.extui %[[BITS]] : i16 to i32
  // CHECK: nvvm.shfl.sync idx %{{.*}}, %[[WORD]]
  // CHECK-COUNT-5: arith.addf %{{.*}} : f16
  // CHECK: vector.extract %{{.*}}[1] : f16 from vector<2xf16>
  // CHECK-COUNT-5: arith.addf %{{.*}} : f16
  // CHECK-NOT: gpu.subgroup_reduce
  // CHECK: gpu.return
  gpu.func @narrow_vector(%v: vector<2xf16>, %out: memref<1xvector<2xf16>>) kernel {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce add %v : (vector<2xf16>) -> vector<2xf16>
    memref.store %r, %out[%c0] : memref<1xvector<2xf16>>
    gpu.return
  }
}

// -----

// An integer of 33 to 63 bits is shuffled as 64 bits.
gpu.module @odd_width {
  // CHECK-LABEL: gpu.func @odd_width(
  // CHECK: %[[WIDE:.*]] = arith.extui %{{.*}} : i48 to i64
  // CHECK: arith.shrui %[[WIDE]], %{{.*}} : i64
  // CHECK: arith.trunci %{{.*}} : i64 to i48
  // CHECK-NOT: gpu.subgroup_reduce
  gpu.func @odd_width(%v: i48, %out: memref<1xi48>) kernel {
    %c0 = arith.constant 0 : index
    %r = gpu.subgroup_reduce maxsi %v : (i48) -> i48
    memref.store %r, %out[%c0] : memref<1xi48>
    gpu.return
  }
}

// -----

// Clusters that do not fit in a subgroup: one error at the op, with any
// lowering.
gpu.module @wide_cluster {
  gpu.func @wide_cluster(%v: i32, %out: memref<1xi32>) kernel {
    %c0 = arith.constant 0 : index
    // expected-error @below {{has clusters of 16 lanes 4 apart, which span 64 lanes; a subgroup has 32}}
    %r = gpu.subgroup_reduce add %v cluster(size = 16, stride = 4) : (i32) -> i32
    memref.store %r, %out[%c0] : memref<1xi32>
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
