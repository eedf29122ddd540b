module{llvm.mlir.global@o(@am.lir.cossssssssss) :i2
module {llvm.mlir.global@e():i0 llvm.return }}