// MGPU_TRACE on a compiled program, run as MLIR's integration tests run
// theirs: two streams, each filling a buffer, joined by events for a third
// launch that adds them, through offload-runner on the host backend. The trace is valid Chrome
// trace JSON; every call is on the host thread's track with its arguments,
// and each stream's track has what the stream ran: kernels by name, event
// recordings and waits.
//
// RUN: offload-opt %s --offload-lower-to-host \
// RUN:   | env MGPU_TRACE=%t.json %offload_runner > /dev/null
// RUN: %python %check_trace %t.json | FileCheck %s

// CHECK-DAG: thread module mgpuModuleLoadObjects binary=main_kernel objects=1
// CHECK-DAG: thread module mgpuModuleGetFunction module=ptr kernel=main_kernel
// CHECK-DAG: thread memory mgpuMemAlloc bytes=256 hostShared=0
// CHECK-DAG: thread launch mgpuLaunchKernel kernel=main_kernel grid=4x1x1 block=16x1x1 sharedMemoryBytes=0 stream=ptr
// CHECK-DAG: thread event mgpuEventRecord event=ptr stream=ptr
// CHECK-DAG: thread stream mgpuStreamWaitEvent stream=ptr event=ptr
// CHECK-DAG: stream device main_kernel stream=ptr
// CHECK-DAG: stream device record event stream=ptr
// CHECK-DAG: stream device wait for event stream=ptr
// CHECK-DAG: thread memory mgpuMemcpy bytes=256 destination=ptr source=ptr stream=ptr
// CHECK-DAG: thread stream mgpuStreamSynchronize stream=ptr
// CHECK-DAG: thread module mgpuModuleUnload module=ptr
// Three launches, each on its stream's track: five tracks in all (the host
// thread and four streams).
// CHECK: check_trace: 46 events on 5 tracks

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %result = memref.alloc() : memref<64xi32>
  %s0 = gpu.wait async
  %s1 = gpu.wait async
  %a, %a_ready = gpu.alloc async [%s0] () : memref<64xi32>
  %b, %b_ready = gpu.alloc async [%s1] () : memref<64xi32>
  %sum, %sum_ready = gpu.alloc async [%s1] () : memref<64xi32>
  %a_filled = gpu.launch async [%a_ready]
      blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %i = gpu.global_id x
    %v = arith.index_cast %i : index to i32
    memref.store %v, %a[%i] : memref<64xi32>
    gpu.terminator
  }
  %b_filled = gpu.launch async [%b_ready, %sum_ready]
      blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %i = gpu.global_id x
    %three = arith.constant 3 : i32
    memref.store %three, %b[%i] : memref<64xi32>
    gpu.terminator
  }
  %both = gpu.wait async [%a_filled, %b_filled]
  %added = gpu.launch async [%both]
      blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %i = gpu.global_id x
    %x = memref.load %a[%i] : memref<64xi32>
    %y = memref.load %b[%i] : memref<64xi32>
    %z = arith.addi %x, %y : i32
    memref.store %z, %sum[%i] : memref<64xi32>
    gpu.terminator
  }
  %copied = gpu.memcpy async [%added] %result, %sum : memref<64xi32>, memref<64xi32>
  %a_freed = gpu.dealloc async [%copied] %a : memref<64xi32>
  %b_freed = gpu.dealloc async [%a_freed] %b : memref<64xi32>
  %sum_freed = gpu.dealloc async [%b_freed] %sum : memref<64xi32>
  gpu.wait [%sum_freed]
  %unranked = memref.cast %result : memref<64xi32> to memref<*xi32>
  call @printMemrefI32(%unranked) : (memref<*xi32>) -> ()
  memref.dealloc %result : memref<64xi32>
  return
}
