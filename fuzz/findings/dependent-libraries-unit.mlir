module attributes {llvm.dependent_libraries} {
}
