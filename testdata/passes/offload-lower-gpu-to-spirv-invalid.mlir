// offload-lower-gpu-to-spirv: what has no Vulkan meaning is one error at the
// operation the user wrote, in words about Vulkan, never an internal
// verifier's or a conversion's failure to legalize, and never a crash.
//
// RUN: offload-opt %s -split-input-file -verify-diagnostics \
// RUN:   --pass-pipeline='builtin.module(gpu.module(offload-lower-gpu-to-spirv))' -o /dev/null

// GLSL.std.450's transcendental functions have 16- and 32-bit forms only.
module attributes {gpu.container_module} {
  gpu.module @f64_math [#offload.vulkan] {
    gpu.func @k(%a: memref<4xf64>, %b: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%c0] : memref<4xf64>
      // expected-error @below {{'math.exp' has no meaning for #offload.vulkan: Vulkan's GLSL.std.450 has no f64 form of Exp (its transcendental functions take 16- and 32-bit floats): compute it in f32}}
      %e = math.exp %x : f64
      // expected-error @below {{'math.log1p' has no meaning for #offload.vulkan: Vulkan's GLSL.std.450 has no f64 form of Log}}
      %l = math.log1p %e : f64
      // expected-error @below {{'math.sin' has no meaning for #offload.vulkan: Vulkan's GLSL.std.450 has no f64 form of Sin}}
      %s = math.sin %l : f64
      // expected-error @below {{'math.powf' has no meaning for #offload.vulkan: Vulkan's GLSL.std.450 has no f64 form of Pow}}
      %p = math.powf %s, %x : f64
      memref.store %p, %a[%c0] : memref<4xf64>
      // In f32, and f64 where GLSL has it (Sqrt), they lower.
      %y = memref.load %b[%c0] : memref<4xf32>
      %ye = math.exp %y : f32
      memref.store %ye, %b[%c0] : memref<4xf32>
      %r = math.sqrt %x : f64
      memref.store %r, %a[%c0] : memref<4xf64>
      gpu.return
    }
  }
}

// -----

// A view of memory with an offset of its own, as written or as
// expand-strided-metadata writes it.
module attributes {gpu.container_module} {
  gpu.module @views [#offload.vulkan] {
    gpu.func @k(%a: memref<16xf32>, %o: index) kernel {
      %c0 = arith.constant 0 : index
      // expected-error @below {{'memref.subview' has no meaning for #offload.vulkan: views of memory with offsets, sizes or strides of their own are not lowered for Vulkan (expand-strided-metadata writes memref.subview, expand_shape and collapse_shape as memref.reinterpret_cast): index the memref they view}}
      %v = memref.subview %a[%o] [4] [1] : memref<16xf32> to memref<4xf32, strided<[1], offset: ?>>
      %x = memref.load %v[%c0] : memref<4xf32, strided<[1], offset: ?>>
      // expected-error @below {{'memref.reinterpret_cast' has no meaning for #offload.vulkan: views of memory with offsets}}
      %w = memref.reinterpret_cast %a to offset: [0], sizes: [4], strides: [1] : memref<16xf32> to memref<4xf32, strided<[1]>>
      memref.store %x, %w[%c0] : memref<4xf32, strided<[1]>>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @atomics [#offload.vulkan] {
    gpu.func @k(%f: memref<4xf32>, %d: memref<4xf64>, %s: memref<4xi16>) kernel {
      %c0 = arith.constant 0 : index
      %x = arith.constant 2.0 : f32
      %y = arith.constant 2.0 : f64
      %z = arith.constant 2 : i16
      // expected-error @below {{'memref.atomic_rmw' has no meaning for #offload.vulkan: mulf of f32 is no atomic of Vulkan's, whose float atomics here are f32 additions (SPV_EXT_shader_atomic_float_add) and exchanges}}
      %a = memref.atomic_rmw mulf %x, %f[%c0] : (f32, memref<4xf32>) -> f32
      // expected-error @below {{'memref.atomic_rmw' has no meaning for #offload.vulkan: addf of f64 is no atomic of Vulkan's}}
      %b = memref.atomic_rmw addf %y, %d[%c0] : (f64, memref<4xf64>) -> f64
      // expected-error @below {{'memref.atomic_rmw' has no meaning for #offload.vulkan: addi of i16 is no atomic of Vulkan's, whose integer atomics take 32 and 64 bits}}
      %c = memref.atomic_rmw addi %z, %s[%c0] : (i16, memref<4xi16>) -> i16
      gpu.return
    }
  }
}

// -----

// A vector of 5 elements, its constant's location lost to folding: the
// error is at the operation that uses it.
module attributes {gpu.container_module} {
  gpu.module @vectors [#offload.vulkan] {
    gpu.func @k(%a: memref<16xf32>) kernel {
      %k = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0]> : vector<5xf32>
      %t = gpu.thread_id x
      // expected-error @below {{'vector.extract' has no meaning for #offload.vulkan: its 'vector<5xf32>' has no SPIR-V type (SPIR-V vectors have 2 to 4 elements, and only elementwise operations are split into them)}}
      %e = vector.extract %k[%t] : f32 from vector<5xf32>
      memref.store %e, %a[%t] : memref<16xf32>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @odd_integers [#offload.vulkan] {
    gpu.func @k(%a: memref<16xi64>) kernel {
      %t = gpu.thread_id x
      %x = memref.load %a[%t] : memref<16xi64>
      // expected-error @below {{'arith.trunci' has no meaning for #offload.vulkan: its 'i48' has no SPIR-V type (SPIR-V integers have 8, 16, 32 or 64 bits)}}
      %y = arith.trunci %x : i64 to i48
      %z = arith.extui %y : i48 to i64
      memref.store %z, %a[%t] : memref<16xi64>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @allocations [#offload.vulkan] {
    gpu.func @k(%a: memref<16xf32>, %n: index, %flag: i1) kernel {
      %c0 = arith.constant 0 : index
      // Workgroup memory in NVVM's numbering is workgroup memory.
      %w = memref.alloc() : memref<16xf32, 3>
      // expected-error @below {{'memref.alloc' has no meaning for #offload.vulkan: its size is known at launch only, and SPIR-V sizes workgroup memory at compile time (dynamic shared memory is gpu.dynamic_shared_memory's)}}
      %d = memref.alloc(%n) : memref<?xf32, #gpu.address_space<workgroup>>
      // expected-error @below {{'memref.alloc' has no meaning for #offload.vulkan: a kernel cannot allocate global memory}}
      %g = memref.alloc() : memref<16xf32>
      // expected-error @below {{'memref.alloc' has no meaning for #offload.vulkan: a thread's own memory is memref.alloca's}}
      %p = memref.alloc() : memref<16xf32, #gpu.address_space<private>>
      %x = memref.alloca() : memref<4xf32>
      %y = memref.alloca() : memref<4xf32>
      // expected-error @below {{'arith.select' has no meaning for #offload.vulkan: it selects between memrefs of a thread's or the workgroup's memory, and SPIR-V's pointers to them are not values: select the index or the value instead}}
      %z = arith.select %flag, %x, %y : memref<4xf32>
      %v = memref.load %a[%c0] : memref<16xf32>
      memref.store %v, %z[%c0] : memref<4xf32>
      memref.store %v, %w[%c0] : memref<16xf32, 3>
      gpu.return
    }
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @huge [#offload.vulkan] {
    // expected-error @below {{the attribution of type 'memref<8589934592xf32, #gpu.address_space<workgroup>>' has no meaning for #offload.vulkan: it has more elements than a SPIR-V array holds (2^32 - 1)}}
    gpu.func @k() workgroup(%w: memref<8589934592xf32, #gpu.address_space<workgroup>>) kernel {
      // expected-error @below {{'memref.alloca' has no meaning for #offload.vulkan: it has more elements than a SPIR-V array holds (2^32 - 1)}}
      %p = memref.alloca() : memref<65536x65536xi8>
      gpu.return
    }
  }
}

// -----

// Dynamic shared memory viewed as fewer bits than a byte.
module attributes {gpu.container_module} {
  gpu.module @bits [#offload.vulkan] {
    gpu.func @k() kernel {
      %c0 = arith.constant 0 : index
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      // expected-error @below {{this view of dynamic shared memory has no meaning for #offload.vulkan: only views of whole bytes (8-bit integers and wider, 16-bit floats and wider) are lowered}}
      %b = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xi4, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}

// -----

// Workgroup memory past the target's max_shared_memory, at compile time:
// attributions, memref.alloc and one element of dynamic shared memory.
module attributes {gpu.container_module} {
  gpu.module @limits [#offload.vulkan<max_shared_memory = 40960>] {
    // 4 GiB, which would crash lavapipe.
    // expected-error @below {{kernel @everything uses 4294967296 bytes of workgroup memory (its workgroup attributions, memref.alloc, gpu.all_reduce's and one element of dynamic shared memory), more than the 40960 bytes of its #offload.vulkan target's max_shared_memory, which the device's maxComputeSharedMemorySize must allow}}
    gpu.func @everything() workgroup(%w: memref<1073741824xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %x = arith.constant 1.0 : f32
      memref.store %x, %w[%c0] : memref<1073741824xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    // 40960 bytes and a 4-byte element of dynamic shared memory.
    // expected-error @below {{kernel @one_more uses 40964 bytes of workgroup memory}}
    gpu.func @one_more() kernel {
      %c0 = arith.constant 0 : index
      %x = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<6144xf32, #gpu.address_space<workgroup>>
      %b = memref.alloc() : memref<4096xf32, #gpu.address_space<workgroup>>
      memref.store %x, %a[%c0] : memref<6144xf32, #gpu.address_space<workgroup>>
      memref.store %x, %b[%c0] : memref<4096xf32, #gpu.address_space<workgroup>>
      %bytes = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %d = memref.view %bytes[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
      memref.store %x, %d[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
    // Exactly 40960 bytes: within the limit.
    gpu.func @at_the_limit() kernel {
      %c0 = arith.constant 0 : index
      %x = arith.constant 1.0 : f32
      %a = memref.alloc() : memref<10240xf32, #gpu.address_space<workgroup>>
      memref.store %x, %a[%c0] : memref<10240xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
