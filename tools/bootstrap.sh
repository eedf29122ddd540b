#!/usr/bin/env bash
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

# The CUDA toolkit is not an apt package on these machines: find it, as the
# build does ($CUDA_PATH, then $CUDA_HOME, then /usr/local/cuda).
cuda=""
for candidate in "${CUDA_PATH:-}" "${CUDA_HOME:-}" /usr/local/cuda; do
  if [[ -n $candidate && -x $candidate/bin/ptxas ]]; then
    cuda=$candidate
    break
  fi
done
if [[ -z $cuda ]]; then
  echo "bootstrap: no CUDA toolkit found (looked at \$CUDA_PATH, \$CUDA_HOME, /usr/local/cuda)." >&2
  echo "bootstrap: install the CUDA 13 toolkit, or set CUDA_PATH to it." >&2
  exit 1
fi
for file in bin/ptxas bin/fatbinary nvvm/libdevice/libdevice.10.bc include/cuda.h; do
  if [[ ! -e $cuda/$file ]]; then
    echo "bootstrap: the CUDA toolkit at $cuda has no $file." >&2
    exit 1
  fi
done
echo "bootstrap: LLVM/MLIR $(/usr/lib/llvm-22/bin/llvm-config --version), $(bazel --version 2>/dev/null | head -1 || echo bazel), CUDA toolkit at $cuda ($("$cuda/bin/ptxas" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p'))"
