// A bitcode library that clang builds for an AMD GPU (rocm-link-target.mlir),
// for each chip and mode in turn: arithmetic that any chip runs, once
// compiled for it.
float f(float x) { return x * 3.0f; }
