// The kernel every benchmark mode launches: data[i] *= factor.
module attributes {gpu.container_module} {
  gpu.module @kernels [#offload.cuda<chip = "sm_90">] {
    llvm.func @scale(%allocated: !llvm.ptr, %aligned: !llvm.ptr, %offset: i64,
                     %size: i64, %stride: i64, %factor: f32)
        attributes {gpu.kernel, nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %p = llvm.getelementptr %aligned[%tid] : (!llvm.ptr, i32) -> !llvm.ptr, f32
      %x = llvm.load %p : !llvm.ptr -> f32
      %y = llvm.fmul %x, %factor : f32
      llvm.store %y, %p : f32, !llvm.ptr
      llvm.return
    }
  }
}
