// cf.assert in a kernel: a failed one prints CUDA's line and stops the
// kernel's launch with the assertion's message and where it failed, as a
// device-side assert does on CUDA; the program's output up to the launch
// comes out, and it exits 1.
//
// RUN: offload-opt %s --offload-lower-to-host > %t.mlir
// RUN: %expect_exit 1 %offload_runner %t.mlir > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// UNSUPPORTED-TARGET: host: it ends in a failed assert, whose output and exit its RUN lines check
// UNSUPPORTED-TARGET: vulkan: SPIR-V has no cf.assert; its RUN line checks the diagnostic
// RUN: %expect_exit 1 offload-opt %s --offload-lower-to-vulkan -o /dev/null 2>&1 | FileCheck %s --check-prefix=VULKAN
// VULKAN: 'cf.assert' has no meaning for #offload.vulkan

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %checked = gpu.alloc host_shared () : memref<2x4xi32>
  // Every thread passes: the kernel completes.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %c8 = arith.constant 8 : index
    %small = arith.cmpi ult, %tx, %c8 : index
    cf.assert %small, "thread ids are below 8"
    %one = arith.constant 1 : i32
    memref.store %one, %checked[%bx, %tx] : memref<2x4xi32>
    gpu.terminator
  }
  %unranked = memref.cast %checked : memref<2x4xi32> to memref<*xi32>
  // OUT: {{\[}}[1, 1, 1, 1],
  // OUT-NEXT: [1, 1, 1, 1]]
  call @printMemrefI32(%unranked) : (memref<*xi32>) -> ()
  // One thread fails.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %c3 = arith.constant 3 : index
    %c1_ = arith.constant 1 : index
    %not_last = arith.cmpi ult, %tx, %c3 : index
    %first_block = arith.cmpi ult, %bx, %c1_ : index
    %ok = arith.ori %not_last, %first_block : i1
    // OUT: assert.mlir:[[# @LINE + 1]]: (unknown): block: [1,0,0], thread: [3,0,0] Assertion `thread 3 of block 1 must not get here` failed.
    cf.assert %ok, "thread 3 of block 1 must not get here"
    gpu.terminator
  }
  // Not reached: the failed launch ends the program.
  // OUT-NOT: Unranked Memref
  call @printMemrefI32(%unranked) : (memref<*xi32>) -> ()
  return
}
// ERR: mgpu: {{.*}}: a kernel failed: kernel @main_kernel: thread 3 of block 1 must not get here (block (1, 0, 0), thread (3, 0, 0))
// ERR-NOT: mgpu
