// Bad pipeline options: one message, exit code 1.

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="format=llvm" 2>&1 | FileCheck %s --check-prefix=FORMAT
// FORMAT: offload-lower-to-cuda: format must be fatbin, bin or isa, not 'llvm'

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-host="format=isa" 2>&1 | FileCheck %s --check-prefix=HOST-FORMAT
// HOST-FORMAT: offload-lower-to-host: format must be bin or fatbin, not 'isa'

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="format=isa host" 2>&1 | FileCheck %s --check-prefix=ISA-HOST
// ISA-HOST: offload-lower-to-cuda: format 'isa' gives the host target assembly, which the runtime cannot load

// An option that does not apply to the pipeline is an error naming both,
// whether the pipeline has no such option or takes it only with another.
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="tile-sizes=7" 2>&1 | FileCheck %s --check-prefix=NOT-LOOPS
// NOT-LOOPS: error: offload-lower-to-cuda: tile-sizes applies to the pipelines of loops only (offload-lower-loops-to-cuda, offload-lower-loops-to-host, offload-lower-loops-to-vulkan, offload-lower-loops-to-rocm, offload-lower-loops-to-gpu)
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-host="tile-sizes=7" 2>&1 | FileCheck %s --check-prefix=NOT-LOOPS-HOST
// NOT-LOOPS-HOST: error: offload-lower-to-host: tile-sizes applies to the pipelines of loops only
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="host-cpu=znver4" 2>&1 | FileCheck %s --check-prefix=NOT-HOST
// NOT-HOST: error: offload-lower-to-cuda: host-cpu applies with host only
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="host-triple=x86_64-unknown-linux-gnu host-features=+avx2" 2>&1 | FileCheck %s --check-prefix=NOT-HOST-TRIPLE
// NOT-HOST-TRIPLE: error: offload-lower-to-cuda: host-triple applies with host only
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-host="chips=sm_90" 2>&1 | FileCheck %s --check-prefix=NO-CHIPS
// NO-CHIPS: error: offload-lower-to-host: <Pass-Options-Parser>: no such option chips
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="cpu=znver4" 2>&1 | FileCheck %s --check-prefix=NO-CPU
// NO-CPU: error: offload-lower-to-cuda: <Pass-Options-Parser>: no such option cpu

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="O=4" 2>&1 | FileCheck %s --check-prefix=OPT
// OPT: offload-lower-to-cuda: O must be 0 to 3, not 4

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="assembler=nvcc" 2>&1 | FileCheck %s --check-prefix=ASSEMBLER
// ASSEMBLER: offload-lower-to-cuda: assembler must be nvjitlink or ptxas (or empty), not 'nvcc'

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="chips=90" 2>&1 | FileCheck %s --check-prefix=PREFIX
// PREFIX: offload-lower-to-cuda: chips must start with sm_, not '90'

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="index-bitwidth=16" 2>&1 | FileCheck %s --check-prefix=INDEX
// INDEX: offload-lower-to-cuda: index-bitwidth must be 32 or 64, not 16

// RUN: %expect_exit 1 offload-opt %s --offload-lower-loops-to-cuda="tile-sizes=0" 2>&1 | FileCheck %s --check-prefix=TILE
// TILE: offload-lower-loops-to-cuda: tile-sizes must be positive, not 0

// RUN: %expect_exit 1 offload-opt %s --offload-lower-loops-to-cuda="tile-sizes=8,8,2,2" 2>&1 | FileCheck %s --check-prefix=TILES
// TILES: offload-lower-loops-to-cuda: tile-sizes has at most 3 entries, not 4

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="chips=sm_90,sm_99" 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: offload-attach-target: unknown chip 'sm_99'; supported chips: sm_75,

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="chips=sm_90 features=+ptx70" 2>&1 | FileCheck %s --check-prefix=PTX
// PTX: error: offload-attach-target: PTX ISA 7.0 cannot target sm_90, which needs +ptx78 or newer

// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="load=eager" 2>&1 | FileCheck %s --check-prefix=LOAD
// LOAD: error: offload-lower-to-cuda: load must be ctor or lazy, not 'eager'

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

// The Vulkan pipelines' options, checked as the others'.
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="format=isa vulkan" 2>&1 | FileCheck %s --check-prefix=ISA-VULKAN
// ISA-VULKAN: error: offload-lower-to-cuda: format 'isa' gives the Vulkan target SPIR-V text, which the runtime cannot load: use fatbin or bin with vulkan
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan="spirv-version=1.4" 2>&1 | FileCheck %s --check-prefix=SPIRV-VERSION
// SPIRV-VERSION: error: offload-lower-to-vulkan: spirv-version must be 1.5 or 1.6, not '1.4'
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan="spirv-caps=Bogus" 2>&1 | FileCheck %s --check-prefix=SPIRV-CAPS
// SPIRV-CAPS: error: offload-attach-vulkan-target: 'Bogus' is not a SPIR-V capability
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan="chips=sm_90" 2>&1 | FileCheck %s --check-prefix=VULKAN-CHIPS
// VULKAN-CHIPS: error: offload-lower-to-vulkan: <Pass-Options-Parser>: no such option chips
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan="host-cpu=znver4" 2>&1 | FileCheck %s --check-prefix=VULKAN-HOST-CPU
// VULKAN-HOST-CPU: error: offload-lower-to-vulkan: host-cpu applies with host only

// The AMD and every-vendor pipelines' options, checked as the others'.
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-rocm="chips=sm_90" 2>&1 | FileCheck %s --check-prefix=ROCM-PREFIX
// ROCM-PREFIX: error: offload-lower-to-rocm: chips must start with gfx, not 'sm_90'
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-rocm="chips=gfx91" 2>&1 | FileCheck %s --check-prefix=ROCM-CHIP
// ROCM-CHIP: error: offload-attach-rocm-target: chip 'gfx91' is not a target ID of an AMD GPU: unknown AMD GPU 'gfx91'; supported chips: gfx801,
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-rocm="abi=700" 2>&1 | FileCheck %s --check-prefix=ROCM-ABI
// ROCM-ABI: error: offload-lower-to-rocm: abi must be 400, 500 or 600, not '700'
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-rocm="chips=gfx1250 wave64" 2>&1 | FileCheck %s --check-prefix=ROCM-WAVE
// ROCM-WAVE: error: offload-attach-rocm-target: gfx1250 runs waves of 32 lanes only; drop wave64
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-rocm="format=isa host" 2>&1 | FileCheck %s --check-prefix=ROCM-ISA
// ROCM-ISA: error: offload-lower-to-rocm: format 'isa' gives the host target assembly, which the runtime cannot load: use fatbin or bin with host
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-cuda="wave64" 2>&1 | FileCheck %s --check-prefix=CUDA-WAVE
// CUDA-WAVE: error: offload-lower-to-cuda: <Pass-Options-Parser>: no such option wave64
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-gpu 2>&1 | FileCheck %s --check-prefix=NO-TARGETS
// NO-TARGETS: error: offload-lower-to-gpu: targets is empty: name what to compile for, for example targets=sm_90,gfx90a,vulkan,host
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-gpu="targets=sm_90,metal" 2>&1 | FileCheck %s --check-prefix=BAD-TARGET
// BAD-TARGET: error: offload-lower-to-gpu: target 'metal' is not an SM architecture (sm_90), an AMD target ID (gfx90a), vulkan or host
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-gpu="targets=gfx90a cpu=znver4" 2>&1 | FileCheck %s --check-prefix=GPU-HOST-CPU
// GPU-HOST-CPU: error: offload-lower-to-gpu: <Pass-Options-Parser>: no such option cpu
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-gpu="targets=gfx90a host-cpu=znver4" 2>&1 | FileCheck %s --check-prefix=GPU-NOT-HOST
// GPU-NOT-HOST: error: offload-lower-to-gpu: host-cpu applies with host only
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-gpu="targets=sm_90 wave64" 2>&1 | FileCheck %s --check-prefix=GPU-NO-AMD
// GPU-NO-AMD: error: offload-lower-to-gpu: wave64 applies with an AMD target ID (gfx90a) in targets only
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-gpu="targets=gfx90a,host ptxas-options=-v" 2>&1 | FileCheck %s --check-prefix=GPU-NO-CUDA
// GPU-NO-CUDA: error: offload-lower-to-gpu: ptxas-options applies with an SM architecture (sm_90) in targets only
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-gpu="targets=gfx90a spirv-version=1.5" 2>&1 | FileCheck %s --check-prefix=GPU-NO-VULKAN
// GPU-NO-VULKAN: error: offload-lower-to-gpu: spirv-version applies with vulkan in targets only
