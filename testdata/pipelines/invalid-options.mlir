// Bad pipeline options: one message, exit code 1.

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="format=llvm" 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: offload-lower-to-cuda: format 'llvm' is not fatbin, bin or isa (an LLVM bitcode object cannot be loaded by the CUDA driver)

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="index-bitwidth=16" 2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: offload-lower-to-cuda: index-bitwidth must be 32 or 64, not 16

// RUN: %expect_exit 1 offload-opt %s --offload-lower-loops-to-cuda="tile-sizes=0" 2>&1 | FileCheck %s --check-prefix=TILE
// TILE: offload-lower-loops-to-cuda: tile-sizes must be positive, not 0

// RUN: %expect_exit 1 offload-opt %s --offload-lower-loops-to-cuda="tile-sizes=8,8,2,2" 2>&1 | FileCheck %s --check-prefix=TILES
// TILES: offload-lower-loops-to-cuda: tile-sizes has at most 3 entries (x, y, z)

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="chips=sm_90,sm_99" 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: offload-attach-target: unknown chip 'sm_99'; supported chips: sm_75,

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="chips=sm_90 features=+ptx70" 2>&1 | FileCheck %s --check-prefix=PTX
// PTX: error: offload-attach-target: PTX ISA 7.0 cannot target sm_90, which needs +ptx78 or newer

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="load=eager" 2>&1 | FileCheck %s --check-prefix=LOAD
// LOAD: error: offload-attach-loader: load = 'eager' is not ctor or lazy

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="bogus=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: error: offload-lower-to-cuda: <Pass-Options-Parser>: no such option bogus

// A value the option's type cannot hold: LLVM's option parser says why on
// stderr, the diagnostic names the pipeline.
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-host="O=abc" 2>&1 | FileCheck %s --check-prefix=VALUE
// VALUE: 'abc' value invalid for uint argument
// VALUE: error: offload-lower-to-host: cannot parse options 'O=abc'

func.func @f() {
  return
}
