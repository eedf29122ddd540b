; A library for NVIDIA GPUs, which an AMD GPU cannot link.
target triple = "nvptx64-nvidia-cuda"

define float @sine(float %x) {
  ret float %x
}
