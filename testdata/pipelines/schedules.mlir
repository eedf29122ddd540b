// A nested builtin.module that holds a transform schedule (what
// transform-interpreter ran before the pipeline) or nothing (what erasing
// the schedule leaves) is no code: the pipelines erase it, as
// -test-transform-dialect-erase-schedule would, and compile the rest. A
// nested module with code still is an error (where-pipelines-run.mlir).
//
// RUN: offload-opt %s --split-input-file --offload-lower-to-host | FileCheck %s
// RUN: offload-opt %s --split-input-file --offload-drop-schedules | FileCheck %s --check-prefix=DROPPED
// CHECK-NOT: transform.
// CHECK-NOT: module attributes {transform.with_named_sequence}
// CHECK: gpu.binary @main_kernel <#offload.loader> [#gpu.object<#offload.host
// CHECK: gpu.binary @main_kernel <#offload.loader> [#gpu.object<#offload.host
// DROPPED-NOT: transform.
// DROPPED: func.func @main
// DROPPED-NOT: transform.
// DROPPED: func.func @main

module {
  func.func @main(%buffer: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%a = %c4, %b = %c1, %c = %c1) {
      memref.store %one, %buffer[%tx] : memref<4xf32>
      gpu.terminator
    }
    return
  }
  module attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      %loops = transform.structured.match ops{["scf.parallel"]} in %root : (!transform.any_op) -> !transform.any_op
      transform.yield
    }
  }
}

// -----

module {
  func.func @main(%buffer: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1.0 : f32
    gpu.launch blocks(%bx, %by, %bz) in (%x = %c1, %y = %c1, %z = %c1)
               threads(%tx, %ty, %tz) in (%a = %c4, %b = %c1, %c = %c1) {
      memref.store %one, %buffer[%tx] : memref<4xf32>
      gpu.terminator
    }
    return
  }
  module attributes {transform.with_named_sequence} {
  }
}
