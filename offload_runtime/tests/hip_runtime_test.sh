#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# MGPU_DEVICE=rocm against the machine's own HIP runtime, found by the
# backend's search order: where ROCm's libamdhip64 is installed and sees no
# AMD GPU (Debian's ROCm 5.2 in CI), and where none is installed (a mount
# namespace that hides it, where the kernel allows one), the program's first
# call prints one line, and nothing else, and it exits 1; on an AMD GPU it
# runs. Then the same program against the test HIP runtime, which runs it.
#   hip_runtime_test.sh PROGRAM TEST-HIP-RUNTIME
set -uo pipefail
program=$(readlink -f "$1")
fake=$(readlink -f "$2")
fail() { echo "FAIL: $*" >&2; exit 1; }
passed=0

# Exactly one line, matching the extended regex $2.
expect_one_line() {
  local what=$1 regex=$2 output=$3 status=$4
  [[ $status == 1 ]] || fail "$what: exit status $status, output: $output"
  [[ $(wc -l <<<"$output") == 1 ]] || fail "$what: not one line: $output"
  [[ $output =~ $regex ]] || fail "$what: unexpected message: $output"
  echo "$what: $output"
  passed=$((passed + 1))
}

no_gpu='^mgpu: mgpuStreamCreate: the HIP runtime libamdhip64\.so(\.[0-9]+)? sees no AMD GPU \(hip[A-Za-z]+ (failed with hipError[A-Za-z]+|found none)( \([^)]*\))?\): check the GPU, its amdgpu kernel driver \(/dev/kfd\) and HIP_VISIBLE_DEVICES$'
none_found='^mgpu: mgpuStreamCreate: cannot load the HIP runtime: tried libamdhip64\.so, libamdhip64\.so\.7, libamdhip64\.so\.6, libamdhip64\.so\.5, (.*/lib/libamdhip64\.so, )?/opt/rocm/lib/libamdhip64\.so; install ROCm'"'"'s HIP runtime \(libamdhip64\), or set MGPU_HIP_RUNTIME to its libamdhip64\.so$'

output=$(env -u MGPU_HIP_RUNTIME MGPU_DEVICE=rocm "$program" 2>&1)
status=$?
if [[ $status == 0 && -z $output ]]; then
  echo "the machine's HIP runtime sees an AMD GPU: the program ran on it"
  passed=$((passed + 1))
elif [[ $output == *"sees no AMD GPU"* ]]; then
  expect_one_line "installed, no GPU" "$no_gpu" "$output" "$status"
else
  expect_one_line "not installed" "$none_found" "$output" "$status"
fi

# No HIP runtime at all: the libraries the program needs, alone in the
# dynamic linker's directories.
libs=${TEST_TMPDIR:-$(mktemp -d)}/libs
mkdir -p "$libs"
for lib in $(ldd "$program" | grep -o '/[^ ]*'); do
  cp -L "$lib" "$libs/"
done
hidden=$(unshare -rm bash -c '
  for dir in /usr/lib/x86_64-linux-gnu /lib/x86_64-linux-gnu /usr/lib64 /opt/rocm/lib; do
    [[ -d $dir && ! -L $dir ]] && mount --bind "$1" "$dir"
  done
  env -u MGPU_HIP_RUNTIME -u ROCM_PATH MGPU_DEVICE=rocm "$2" 2>&1
  echo "status $?"' _ "$libs" "$program" 2>/dev/null)
if [[ $hidden == *"status "* ]]; then
  status=${hidden##*status }
  expect_one_line "hidden" "$none_found" "${hidden%$'\n'status *}" "$status"
else
  echo "hidden: skipped, no mount namespace here"
fi

output=$(MGPU_DEVICE=rocm MGPU_HIP_RUNTIME="$fake" "$program" 2>&1)
status=$?
[[ $status == 0 && -z $output ]] || fail "test runtime: exit status $status, output: $output"
passed=$((passed + 1))
echo "hip_runtime: $passed passed, 0 failed"
