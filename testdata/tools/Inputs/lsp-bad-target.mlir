module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_1">] {
  }
}
