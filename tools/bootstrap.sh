#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs what mlir-offload needs on Debian 12, and says where the CUDA
# toolkit is. Idempotent, and quick when everything is already there.
set -euo pipefail

packages=(
  bazel-bootstrap  # Bazel 4.2.3
  libmlir-22-dev mlir-22-tools llvm-22-dev llvm-22-tools clang-22 lld-22
  libclang-rt-22-dev  # libFuzzer and the sanitizers for clang-22 (fuzz/)
  clang-format-22  # the formatting of every C++ file (.clang-format)
  libabsl-dev libgtest-dev libgmock-dev
  python3
  nginx  # the HTTP cache of the remote-cache test (testdata/consumer_workspace_test.sh)
  bazel-skylib  # analysistest, for the tests of offload_cc_library's analysis errors
  pkgconf  # pkg-config, for the test that builds a program against an installed prefix
  # The Vulkan backend's tests: the loader and its headers (the runtime opens
  # libvulkan.so.1 itself and links none of it), Mesa's lavapipe, a Vulkan
  # 1.3 driver that runs on the CPU, Khronos' validation layer, under which
  # every Vulkan test runs (MGPU_VULKAN_VALIDATION=1, .bazelrc), and
  # spirv-tools: spirv-as/spirv-val for the test kernels, and the validator
  # library that the Vulkan target runs on every module it writes.
  mesa-vulkan-drivers libvulkan1 libvulkan-dev vulkan-validationlayers spirv-tools
  valgrind  # callgrind, for bench/callgrind.sh and bench/callgrind_vulkan.sh
  # The AMD target: ROCm's device libraries (ocml, ockl, the oclc_* controls)
  # that #offload.rocm links; ROCm's HIP runtime, which the runtime's HIP
  # backend opens itself (it links none of it) and whose hip_runtime_api.h
  # //offload_runtime/tests:hip_api_test checks hip/hip_api.h against.
  rocm-device-libs libamdhip64-5 libamdhip64-dev
  # bench/host_peers' peers of the host target: PoCL's CPU device (OpenCL,
  # through the ICD loader and its headers) and libomp, for MLIR's OpenMP
  # route and clang's -fopenmp loops.
  pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers libomp-22-dev
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  echo "bootstrap: installing ${missing[*]}"
  sudo=()
  if [[ $(id -u) != 0 ]]; then
    command -v sudo >/dev/null || { echo "bootstrap: need root (or sudo) to install ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# Debian's /etc/bazel/bazelrc is left as Debian ships it: its
# `build --sandbox_debug` is turned off by our .bazelrc (docs/bazel.md).

# The CUDA toolkit is not an apt package on these machines: find it as the
# build and the tools do, in build_defs/cuda_toolkit.bzl's order ("$NAME" is
# a variable, anything else a directory), or where its Bazel-only variable
# says, as the build does.
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
toolkit_bzl="$here/../build_defs/cuda_toolkit.bzl"
mapfile -t search_order < <(sed -n '/^CUDA_TOOLKIT_SEARCH_ORDER = \[/,/^\]/s/^ *"\(.*\)",$/\1/p' "$toolkit_bzl")
bazel_variable=$(sed -n 's/^CUDA_TOOLKIT_BAZEL_VARIABLE = "\(.*\)"$/\1/p' "$toolkit_bzl")
if ((${#search_order[@]} == 0)) || [[ -z $bazel_variable ]]; then
  echo "bootstrap: cannot read the toolkit search order from build_defs/cuda_toolkit.bzl" >&2
  exit 1
fi
cuda=""
if [[ -n ${!bazel_variable:-} ]]; then
  cuda=${!bazel_variable}
  if [[ ! -x $cuda/bin/ptxas ]]; then
    echo "bootstrap: $bazel_variable=$cuda holds no CUDA toolkit (no bin/ptxas): point it at one, or unset it." >&2
    exit 1
  fi
fi
for entry in "${search_order[@]}"; do
  [[ -z $cuda ]] || break
  candidate=$entry
  if [[ $entry == \$* ]]; then
    name=${entry#\$}
    candidate=${!name:-}
  fi
  if [[ -n $candidate && -x $candidate/bin/ptxas ]]; then
    cuda=$candidate
    break
  fi
done
if [[ -z $cuda ]]; then
  echo "bootstrap: no CUDA toolkit found (looked at ${search_order[*]})." >&2
  echo "bootstrap: install the CUDA 13 toolkit, or set one of those variables to it." >&2
  exit 1
fi
for file in bin/ptxas bin/fatbinary nvvm/libdevice/libdevice.10.bc include/cuda.h; do
  if [[ ! -e $cuda/$file ]]; then
    echo "bootstrap: the CUDA toolkit at $cuda has no $file." >&2
    exit 1
  fi
done
echo "bootstrap: LLVM/MLIR $(/usr/lib/llvm-22/bin/llvm-config --version), $(bazel --version 2>/dev/null | head -1 || echo bazel), CUDA toolkit at $cuda ($("$cuda/bin/ptxas" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'))"
