module attributes {gpu.container_module} {
  gpu.binary @kernels <#offload.loader<load = lazy>> [
    #gpu.object<#offload.cuda<chip = "sm_90">, kernels = <[#gpu.kernel_metadata<"k", !llvm.func<void ()>>]>, bin = "CUBIN">
  ]
  func.func @launch() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
}
