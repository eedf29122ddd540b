// One kernel per math function and float type, each thread computing one
// element: the loops that vector_math_test.cc checks against the C
// library's double and long double functions. Written out by hand from one
// pattern, so that each kernel is plain to read.
module attributes {gpu.container_module} {
  gpu.module @math {
    gpu.func @acos_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.acos %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @acosh_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.acosh %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @asin_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.asin %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @asinh_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.asinh %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @atan_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.atan %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @atanh_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.atanh %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @cbrt_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.cbrt %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @cos_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.cos %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @cosh_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.cosh %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @erf_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.erf %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @erfc_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.erfc %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @exp_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.exp %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @exp2_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.exp2 %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @expm1_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.expm1 %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @log_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.log %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @log10_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.log10 %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @log1p_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.log1p %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @log2_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.log2 %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @sin_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.sin %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @sinh_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.sinh %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @tan_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.tan %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @tanh_f32(%x: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %r = math.tanh %a : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @atan2_f32(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %b = memref.load %y[%i] : memref<?xf32>
        %r = math.atan2 %a, %b : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @powf_f32(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf32>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf32>
        %b = memref.load %y[%i] : memref<?xf32>
        %r = math.powf %a, %b : f32
        memref.store %r, %out[%i] : memref<?xf32>
      }
      gpu.return
    }

    gpu.func @acos_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.acos %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @acosh_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.acosh %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @asin_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.asin %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @asinh_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.asinh %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @atan_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.atan %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @atanh_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.atanh %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @cbrt_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.cbrt %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @cos_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.cos %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @cosh_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.cosh %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @erf_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.erf %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @erfc_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.erfc %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @exp_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.exp %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @exp2_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.exp2 %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @expm1_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.expm1 %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @log_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.log %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @log10_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.log10 %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @log1p_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.log1p %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @log2_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.log2 %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @sin_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.sin %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @sinh_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.sinh %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @tan_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.tan %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @tanh_f64(%x: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %r = math.tanh %a : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @atan2_f64(%x: memref<?xf64>, %y: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %b = memref.load %y[%i] : memref<?xf64>
        %r = math.atan2 %a, %b : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

    gpu.func @powf_f64(%x: memref<?xf64>, %y: memref<?xf64>, %out: memref<?xf64>) kernel {
      %i = gpu.global_id x
      %c0 = arith.constant 0 : index
      %n = memref.dim %out, %c0 : memref<?xf64>
      %inside = arith.cmpi ult, %i, %n : index
      scf.if %inside {
        %a = memref.load %x[%i] : memref<?xf64>
        %b = memref.load %y[%i] : memref<?xf64>
        %r = math.powf %a, %b : f64
        memref.store %r, %out[%i] : memref<?xf64>
      }
      gpu.return
    }

  }

  func.func @acos_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@acos_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @acosh_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@acosh_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @asin_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@asin_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @asinh_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@asinh_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @atan_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@atan_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @atanh_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@atanh_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @cbrt_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@cbrt_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @cos_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@cos_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @cosh_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@cosh_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @erf_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@erf_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @erfc_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@erfc_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @exp_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@exp_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @exp2_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@exp2_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @expm1_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@expm1_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @log_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@log_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @log10_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@log10_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @log1p_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@log1p_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @log2_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@log2_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @sin_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@sin_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @sinh_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@sinh_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @tan_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@tan_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @tanh_f32(%x: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@tanh_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @atan2_f32(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@atan2_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %y : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @powf_f32(%x: memref<?xf32>, %y: memref<?xf32>, %out: memref<?xf32>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf32>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@powf_f32 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf32>, %y : memref<?xf32>, %out : memref<?xf32>)
    return
  }

  func.func @acos_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@acos_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @acosh_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@acosh_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @asin_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@asin_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @asinh_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@asinh_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @atan_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@atan_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @atanh_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@atanh_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @cbrt_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@cbrt_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @cos_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@cos_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @cosh_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@cosh_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @erf_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@erf_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @erfc_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@erfc_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @exp_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@exp_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @exp2_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@exp2_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @expm1_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@expm1_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @log_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@log_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @log10_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@log10_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @log1p_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@log1p_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @log2_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@log2_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @sin_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@sin_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @sinh_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@sinh_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @tan_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@tan_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @tanh_f64(%x: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@tanh_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @atan2_f64(%x: memref<?xf64>, %y: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@atan2_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %y : memref<?xf64>, %out : memref<?xf64>)
    return
  }

  func.func @powf_f64(%x: memref<?xf64>, %y: memref<?xf64>, %out: memref<?xf64>)
      attributes {llvm.emit_c_interface} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %n = memref.dim %out, %c0 : memref<?xf64>
    %blocks = arith.ceildivui %n, %c256 : index
    gpu.launch_func @math::@powf_f64 blocks in (%blocks, %c1, %c1)
        threads in (%c256, %c1, %c1) args(%x : memref<?xf64>, %y : memref<?xf64>, %out : memref<?xf64>)
    return
  }

}
