// RUN: offload-opt %s --offload-attach-target | FileCheck %s --check-prefix=ALL
// RUN: offload-opt %s --offload-attach-target='module=dev.* chip=sm_90a features=+ptx86 O=3 fast ftz l=a.bc,b.bc ptxas-options=--maxrregcount=64' \
// RUN:   | FileCheck %s --check-prefix=SOME
// Attaching twice adds nothing.
// RUN: offload-opt %s --offload-attach-target --offload-attach-target | FileCheck %s --check-prefix=ALL

// ALL: gpu.module @device_a [#offload.cuda]
// ALL: gpu.module @device_b [#nvvm.target, #offload.cuda]
// ALL: gpu.module @other [#offload.cuda]

// SOME: gpu.module @device_a [#offload.cuda<O = 3, chip = "sm_90a", features = "+ptx86", flags = {fast, ftz}, link = ["a.bc", "b.bc"], ptxasOptions = ["--maxrregcount=64"]>]
// SOME: gpu.module @device_b [#nvvm.target, #offload.cuda<O = 3, chip = "sm_90a"
// SOME: gpu.module @other {

module attributes {gpu.container_module} {
  gpu.module @device_a {
  }
  gpu.module @device_b [#nvvm.target] {
  }
  gpu.module @other {
  }
}
