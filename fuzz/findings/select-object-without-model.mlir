module attributes {gpu.container_module} {
  gpu.binary @k [#gpu.object<#nvvm.target, "x">]
}
