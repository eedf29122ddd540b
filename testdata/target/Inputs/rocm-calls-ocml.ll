; A bitcode library (as text, which the serializers read as well) for AMD
; GPUs that calls ocml: linked through `link` or `l=`, it makes the module
; need ocml, which the module itself does not call.
target triple = "amdgcn-amd-amdhsa"

declare float @__ocml_sin_f32(float)

define float @sine(float %x) {
  %s = call float @__ocml_sin_f32(float %x)
  ret float %s
}
