// MLIR's CUDA async.mlir: copies and a launch inside async.execute regions,
// forked and joined through tokens. As MLIR runs it, kernel outlining and
// gpu-async-region come first, the pipeline, then the async dialect's own
// lowering; ours runs that lowering itself.
//
// RUN: %parity %s --chip=sm_90 --features=+ptx80 --before=--gpu-kernel-outlining,--gpu-async-region \
// RUN:   --after=--async-to-async-runtime,--async-runtime-ref-counting,--convert-async-to-llvm,--convert-to-llvm,--reconcile-unrealized-casts \
// RUN:   --ours=check-lowered=false --libs=async_runtime | FileCheck %s
// CHECK: upstream: accepted
// CHECK: ours: accepted
//
// Our pipeline lowers the async operations itself, with no option, and
// computes what MLIR's test expects, on the host; so it does when told that
// more passes follow, which then find nothing left to lower.
// RUN: offload-opt %s --gpu-kernel-outlining --gpu-async-region > %t.before.mlir
// RUN: offload-opt %t.before.mlir --offload-lower-to-cuda="chips=sm_90 toolkit=%cuda_toolkit host=true" \
// RUN:   | %offload_runner,%llvm_lib_dir/libmlir_async_runtime.so -O0 | FileCheck %s --check-prefix=OUT
// RUN: offload-opt %t.before.mlir --offload-lower-to-cuda="chips=sm_90 toolkit=%cuda_toolkit host=true check-lowered=false" \
// RUN:   | offload-opt --async-to-async-runtime --async-runtime-ref-counting --convert-async-to-llvm --convert-to-llvm --reconcile-unrealized-casts \
// RUN:   | %offload_runner,%llvm_lib_dir/libmlir_async_runtime.so -O0 | FileCheck %s --check-prefix=OUT
// OUT: [84, 84]

func.func @main() {
  %c0    = arith.constant 0 : index
  %c1    = arith.constant 1 : index
  %count = arith.constant 2 : index

  // initialize h0 on host
  %h0 = memref.alloc(%count) : memref<?xi32>
  %h0_unranked = memref.cast %h0 : memref<?xi32> to memref<*xi32>
  gpu.host_register %h0_unranked : memref<*xi32>

  %v0 = arith.constant 42 : i32
  memref.store %v0, %h0[%c0] : memref<?xi32>
  memref.store %v0, %h0[%c1] : memref<?xi32>

  // copy h0 to b0 on device.
  %t0, %f0 = async.execute () -> !async.value<memref<?xi32>> {
    %b0 = gpu.alloc(%count) : memref<?xi32>
    gpu.memcpy %b0, %h0 : memref<?xi32>, memref<?xi32>
    async.yield %b0 : memref<?xi32>
  }

  // copy h0 to b1 and b2 (fork)
  %t1, %f1 = async.execute [%t0] (
    %f0 as %b0 : !async.value<memref<?xi32>>
  ) -> !async.value<memref<?xi32>> {
    %b1 = gpu.alloc(%count) : memref<?xi32>
    gpu.memcpy %b1, %b0 : memref<?xi32>, memref<?xi32>
    async.yield %b1 : memref<?xi32>
  }
  %t2, %f2 = async.execute [%t0] (
    %f0 as %b0 : !async.value<memref<?xi32>>
  ) -> !async.value<memref<?xi32>> {
    %b2 = gpu.alloc(%count) : memref<?xi32>
    gpu.memcpy %b2, %b0 : memref<?xi32>, memref<?xi32>
    async.yield %b2 : memref<?xi32>
  }

  // h0 = b1 + b2 (join).
  %t3 = async.execute [%t1, %t2] (
    %f1 as %b1 : !async.value<memref<?xi32>>,
    %f2 as %b2 : !async.value<memref<?xi32>>
  ) {
    gpu.launch blocks(%bx, %by, %bz) in (%grid_x = %c1, %grid_y = %c1, %grid_z = %c1)
               threads(%tx, %ty, %tz) in (%block_x = %count, %block_y = %c1, %block_z = %c1) {
      %v1 = memref.load %b1[%tx] : memref<?xi32>
      %v2 = memref.load %b2[%tx] : memref<?xi32>
      %sum = arith.addi %v1, %v2 : i32
      memref.store %sum, %h0[%tx] : memref<?xi32>
      gpu.terminator
    }
    async.yield
  }

  async.await %t3 : !async.token
  call @printMemrefI32(%h0_unranked) : (memref<*xi32>) -> ()
  return
}

func.func private @printMemrefI32(memref<*xi32>)
