#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the programs that check mlir-offload on a real GPU and gathers them,
# with libmgpu.so, in one folder that a machine with an NVIDIA driver, or an
# AMD GPU with ROCm's HIP runtime, and no Bazel or LLVM runs as it is:
#   tools/gpu_check.sh [folder]      # here (default folder: gpu_check/)
#   gpu_check/run.sh [results.tgz]   # there
#   tools/gpu_check_results.sh results.tgz   # here again
#
# The folder holds the examples, the integration suite (every program of
# testdata/integration with a meaning on CUDA, testdata/integration/
# programs.bzl: INTEGRATION_PROGRAMS built for sm_90, gfx90a, gfx942 and the
# host in one binary, GPU_CHECK_PROGRAMS for sm_90 and the host, with what
# each printed here on the host backend, and for Vulkan where it has a
# SPIR-V meaning), random kernels for sm_90
# (fuzz/random_kernels/gpu_batches.py), the runtime's conformance suite for
# CUDA and Vulkan, and the launch benchmark. run.sh packs what the programs
# printed there into one file, which gpu_check_results.sh checks here with
# the programs' FileCheck lines and the random kernels' model, which the GPU
# machine does not have.
set -euo pipefail
# The folder, where the caller means it (relative to where it runs).
out=$(realpath -m "${1:-$(dirname "$0")/../gpu_check}")
cd "$(dirname "$0")/.."
tools/bootstrap.sh >/dev/null
examples=(vector_add block_reduce async_chain jacobi math parallel_loops)
# The programs testdata/BUILD.bazel builds (testdata/integration/
# programs.bzl), not every .mlir file there: the host-only lit tests have no
# program for a GPU.
mapfile -t integration < <(bazel query 'kind(cc_binary, //testdata:all)' \
  2>/dev/null | sed -n 's|^//testdata:integration/||p' | sort)
[[ ${#integration[@]} -gt 0 ]] || { echo "gpu_check.sh: bazel query found no integration program in //testdata" >&2; exit 1; }
# The programs with a Vulkan object too (offload_objects' vulkan = True).
mapfile -t vulkan_programs < <(bazel query \
  'attr(vulkan, 1, kind(offload_objects, //testdata:all))' 2>/dev/null |
  sed -n 's|^//testdata:integration/\(.*\)_objects$|\1|p' | sort)
mapfile -t random_batches < <(bazel query \
  'kind(cc_binary, //fuzz/random_kernels:all)' 2>/dev/null |
  sed -n 's|^//fuzz/random_kernels:||p' | sort)
[[ ${#random_batches[@]} -gt 0 ]] || { echo "gpu_check.sh: bazel query found no random kernel program in //fuzz/random_kernels" >&2; exit 1; }
# Static with respect to our libraries: the folder holds whole programs.
flags=(-c opt --dynamic_mode=off)
# No benchmark of the host target: its host objects are for this machine's
# CPU, which the GPU machine's need not have (the runtime refuses them
# there, saying so).
targets=(//bench:launch_bench //offload_runtime:libmgpu.so
  //examples:two_chips_sm90_test)
# The runtime's conformance suite, on the GPU's own drivers.
conformance=(cuda vulkan)
for backend in "${conformance[@]}"; do
  targets+=("//offload_runtime/conformance/$backend:conformance_test"
    "//offload_runtime/conformance/$backend:kernels")
done
targets+=(//offload_runtime/conformance/cuda:ptx)
for batch in "${random_batches[@]}"; do
  targets+=("//fuzz/random_kernels:$batch")
done
for example in "${examples[@]}"; do
  targets+=("//examples:${example}_test")
done
for name in "${integration[@]}"; do
  targets+=("//testdata:integration/$name")
done
bazel build "${flags[@]}" "${targets[@]}"
bin=$(bazel info "${flags[@]}" bazel-bin 2>/dev/null)
rm -rf "$out"
mkdir -p "$out/integration" "$out/random"
cp "$bin/bench/launch_bench" "$bin/offload_runtime/libmgpu.so" "$out/"
printf '%s\n' "${vulkan_programs[@]}" >"$out/integration/vulkan_programs.txt"
for batch in "${random_batches[@]}"; do
  cp "$bin/fuzz/random_kernels/$batch" "$out/random/$batch"
done
# The kernels' seed, count and batches, with which gpu_batches.py makes the
# same kernels again to check what the GPU printed.
bazel query --output=build //fuzz/random_kernels:gpu_batches 2>/dev/null |
  grep -o -- '--seed [0-9]* --count [0-9]* --batches [0-9]*' >"$out/random/arguments.txt"
printf '%s\n' "${integration[@]}" >"$out/integration/programs.txt"
mkdir -p "$out/conformance"
cp offload_runtime/conformance/conformance_test.cc "$out/conformance/"
for backend in "${conformance[@]}"; do
  cp "$bin/offload_runtime/conformance/$backend/conformance_test" \
    "$out/conformance/${backend}_conformance_test"
done
cp "$bin/offload_runtime/conformance/cuda/conformance_kernels_sm_90.cubin" \
  "$bin/offload_runtime/conformance/cuda/conformance_kernels_sm_90.ptx" \
  "$bin/offload_runtime/conformance/vulkan/conformance_kernels.spv" "$out/conformance/"
for example in "${examples[@]}"; do
  cp "$bin/examples/${example}_test" "$out/$example"
done
cp "$bin/examples/two_chips_sm90_test" "$out/two_chips"
# Each integration program with its stdout and exit status on the host
# backend here, which the GPU's must equal, where it runs on the host.
mapfile -t not_on_host < <(bazel query \
  'attr(host, 0, kind(offload_objects, //testdata:all))' 2>/dev/null |
  sed -n 's|^//testdata:integration/\(.*\)_objects$|\1|p')
for name in "${integration[@]}"; do
  cp "$bin/testdata/integration/$name" "$out/integration/$name"
  [[ " ${not_on_host[*]} " == *" $name "* ]] && continue
  set +e
  MGPU_DEVICE=host "$out/integration/$name" >"$out/integration/$name.expected" 2>/dev/null
  echo $? >"$out/integration/$name.expected_status"
  set -e
done
chmod -R u+w "$out"
cat >"$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs on a machine with an NVIDIA GPU and driver (libcuda.so.1), or with an
# AMD GPU (gfx90a or gfx942, the chips the programs have objects for) and
# ROCm's HIP runtime (libamdhip64.so). MGPU_DEVICE=cuda or rocm says which
# where both are; MGPU_DEVICE=host runs the integration suite on the host
# backend instead, as a check of this folder on any machine. Where a Vulkan
# loader is found (libvulkan.so.1, or MGPU_VULKAN_LIBRARY), the programs with
# a Vulkan object run on the GPU's Vulkan driver too.
#   run.sh [results.tgz]
# packs what every program printed, with its exit status, into results.tgz
# (default: in this folder), which tools/gpu_check_results.sh checks where
# the sources and FileCheck are.
set -uo pipefail
results=$(realpath -m "${1:-$(dirname "$0")/results.tgz}")
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
if [[ -n ${MGPU_DEVICE:-} ]]; then
  device=$MGPU_DEVICE
elif command -v nvidia-smi >/dev/null; then
  device=cuda
elif [[ -e /dev/kfd ]]; then
  device=rocm
else
  echo "run.sh: no NVIDIA driver (nvidia-smi) and no AMD GPU (/dev/kfd); set MGPU_DEVICE"
  exit 1
fi
if [[ $device == cuda ]]; then
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader || true
elif [[ $device == rocm ]]; then
  rocminfo 2>/dev/null | grep -m2 -E "Marketing Name|Name: +gfx" || true
fi
status=0
# A program that hangs the GPU must not hang the check.
run() { timeout 60 "$@"; }
if [[ $device == cuda ]]; then
  # launch_bench's upstream IR loads its module in a global constructor and
  # unloads it in a global destructor: stderr must stay empty.
  run ./launch_bench 100000 2>stderr.txt || status=1
  if [[ -s stderr.txt ]]; then
    echo "FAILED: launch_bench printed on stderr:"
    cat stderr.txt
    status=1
  fi
  # The examples: each compares the GPU's results with its CPU reference.
  for example in vector_add block_reduce async_chain jacobi math parallel_loops; do
    MGPU_DEVICE=cuda run ./$example || status=1
  done
  # One binary with sm_80 and sm_90 cubins; which one loads, only the test
  # driver tells (//examples:two_chips_sm*_test).
  MGPU_DEVICE=cuda run ./two_chips || status=1
fi
# conformance BACKEND OBJECT [VARIABLE=VALUE...]: the runtime's conformance
# suite on the machine's driver for BACKEND, as bazel test runs it.
conformance() {
  local backend=$1 object=$2
  shift 2
  echo "conformance suite on $backend (all of it in conformance/$backend.log):"
  env "$@" MGPU_DEVICE=$backend MGPU_ON_ERROR=report \
    CONFORMANCE_KERNELS=conformance/$object \
    CONFORMANCE_TEST_SOURCE=conformance/conformance_test.cc \
    timeout 60 ./conformance/${backend}_conformance_test >conformance/$backend.log 2>&1 ||
    status=1
  grep -E '^\[  (PASSED|FAILED|SKIPPED) ' conformance/$backend.log || echo "(no summary: it ended early)"
}
if [[ $device == cuda ]]; then
  conformance cuda conformance_kernels_sm_90.cubin \
    CONFORMANCE_PTX=conformance/conformance_kernels_sm_90.ptx
fi
if [[ $device == rocm ]]; then
  # The same examples, their gfx90a or gfx942 code objects on the AMD GPU.
  for example in vector_add block_reduce async_chain jacobi math parallel_loops; do
    MGPU_DEVICE=rocm run ./$example || status=1
  done
fi
vulkan=
if [[ $device != host ]] && { [[ -n ${MGPU_VULKAN_LIBRARY:-} ]] ||
  ldconfig -p 2>/dev/null | grep 'libvulkan\.so\.1 ' >/dev/null; }; then
  vulkan=vulkan
fi
# What a kernel computes from its subgroups' size and layout differs on
# AMD GPUs of gfx9, whose waves have 64 lanes (the host's have 32), and on
# Vulkan devices, whose subgroups may have another size: those programs are
# run and reported, not compared here (gpu_check_results.sh checks them
# with their FileCheck lines).
subgroup_size_dependent=" divergent-loops shuffle subgroup-ops subgroup-reduce vulkan-subgroups "
# The integration suite: what each program prints (memref addresses aside;
# printf lines in any order) and its exit status must be the host
# backend's, where it runs on the host.
normalize() {
  sed -E 's/base@ = 0x[0-9a-f]+/base@ = ADDRESS/' "$1" | { [[ $2 == printf ]] && sort || cat; }
}
passed=0 failed=0 unchecked=0
# run_program NAME DEVICE: runs it, then compares it with the host's.
run_program() {
  local name=$1 on=$2 got
  MGPU_DEVICE=$on run ./integration/$name >integration/$name.$on 2>integration/$name.$on.err
  got=$?
  echo $got >integration/$name.$on.status
  if [[ ! -e integration/$name.expected_status ]] ||
    [[ $on != cuda && $on != host && $subgroup_size_dependent == *" $name "* ]]; then
    unchecked=$((unchecked + 1))
    return
  fi
  if [[ $got != "$(cat integration/$name.expected_status)" ]] ||
    ! diff <(normalize integration/$name.expected "$name") \
      <(normalize integration/$name.$on "$name") >integration/$name.$on.diff; then
    echo "integration/$name on $on: FAILED (exit status $got, expected $(cat integration/$name.expected_status); see integration/$name.$on.diff and .$on.err)"
    failed=$((failed + 1))
    status=1
  else
    passed=$((passed + 1))
  fi
}
while read -r name; do
  [[ $device == host && ! -e integration/$name.expected_status ]] && continue
  run_program "$name" "$device"
done <integration/programs.txt
if [[ -n $vulkan ]]; then
  while read -r name; do
    run_program "$name" vulkan
  done <integration/vulkan_programs.txt
fi
echo "integration: $passed passed, $failed failed, $unchecked not compared (no host run, or subgroups of another size) on $device${vulkan:+ and vulkan}"
if [[ -n $vulkan ]]; then
  conformance vulkan conformance_kernels.spv
fi
# Random kernels (sm_90 objects only): what they print is checked against
# their model by gpu_check_results.sh.
if [[ $device == cuda ]]; then
  for batch in random/gpu_batch_*; do
    [[ $batch == *.* ]] && continue
    MGPU_DEVICE=cuda run ./$batch >$batch.out 2>$batch.err
    echo $? >$batch.status
    echo "$batch: exit status $(cat $batch.status)"
  done
fi
shopt -s nullglob
printed=(integration/*.{cuda,rocm,vulkan,host}{,.err,.status,.diff} random/*.{out,err,status}
  conformance/*.log)
[[ -e random/gpu_batch_0.status ]] && printed+=(random/arguments.txt)
tar czf "$results" "${printed[@]}"
echo "run.sh: wrote $results (check it with tools/gpu_check_results.sh)"
exit $status
RUN
chmod +x "$out/run.sh"
echo "gpu_check: wrote $out/ (run $out/run.sh on the GPU machine)"
