llvm.mlir.global @o(@missing) : i32
