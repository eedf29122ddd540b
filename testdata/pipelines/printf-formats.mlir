// gpu.printf's format against its arguments, as printf and CUDA's vprintf
// read them after C's promotions: each that no target can print is one
// error at the op,
// from the pipelines' first pass (for every target) and from the host
// lowering (which calls the C library's printf: `%n` or `%s` there would
// write or read through a number, a missing argument read what was never
// passed). An argument left over is a warning (printf-left-over.mlir), and
// so is one of another kind or size than its conversion reads
// (integration/printf-mismatched-arguments.mlir).
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics --offload-check-input
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-host))'
// RUN: %expect_exit 1 offload-opt %s --split-input-file --offload-lower-to-host 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXIT --implicit-check-not='Stack dump'
// EXIT: error: gpu.printf format conversion 1 ('%n'): '%n' writes to memory through its argument, which gpu.printf cannot give it

gpu.module @m {
  gpu.func @k(%i: i32) kernel {
    // expected-error @below {{gpu.printf format conversion 1 ('%n'): '%n' writes to memory through its argument, which gpu.printf cannot give it}}
    gpu.printf "%n", %i : i32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%i: i32) kernel {
    // expected-error @below {{gpu.printf format conversion 2 ('%s'): '%s' reads a string, and gpu.printf passes numbers only}}
    gpu.printf "%d %s\n", %i, %i : i32, i32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%i: i32) kernel {
    // expected-error @below {{gpu.printf format conversion 2 ('%d'): it reads argument 2, and gpu.printf has 1: printf would read memory that holds no argument}}
    gpu.printf "%d and %d\n", %i : i32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%f: f64) kernel {
    // expected-error @below {{gpu.printf format conversion 1 ('%Lf'): 'L' reads a long double, which gpu.printf cannot pass (CUDA's vprintf has none)}}
    gpu.printf "%Lf\n", %f : f64
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%f: f8E4M3FN) kernel {
    // expected-error @below {{argument 1 is 'f8E4M3FN', and '%f' reads a double: printf cannot be passed 'f8E4M3FN'}}
    gpu.printf "%f\n", %f : f8E4M3FN
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%f: f80) kernel {
    // expected-error @below {{argument 1 is 'f80', and '%g' reads a double: printf cannot be passed 'f80'}}
    gpu.printf "%g\n", %f : f80
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%i: i32) kernel {
    // expected-error @below {{gpu.printf format conversion 1 ('%y'): 'y' is not a printf conversion that gpu.printf can use}}
    gpu.printf "%y\n", %i : i32
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%l: i64) kernel {
    // expected-error @below {{gpu.printf format conversion 1 ('%lhd'): 'lh' is not a length modifier (hh, h, l, ll, j, z, t, q)}}
    gpu.printf "%lhd\n", %l : i64
    gpu.return
  }
}

// -----

gpu.module @m {
  gpu.func @k(%i: i32) kernel {
    // expected-error @below {{gpu.printf format conversion 1 ('%-'): the format ends before the conversion's letter}}
    gpu.printf "%-", %i : i32
    gpu.return
  }
}

// -----

// What printf takes is taken: promoted small integers, 64-bit integers and
// index with l, ll, z, j and t, f16, bf16, f32 and f64, widths and
// precisions from arguments, %c, %p, %%.
gpu.module @m {
  gpu.func @k(%b: i1, %c: i8, %s: i16, %i: i32, %l: i64, %x: index,
              %h: f16, %bh: bf16, %f: f32, %d: f64) kernel {
    gpu.printf "%d %c %hd %i %ld %lld %zu %llx %jx %p %5.1f %a %e %g %*.*f 100%%\n",
        %b, %c, %s, %i, %l, %l, %l, %x, %x, %x, %h, %bh, %f, %d, %i, %i, %d
        : i1, i8, i16, i32, i64, i64, i64, index, index, index, f16, bf16, f32, f64, i32, i32, f64
    gpu.return
  }
}
