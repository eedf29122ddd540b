// offload-runner loads libmgpu.so and MLIR's runner utilities by itself
// (tools/RunnerLibraries.h): unless --shared-libs names a file of that name,
// each from the runner's own directory, else <its directory>/../lib, else
// the LLVM it links. A --shared-libs entry that does not load is an error
// (upstream's engine warns and runs on, with exit 0).
//
// --help names the tool.
// RUN: offload-runner --help | FileCheck %s --check-prefix=HELP
// HELP: USAGE: offload-runner [options] <input file>
// HELP: offload-runner: MLIR's JIT runner, with #offload.loader's
// HELP: It loads libmgpu.so, libmlir_runner_utils.so and
// HELP: <its directory>/../lib and /{{.+}} that has it,
// HELP: entry that does not load is an error.
//
// RUN: offload-opt %S/Inputs/twice.mlir --offload-lower-to-host -o %t.mlir
//
// An entry that is missing: one line, exit 1, nothing run.
// RUN: %expect_exit 1 %offload_runner,%t.missing.so %t.mlir > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=MISSING -DFILE=%t.missing.so --input-file=%t.err
// RUN: count 1 < %t.err
// RUN: count 0 < %t.out
// MISSING: offload-runner: error: --shared-libs entry '[[FILE]]' does not load: [[FILE]]: cannot open shared object file: No such file or directory
//
// A file that is no library.
// RUN: %expect_exit 1 %offload_runner,%s %t.mlir > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=NOT-ELF -DFILE=%s --input-file=%t.err
// RUN: count 1 < %t.err
// RUN: count 0 < %t.out
// NOT-ELF: offload-runner: error: --shared-libs entry '[[FILE]]' does not load: [[FILE]]: {{invalid ELF header|file too short}}
//
// A relative entry is relative to the working directory, as the engine
// reads it, and never searched for as dlopen would (libm.so.6 is on the
// system's search path).
// RUN: rm -rf %t.cwd && mkdir %t.cwd && cd %t.cwd
// RUN: %expect_exit 1 %offload_runner,libm.so.6 %t.mlir 2> %t.err
// RUN: FileCheck %s --check-prefix=RELATIVE --input-file=%t.err
// RELATIVE: offload-runner: error: --shared-libs entry 'libm.so.6' does not load: /{{.*}}.cwd/libm.so.6: cannot open shared object file
//
// Without --shared-libs: a runner alone in its folder finds no libmgpu.so
// and says where it looked.
// RUN: rm -rf %t.prefix && mkdir -p %t.prefix/bin %t.prefix/lib
// RUN: cp %tools_dir/offload-runner %t.prefix/bin/
// RUN: %expect_exit 1 %t.prefix/bin/offload-runner --entry-point-result=void %t.mlir > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=NOT-FOUND --input-file=%t.err
// RUN: count 1 < %t.err
// RUN: count 0 < %t.out
// NOT-FOUND: offload-runner: error: cannot find libmgpu.so; looked in /{{.*}}.prefix/bin, /{{.*}}.prefix/lib, /{{.+}}; name it with --shared-libs=<path>/libmgpu.so
//
// In <its directory>/../lib, as installed; the runner utilities from the
// LLVM it links.
// RUN: cp %mgpu %t.prefix/lib/
// RUN: %t.prefix/bin/offload-runner --entry-point-result=void %t.mlir -debug-only=offload-runner > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out
// RUN: FileCheck %s --check-prefix=PREFIX --input-file=%t.err
// OUT: [0,  2,  4,  6]
// PREFIX:      offload-runner: loads /{{.*}}.prefix/lib/libmgpu.so
// PREFIX-NEXT: offload-runner: loads /{{.*}}/libmlir_runner_utils.so
// PREFIX-NEXT: offload-runner: loads /{{.*}}/libmlir_c_runner_utils.so
//
// Beside the runner first.
// RUN: cp %mgpu %t.prefix/bin/
// RUN: %t.prefix/bin/offload-runner --entry-point-result=void %t.mlir -debug-only=offload-runner > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out
// RUN: FileCheck %s --check-prefix=BESIDE --input-file=%t.err
// BESIDE: offload-runner: loads /{{.*}}.prefix/bin/libmgpu.so
//
// A --shared-libs entry of the same name replaces the search; the others
// are still found. Given entries come first.
// RUN: %t.prefix/bin/offload-runner --entry-point-result=void %t.mlir --shared-libs=%mgpu -debug-only=offload-runner > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT --input-file=%t.out
// RUN: FileCheck %s --check-prefix=GIVEN -DMGPU=%mgpu --input-file=%t.err
// GIVEN:      offload-runner: loads [[MGPU]]
// GIVEN-NEXT: offload-runner: loads /{{.*}}/libmlir_runner_utils.so
// GIVEN-NEXT: offload-runner: loads /{{.*}}/libmlir_c_runner_utils.so
// GIVEN-NOT:  libmgpu.so
module {}
