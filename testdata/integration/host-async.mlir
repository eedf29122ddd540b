// The host program's async.execute regions, as MLIR's GPU programs write
// them: the pipeline lowers them itself (to MLIR's async runtime), with no
// option. A fork and a join of device work: one region copies the input to
// the device, two regions that wait for it make two arrays of it, and a
// last one, which waits for both, combines them; the host awaits it and a
// value. Values worked out by hand: for x = 1..4, 2x * (x + 10).
//
// offload-runner lowers the coroutines by default (-O2), and at -O0 as
// MLIR's async program runs.
// RUN: offload-opt %s --offload-lower-to-host > %t.host.mlir
// RUN: %offload_runner --shared-libs=%llvm_lib_dir/libmlir_async_runtime.so %t.host.mlir | FileCheck %s
// RUN: %offload_runner -O0 --shared-libs=%llvm_lib_dir/libmlir_async_runtime.so %t.host.mlir | FileCheck %s
// The default level goes before a '--' that ends the options.
// RUN: %offload_runner --shared-libs=%llvm_lib_dir/libmlir_async_runtime.so -- %t.host.mlir | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-vulkan > %t.vulkan.mlir
// RUN: env MGPU_DEVICE=vulkan %offload_runner --shared-libs=%llvm_lib_dir/libmlir_async_runtime.so %t.vulkan.mlir | FileCheck %s
// RUN: offload-opt %s --offload-lower-to-cuda="chips=sm_90 toolkit=%cuda_toolkit" | offload-translate --mlir-to-llvmir -o /dev/null
// UNSUPPORTED-TARGET: host: its RUN lines load MLIR's async runtime
// UNSUPPORTED-TARGET: vulkan: its RUN lines load MLIR's async runtime
// UNSUPPORTED-TARGET: cuda: its RUN line compiles it for sm_90

func.func private @printMemrefI32(memref<*xi32>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %input = memref.alloc() : memref<4xi32>
  scf.for %i = %c0 to %c4 step %c1 {
    %x = arith.index_cast %i : index to i32
    %one = arith.constant 1 : i32
    %v = arith.addi %x, %one : i32
    memref.store %v, %input[%i] : memref<4xi32>
  }
  %copied, %onDevice = async.execute () -> !async.value<memref<4xi32>> {
    %d = gpu.alloc () : memref<4xi32>
    gpu.memcpy %d, %input : memref<4xi32>, memref<4xi32>
    async.yield %d : memref<4xi32>
  }
  %doubled, %twice = async.execute [%copied] (%onDevice as %d : !async.value<memref<4xi32>>)
      -> !async.value<memref<4xi32>> {
    %out = gpu.alloc () : memref<4xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %v = memref.load %d[%tx] : memref<4xi32>
      %w = arith.addi %v, %v : i32
      memref.store %w, %out[%tx] : memref<4xi32>
      gpu.terminator
    }
    async.yield %out : memref<4xi32>
  }
  %shifted, %plus10 = async.execute [%copied] (%onDevice as %d : !async.value<memref<4xi32>>)
      -> !async.value<memref<4xi32>> {
    %out = gpu.alloc () : memref<4xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %v = memref.load %d[%tx] : memref<4xi32>
      %ten = arith.constant 10 : i32
      %w = arith.addi %v, %ten : i32
      memref.store %w, %out[%tx] : memref<4xi32>
      gpu.terminator
    }
    async.yield %out : memref<4xi32>
  }
  %result = memref.alloc() : memref<4xi32>
  %joined = async.execute [%doubled, %shifted] (
      %twice as %a : !async.value<memref<4xi32>>,
      %plus10 as %b : !async.value<memref<4xi32>>) {
    %product = gpu.alloc () : memref<4xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %u = memref.load %a[%tx] : memref<4xi32>
      %v = memref.load %b[%tx] : memref<4xi32>
      %w = arith.muli %u, %v : i32
      memref.store %w, %product[%tx] : memref<4xi32>
      gpu.terminator
    }
    gpu.memcpy %result, %product : memref<4xi32>, memref<4xi32>
    gpu.dealloc %product : memref<4xi32>
    async.yield
  }
  async.await %joined : !async.token
  // CHECK: [22,  48,  78,  112]
  %printed = memref.cast %result : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%printed) : (memref<*xi32>) -> ()
  // The first region's value, awaited on the host: the input on the device.
  %d = async.await %onDevice : !async.value<memref<4xi32>>
  %back = memref.alloc() : memref<4xi32>
  gpu.memcpy %back, %d : memref<4xi32>, memref<4xi32>
  // CHECK: [1,  2,  3,  4]
  %backPrinted = memref.cast %back : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%backPrinted) : (memref<*xi32>) -> ()
  return
}
