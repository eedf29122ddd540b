// Each bad input is a diagnostic at translation time, at the op that is
// wrong, never a failure at run time. (The translation framework follows
// each with its own "LLVM Translation failed for operation".)
// RUN: offload-translate --mlir-to-llvmir %s -split-input-file -verify-diagnostics
// And without -verify-diagnostics, exit code 1.
// RUN: %expect_exit 1 offload-translate --mlir-to-llvmir %s -split-input-file 2>&1 | FileCheck %s
// CHECK: error: gpu.binary @kernels has no kernel 'missing'; its kernels: present
// CHECK-NOT: Stack dump

module attributes {gpu.container_module} {
  gpu.binary @kernels <#offload.loader> [
    #gpu.object<#offload.cuda<chip = "sm_90">, kernels = <[#gpu.kernel_metadata<"present", !llvm.func<void ()>>]>, bin = "CUBIN">
  ]
  llvm.func @f() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    // expected-error @below {{gpu.binary @kernels has no kernel 'missing'; its kernels: present}}
    // expected-error @below {{LLVM Translation failed for operation: gpu.launch_func}}
    gpu.launch_func @kernels::@missing blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
}

// -----

module attributes {gpu.container_module} {
  // expected-error @below {{object 0 of gpu.binary @kernels is LLVM bitcode, which the CUDA driver cannot load; compile it with gpu-module-to-binary format=bin, fatbin or isa}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @kernels <#offload.loader> [
    #gpu.object<#offload.cuda<chip = "sm_90">, offload = "BC">
  ]
}

// -----

module attributes {gpu.container_module} {
  // expected-error @below {{#offload.loader<object = 2> chooses nothing: gpu.binary @kernels has 1 object}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @kernels <#offload.loader<object = 2>> [
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "CUBIN">
  ]
}

// -----

module attributes {gpu.container_module} {
  // expected-error @below {{#offload.loader<object = #offload.cuda<chip = "sm_80">> matches no object of gpu.binary @kernels; its targets: #offload.cuda<chip = "sm_90">, #offload.cuda<chip = "sm_100">}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @kernels <#offload.loader<object = #offload.cuda<chip = "sm_80">>> [
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "CUBIN">,
    #gpu.object<#offload.cuda<chip = "sm_100">, bin = "CUBIN">
  ]
}

// -----

// Upstream's #rocdl.target is an AMD target too: its object must be a code
// object.
module attributes {gpu.container_module} {
  // expected-error @below {{object 0 of gpu.binary @kernels is embedded as an AMDGPU code object, but holds data of no known object format}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @kernels <#offload.loader> [
    #gpu.object<#rocdl.target<chip = "gfx90a">, bin = "HSACO">
  ]
}

// -----

module attributes {gpu.container_module} {
  // A binary needs objects (the gpu dialect's own check).
  // expected-error @below {{'gpu.binary' op attribute 'objects' failed to satisfy constraint}}
  gpu.binary @kernels <#offload.loader> []
}

// -----

// expected-error @below {{priority 70000 is out of range; it must be 0 to 65535}}
gpu.binary @kernels <#offload.loader<priority = 70000>> [
  #gpu.object<#offload.cuda, bin = "CUBIN">
]

// -----

// expected-error @below {{expected one of [ctor, lazy] for when #offload.loader loads a binary's objects, got: eager}}
// expected-error @below {{failed to parse Offload_LoaderAttr parameter 'load'}}
gpu.binary @kernels <#offload.loader<load = eager>> [
  #gpu.object<#offload.cuda, bin = "CUBIN">
]

// -----

// expected-error @below {{object index -1 is negative}}
gpu.binary @kernels <#offload.loader<object = -1>> [
  #gpu.object<#offload.cuda, bin = "CUBIN">
]

// -----

// Other dialects' targets are rejected at the op, not by an abort in a tool
// that lacks their models.
module attributes {gpu.container_module} {
  // expected-error @below {{object 0 of gpu.binary @kernels targets #xevm.target, whose objects no target of this tool describes for the runtime}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @kernels <#offload.loader<object = #xevm.target>> [
    #gpu.object<#xevm.target, bin = "SPIRV">
  ]
}

// -----

module attributes {gpu.container_module} {
  // expected-error @below {{object 0 of gpu.binary @kernels targets #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>, whose objects no target of this tool describes for the runtime}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @kernels <#offload.loader<object = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>>> [
    #gpu.object<#spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>, bin = "SPIRV">
  ]
}

// -----

module attributes {gpu.container_module} {
  // expected-error @below {{object 0 of gpu.binary @kernels is assembly, which the HIP backend cannot load; compile it with gpu-module-to-binary format=bin or fatbin}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @kernels <#offload.loader<object = #offload.rocm<chip = "gfx90a">>> [
    #gpu.object<#offload.rocm<chip = "gfx90a">, assembly = "s_endpgm">
  ]
}

// -----

// `true` is an i1 integer, which a signed read makes -1.
module attributes {gpu.container_module} {
  // expected-error @below {{object must be an index or a GPU target attribute, not true}}
  gpu.binary @kernels <#offload.loader<object = true>> [
    #gpu.object<#offload.cuda, bin = "CUBIN">
  ]
}

// -----

module attributes {gpu.container_module} {
  // expected-error @below {{#offload.loader<object = 18446744073709551616> chooses nothing: gpu.binary @kernels has 1 object}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.binary}}
  gpu.binary @kernels <#offload.loader<object = 18446744073709551616 : i128>> [
    #gpu.object<#offload.cuda, bin = "CUBIN">
  ]
}

// -----

// LLVM's verifier says what is wrong as an error at the module, not as bare
// text on stderr.
// expected-error @below {{the translation to LLVM IR gives invalid LLVM IR: llvm intrinsics cannot be defined!}}
module {
  llvm.func @llvm.mlir.not_an_intrinsic() {
    llvm.return
  }
}

// -----

// A global initialized by a name that is not a function is an error at the
// global (the translation would take it for a function and crash).
// expected-error @below {{'llvm.mlir.global' op is initialized with @missing, which does not exist}}
llvm.mlir.global @o(@missing) : i32

// -----

// expected-note @below {{@g is defined here}}
llvm.mlir.global @g() : i32
// expected-error @below {{'llvm.mlir.global' op is initialized with @g, which is a 'llvm.mlir.global'; only an 'llvm.func' can initialize a global by name}}
llvm.mlir.global @o(@g) : !llvm.ptr

// -----

// A function's address is a valid initializer.
llvm.func @h()
llvm.mlir.global @o(@h) : !llvm.ptr

// -----

// expected-error @below {{'builtin.module' op attribute 'llvm.dependent_libraries' must be an array of library names (strings), not unit}}
module attributes {llvm.dependent_libraries} {
}

// -----

// expected-error @below {{'builtin.module' op attribute 'llvm.dependent_libraries' must be an array of library names (strings), not ["m", 1]}}
module attributes {llvm.dependent_libraries = ["m", 1]} {
}

// -----

// A launch outside any function, where no call can go (once a crash).
module attributes {gpu.container_module} {
  gpu.binary @kernels <#offload.loader> [
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "CUBIN">
  ]
  %c1 = llvm.mlir.constant(1 : index) : i64
  // expected-error @below {{gpu.launch_func is not inside a function: #offload.loader translates a launch into calls, which only a function body can hold}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.launch_func}}
  gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
}

// -----

module attributes {gpu.container_module} {
  gpu.binary @kernels <#offload.loader<load = lazy>> [
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "CUBIN">
  ]
  %c1 = llvm.mlir.constant(1 : index) : i64
  // expected-error @below {{gpu.launch_func is not inside a function}}
  // expected-error @below {{LLVM Translation failed for operation: gpu.launch_func}}
  gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
}

// -----

// The runtime finds a kernel by C string: `k\00x` would be `k`.
module attributes {gpu.container_module} {
  gpu.binary @kernels <#offload.loader> [
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "CUBIN">
  ]
  llvm.func @f() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    // expected-error @below {{kernel @"k\00x" has a NUL character in its name: the runtime looks kernels up by C string, which would end there}}
    // expected-error @below {{LLVM Translation failed for operation: gpu.launch_func}}
    gpu.launch_func @kernels::@"k\00x" blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
}
