// A bitcode library that clang builds for an AMD GPU (rocm-link-target.mlir):
// packed fp8 conversions, which gfx942 has (v_cvt_pk_fp8_f32) and gfx90a
// cannot decode.
float f(float x) { return (float)__builtin_amdgcn_cvt_pk_fp8_f32(x, x, 0, 0); }
