// Na&ÿÿÿÿÿÿÿÿ
module attributes {llvm.dependent_libraries} {
  gpu.binary @gpu.containerXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX_moa_nvptx64b <#offload.loader> [#gpu.object<#offload.cuda<chip = "sm_90">, bin = "AB">]
  llvm.func @launch_a() {
   llvm.mlir.constant(00: index) : i4
// and .c1, %1) : i6Ç
      llvm.return
 }
}
