// #offload.loader embeds a gpu.binary's objects, loads them in a global
// constructor and unloads them in a global destructor.

// RUN: offload-translate --mlir-to-llvmir %s | FileCheck %s
// Byte-identical across runs.
// RUN: offload-translate --mlir-to-llvmir %s -o %t.1.ll
// RUN: offload-translate --mlir-to-llvmir %s -o %t.2.ll
// RUN: cmp %t.1.ll %t.2.ll

// Every object, NUL-terminated, in a table for the runtime's choice:
// kind (1 cubin, 2 fatbin, 3 PTX), arch, variant (1 'a').
// CHECK-DAG: @__offload.3all.object.0 = internal constant [6 x i8] c"CUBIN\00", align 16
// CHECK-DAG: @__offload.3all.object.1 = internal constant [7 x i8] c"CUBIN2\00", align 16
// CHECK-DAG: @__offload.3all.object.2 = internal constant [4 x i8] c"PTX\00", align 16
// CHECK-DAG: @__offload.3all.object.3 = internal constant [7 x i8] c"FATBIN\00", align 16
// CHECK-DAG: @__offload.3all.objects = internal constant [4 x { ptr, i64, i32, i32, i32, i32 }] [{ ptr, i64, i32, i32, i32, i32 } { ptr @__offload.3all.object.0, i64 5, i32 1, i32 80, i32 0, i32 0 }, { ptr, i64, i32, i32, i32, i32 } { ptr @__offload.3all.object.1, i64 6, i32 1, i32 90, i32 1, i32 0 }, { ptr, i64, i32, i32, i32, i32 } { ptr @__offload.3all.object.2, i64 3, i32 3, i32 75, i32 0, i32 0 }, { ptr, i64, i32, i32, i32, i32 } { ptr @__offload.3all.object.3, i64 6, i32 2, i32 100, i32 2, i32 0 }]
// CHECK-DAG: @__offload.3all.name = internal unnamed_addr constant [4 x i8] c"all\00"
// CHECK-DAG: @__offload.3all.module = internal global ptr null, align 8
// CHECK-DAG: @__offload.3all.5first.kernel = internal global ptr null, align 8
// CHECK-DAG: @__offload.3all.6second.kernel = internal global ptr null, align 8

// Compile-time choice: one object, by index or by target.
// CHECK-DAG: @__offload.8by_index.objects = internal constant [1 x { ptr, i64, i32, i32, i32, i32 }] [{ ptr, i64, i32, i32, i32, i32 } { ptr @__offload.8by_index.object.0, i64 6, i32 1, i32 90, i32 0, i32 0 }]
// CHECK-DAG: @__offload.8by_index.object.0 = internal constant [7 x i8] c"SECOND\00"
// CHECK-DAG: @__offload.9by_target.objects = internal constant [1 x { ptr, i64, i32, i32, i32, i32 }] [{ ptr, i64, i32, i32, i32, i32 } { ptr @__offload.9by_target.object.0, i64 5, i32 3, i32 80, i32 0, i32 0 }]
// CHECK-DAG: @__offload.9by_target.object.0 = internal constant [6 x i8] c"THIRD\00"

// Constructors and destructors at the default priority 123, or the one given.
// CHECK-DAG: @llvm.global_ctors = appending global [3 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 123, ptr @__offload.3all.load, ptr null }, { i32, ptr, ptr } { i32 123, ptr @__offload.8by_index.load, ptr null }, { i32, ptr, ptr } { i32 50, ptr @__offload.9by_target.load, ptr null }]
// CHECK-DAG: @llvm.global_dtors = appending global [3 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 123, ptr @__offload.3all.unload, ptr null }, { i32, ptr, ptr } { i32 123, ptr @__offload.8by_index.unload, ptr null }, { i32, ptr, ptr } { i32 50, ptr @__offload.9by_target.unload, ptr null }]

// The constructor loads, then resolves each launched kernel once.
// CHECK-LABEL: define internal void @__offload.3all.load()
// CHECK-NEXT: entry:
// CHECK-NEXT: %[[M:.*]] = call ptr @mgpuModuleLoadObjects(ptr @__offload.3all.objects, i32 4, ptr @__offload.3all.name)
// CHECK-NEXT: store ptr %[[M]], ptr @__offload.3all.module
// CHECK-NEXT: %[[F:.*]] = call ptr @mgpuModuleGetFunction(ptr %[[M]], ptr @__offload.3all.5first.name)
// CHECK-NEXT: store ptr %[[F]], ptr @__offload.3all.5first.kernel
// CHECK-NEXT: %[[S:.*]] = call ptr @mgpuModuleGetFunction(ptr %[[M]], ptr @__offload.3all.6second.name)
// CHECK-NEXT: store ptr %[[S]], ptr @__offload.3all.6second.kernel
// CHECK-NEXT: ret void

// CHECK-LABEL: define internal void @__offload.3all.unload()
// CHECK-NEXT: entry:
// CHECK-NEXT: %[[M:.*]] = load ptr, ptr @__offload.3all.module
// CHECK-NEXT: call void @mgpuModuleUnload(ptr %[[M]])
// CHECK-NEXT: ret void

module attributes {gpu.container_module} {
  gpu.binary @all <#offload.loader> [
    #gpu.object<#offload.cuda<chip = "sm_80">, bin = "CUBIN">,
    #gpu.object<#offload.cuda<chip = "sm_90a">, bin = "CUBIN2">,
    #gpu.object<#offload.cuda, assembly = "PTX">,
    #gpu.object<#nvvm.target<chip = "sm_100f">, "FATBIN">
  ]
  gpu.binary @by_index <#offload.loader<object = 1>> [
    #gpu.object<#offload.cuda<chip = "sm_80">, bin = "FIRST">,
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "SECOND">
  ]
  gpu.binary @by_target <#offload.loader<object = #offload.cuda<chip = "sm_80">, priority = 50>> [
    #gpu.object<#offload.cuda<chip = "sm_90">, bin = "FIRST">,
    #gpu.object<#offload.cuda, bin = "SECOND">,
    #gpu.object<#offload.cuda<chip = "sm_80">, assembly = "THIRD">
  ]

  llvm.func @launches() {
    %c1 = llvm.mlir.constant(1 : index) : i64
    gpu.launch_func @all::@second blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    gpu.launch_func @all::@first blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    gpu.launch_func @all::@second blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    gpu.launch_func @by_index::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    gpu.launch_func @by_target::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) : i64
    llvm.return
  }
}
