// Four times: the crash below came in about one run of four.
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' \
// RUN:   | FileCheck %s
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' \
// RUN:   | FileCheck %s
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' \
// RUN:   | FileCheck %s
// RUN: offload-opt %s --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))' \
// RUN:   | FileCheck %s

// offload-lower-gpu-to-host runs on each gpu.module apart, on several
// threads at once. Each module's conversion of its math ops stays inside
// the module: it once analysed a copy of the whole program (the closest
// ancestor isolated from above of the module), which it copied while other
// threads were rewriting its other modules, and crashed in 8 runs of 30
// of this file on two cores. Each kernel's math.exp and math.sin become LLVM
// intrinsics, its math.erf a call of libm's erff.

// CHECK-LABEL: gpu.module @m0
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m1
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m2
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m3
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m4
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m5
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m6
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m7
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m8
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m9
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m10
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff
// CHECK-LABEL: gpu.module @m11
// CHECK: llvm.intr.exp
// CHECK: llvm.intr.sin
// CHECK: llvm.call @erff

gpu.module @m0 {
  gpu.func @k0(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m1 {
  gpu.func @k1(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m2 {
  gpu.func @k2(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m3 {
  gpu.func @k3(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m4 {
  gpu.func @k4(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m5 {
  gpu.func @k5(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m6 {
  gpu.func @k6(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m7 {
  gpu.func @k7(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m8 {
  gpu.func @k8(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m9 {
  gpu.func @k9(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m10 {
  gpu.func @k10(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}

gpu.module @m11 {
  gpu.func @k11(%a: memref<?xf32>, %n: index) kernel {
    %g = gpu.global_id x
    %inside = arith.cmpi ult, %g, %n : index
    scf.if %inside {
      %v = memref.load %a[%g] : memref<?xf32>
      %e = math.exp %v : f32
      %s = math.sin %e : f32
      %t = math.erf %s : f32
      memref.store %t, %a[%g] : memref<?xf32>
    }
    gpu.return
  }
}
