// offload-check-input: the pipelines' first check. A nested builtin.module
// with code is an error at the outermost such module (the pipelines lower
// only the module they run on, and the translation to LLVM IR would drop
// it), the first one only; nested modules that hold no code (a transform
// schedule, nothing) pass, and are left in place. Then each gpu.printf's
// format is checked against its arguments: one error per op, and a warning
// for an argument left over or of another kind or size than its conversion
// reads. pipelines/printf-formats.mlir has every format
// error, pipelines/printf-left-over.mlir the warning through the pipelines.
// A kernel's known_block_size and known_grid_size are at least 1 in each
// dimension, and a launch's constant sizes are the kernel's known ones. The
// pass changes nothing.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-check-input | FileCheck %s

// Schedules and empty modules, nested or not, are no code.
// CHECK-LABEL: module @no_code
// CHECK: module @schedule attributes {transform.with_named_sequence}
// CHECK: module @empty {
// CHECK: module @holds_no_code {
// CHECK: func.func @main
module @no_code {
  module @schedule attributes {transform.with_named_sequence} {
    transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
      transform.yield
    }
  }
  module @empty {
  }
  module @holds_no_code {
    module {
    }
  }
  func.func @main() {
    return
  }
}

// -----

module @outer {
  // expected-error @below {{nested builtin.module @inner is not lowered by the pipeline, and the translation to LLVM IR would drop it: run the pipeline on it (anchor it at builtin.module(builtin.module(...))) or move its contents into the outer module}}
  module @inner {
    func.func @main() {
      return
    }
  }
}

// -----

// A module without a name: none in the message. The outermost module with
// code in it is the one reported, and the first such module only.
module @outer {
  module @schedule attributes {transform.with_named_sequence} {
  }
  // expected-error @below {{nested builtin.module is not lowered by the pipeline, and the translation to LLVM IR would drop it}}
  module {
    module @deeper {
      func.func @main() {
        return
      }
    }
  }
  module @second {
    func.func @other() {
      return
    }
  }
}

// -----

// Formats that printf reads as gpu.printf passes them pass.
// CHECK-LABEL: module @good_formats
// CHECK: gpu.printf "%d %hhu %ld %zu %.3f %c %p %%\0A"
module @good_formats {
  gpu.module @kernels {
    gpu.func @k(%i: i32, %b: i8, %l: i64, %x: index, %f: f32, %c: i16) kernel {
      gpu.printf "%d %hhu %ld %zu %.3f %c %p %%\n", %i, %b, %l, %x, %f, %c, %x
          : i32, i8, i64, index, f32, i16, index
      gpu.return
    }
  }
}

// -----

// In kernels and in launches alike; the first wrong gpu.printf is reported.
module @printf_in_launch {
  func.func @main(%i: i64) {
    %c1 = arith.constant 1 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      // expected-warning @below {{gpu.printf format conversion 1 ('%d'): argument 1 is 'i64', and '%d' reads an integer of 32 bits (gpu.printf passes integers of up to 32 bits as int, index as a 64-bit integer, f16, bf16 and f32 as double): every target prints the argument's low 32 bits, as a GPU's printf reads them}}
      gpu.printf "%d\n", %i : i64
      // expected-error @below {{gpu.printf format conversion 1 ('%s'): '%s' reads a string, and gpu.printf passes numbers only}}
      gpu.printf "%s\n", %i : i64
      gpu.printf "%n\n", %i : i64
      gpu.terminator
    }
    return
  }
}

// -----

module @missing_argument {
  gpu.module @kernels {
    gpu.func @k(%i: i32) kernel {
      // expected-error @below {{gpu.printf format conversion 2 ('%x'): it reads argument 2, and gpu.printf has 1: printf would read memory that holds no argument}}
      gpu.printf "%d %x\n", %i : i32
      gpu.return
    }
  }
}

// -----

// An argument left over is a warning; the module passes.
// CHECK-LABEL: module @left_over
// CHECK: gpu.printf "%f\0A", %{{.*}}, %{{.*}} : f64, i32
module @left_over {
  gpu.module @kernels {
    gpu.func @k(%d: f64, %i: i32) kernel {
      // expected-warning @below {{gpu.printf has 2 arguments, and its format reads 1; the rest are not printed}}
      gpu.printf "%f\n", %d, %i : f64, i32
      gpu.return
    }
  }
}

// -----

// A kernel's known sizes must each be at least 1 (ptxas refused a zero
// maxntid, and the host and Vulkan targets took it silently).
module @zero_block {
  gpu.module @kernels {
    // expected-error @below {{kernel @k has known_block_size = [0, 1, 1], and each dimension must be at least 1: no launch could run it}}
    gpu.func @k() kernel attributes {known_block_size = array<i32: 0, 1, 1>} {
      gpu.return
    }
  }
}

// -----

module @negative_grid {
  gpu.module @kernels {
    // expected-error @below {{kernel @k has known_grid_size = [4, -1, 1], and each dimension must be at least 1: no launch could run it}}
    gpu.func @k() kernel attributes {known_grid_size = array<i32: 4, -1, 1>} {
      gpu.return
    }
  }
}

// -----

// Known sizes of at least 1 pass.
// CHECK-LABEL: module @known_sizes
// CHECK: known_block_size = array<i32: 32, 2, 1>
module @known_sizes {
  gpu.module @kernels {
    gpu.func @k() kernel attributes {known_block_size = array<i32: 32, 2, 1>, known_grid_size = array<i32: 1, 1, 1>} {
      gpu.return
    }
  }
}

// -----

// A launch whose constant sizes are the known ones, or not constant, passes;
// one that a known size rules out is an error at the launch.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fixed() kernel attributes {known_block_size = array<i32: 128, 1, 1>,
                                         known_grid_size = array<i32: 8, 1, 1>} {
      gpu.return
    }
    gpu.func @any() kernel {
      gpu.return
    }
  }
  func.func @launches(%n: index) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    gpu.launch_func @kernels::@fixed blocks in (%c8, %c1, %c1) threads in (%c128, %c1, %c1)
    gpu.launch_func @kernels::@fixed blocks in (%n, %c1, %c1) threads in (%n, %c1, %c1)
    gpu.launch_func @kernels::@any blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
    // expected-error @below {{this launch's block is 64 in dimension x, but kernel @fixed was compiled for blocks of (128, 1, 1) (known_block_size), which its code takes as constants: it cannot run this launch}}
    gpu.launch_func @kernels::@fixed blocks in (%c8, %c1, %c1) threads in (%c64, %c1, %c1)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fixed() kernel attributes {known_grid_size = array<i32: 8, 1, 1>} {
      gpu.return
    }
  }
  func.func @launches() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    // expected-error @below {{this launch's grid is 2 in dimension z, but kernel @fixed was compiled for grids of (8, 1, 1) (known_grid_size), which its code takes as constants: it cannot run this launch}}
    gpu.launch_func @kernels::@fixed blocks in (%c8, %c1, %c2) threads in (%c1, %c1, %c1)
    return
  }
}

// -----

// A constant size is taken whole: a block of 2^32 + 128 threads is not the
// 128 that its low 32 bits say.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fixed() kernel attributes {known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
  func.func @launches() {
    %c1 = arith.constant 1 : index
    %huge = arith.constant 4294967424 : index
    // expected-error @below {{this launch's block is 4294967424 in dimension x, but kernel @fixed was compiled for blocks of (128, 1, 1) (known_block_size), which its code takes as constants: it cannot run this launch}}
    gpu.launch_func @kernels::@fixed blocks in (%c1, %c1, %c1) threads in (%huge, %c1, %c1)
    return
  }
}
