// offload-drop-schedules: erases each builtin.module nested directly in the
// one the pass runs on that holds no code: a transform schedule (what
// transform-interpreter ran before the pipeline), nothing, or only nested
// modules that hold no code. A nested module with code is kept, whole, for
// offload-check-input to report. The pass has no errors.
// pipelines/schedules.mlir runs the same through offload-lower-to-host.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-drop-schedules | FileCheck %s

// CHECK-LABEL: module @schedule
// CHECK-NEXT: func.func @main
// CHECK-NOT: module
// CHECK-NOT: transform.
module @schedule {
  func.func @main() {
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

// What erasing a schedule leaves, a named schedule, and modules that hold
// only those: all erased.
// CHECK-LABEL: module @no_code
// CHECK-NEXT: func.func @main
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
module @no_code {
  module {
  }
  func.func @main() {
    return
  }
  module @named_schedule attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      transform.yield
    }
  }
  module {
    module {
    }
    module attributes {transform.with_named_sequence} {
      transform.named_sequence @other(%root: !transform.any_op {transform.readonly}) {
        transform.yield
      }
    }
  }
}

// -----

// A nested module with code is kept as it is, the schedule in it included;
// a gpu.module is code. Only the modules directly inside are looked at.
// CHECK-LABEL: module @code
// CHECK-NEXT: module @host_code {
// CHECK-NEXT: func.func @f
// CHECK: module attributes {transform.with_named_sequence}
// CHECK-NEXT: transform.named_sequence @__transform_main
// CHECK: module @kernels attributes {gpu.container_module} {
// CHECK-NEXT: gpu.module @k
// CHECK: module @deep {
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @g
module @code {
  module @host_code {
    func.func @f() {
      return
    }
    module attributes {transform.with_named_sequence} {
      transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
        transform.yield
      }
    }
  }
  module @kernels attributes {gpu.container_module} {
    gpu.module @k {
    }
  }
  module @deep {
    module {
      func.func @g() {
        return
      }
    }
  }
}
