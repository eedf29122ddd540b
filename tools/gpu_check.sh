#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds the programs that check mlir-offload on a real GPU and gathers them,
# with libmgpu.so, in one folder that a machine with an NVIDIA driver, or an
# AMD GPU with ROCm's HIP runtime, and no Bazel or LLVM runs as it is:
#   tools/gpu_check.sh [folder]      # here (default folder: gpu_check/)
#   gpu_check/run.sh                 # there
#
# The folder holds the examples, the integration suite (the programs of
# testdata/BUILD.bazel's _INTEGRATION_PROGRAMS, each built for sm_90,
# gfx90a, gfx942 and the host in one binary, with what it printed here on
# the host backend), the launch benchmark and the host benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-gpu_check}
tools/bootstrap.sh >/dev/null
examples=(vector_add block_reduce async_chain jacobi math parallel_loops)
# The programs testdata/BUILD.bazel builds (_INTEGRATION_PROGRAMS), not every
# .mlir file there: the host-only lit tests have no program for a GPU.
mapfile -t integration < <(bazel query 'kind(cc_binary, //testdata:all)' \
  2>/dev/null | sed -n 's|^//testdata:integration/||p' | sort)
[[ ${#integration[@]} -gt 0 ]] || { echo "gpu_check.sh: bazel query found no integration program in //testdata" >&2; exit 1; }
# Static with respect to our libraries: the folder holds whole programs.
flags=(-c opt --dynamic_mode=off)
targets=(//bench:launch_bench //bench:host_bench //offload_runtime:libmgpu.so
  //examples:two_chips_sm90_test)
for example in "${examples[@]}"; do
  targets+=("//examples:${example}_test")
done
for name in "${integration[@]}"; do
  targets+=("//testdata:integration/$name")
done
bazel build "${flags[@]}" "${targets[@]}"
bin=$(bazel info "${flags[@]}" bazel-bin 2>/dev/null)
rm -rf "$out"
mkdir -p "$out/integration"
cp "$bin/bench/launch_bench" "$bin/bench/host_bench" \
  "$bin/offload_runtime/libmgpu.so" "$out/"
for example in "${examples[@]}"; do
  cp "$bin/examples/${example}_test" "$out/$example"
done
cp "$bin/examples/two_chips_sm90_test" "$out/two_chips"
# Each integration program with its stdout and exit status on the host
# backend here, which the GPU's must equal.
for name in "${integration[@]}"; do
  cp "$bin/testdata/integration/$name" "$out/integration/$name"
  set +e
  MGPU_DEVICE=host "$out/integration/$name" >"$out/integration/$name.host" 2>/dev/null
  echo $? >"$out/integration/$name.status"
  set -e
done
chmod -R u+w "$out"
cat >"$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs on a machine with an NVIDIA GPU and driver (libcuda.so.1), or with an
# AMD GPU (gfx90a or gfx942, the chips the programs have objects for) and
# ROCm's HIP runtime (libamdhip64.so). MGPU_DEVICE=cuda or rocm says which
# where both are; MGPU_DEVICE=host runs the integration suite on the host
# backend instead, as a check of this folder on any machine.
set -uo pipefail
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
if [[ $device == cuda ]]; then
  # launch_bench's upstream IR loads its module in a global constructor and
  # unloads it in a global destructor: stderr must stay empty.
  ./launch_bench 100000 2>stderr.txt || status=1
  if [[ -s stderr.txt ]]; then
    echo "FAILED: launch_bench printed on stderr:"
    cat stderr.txt
    status=1
  fi
  # The examples: each compares the GPU's results with its CPU reference.
  for example in vector_add block_reduce async_chain jacobi math parallel_loops; do
    MGPU_DEVICE=cuda ./$example || status=1
  done
  # One binary with sm_80 and sm_90 cubins; which one loads, only the test
  # driver tells (//examples:two_chips_sm*_test).
  MGPU_DEVICE=cuda ./two_chips || status=1
fi
if [[ $device == rocm ]]; then
  # The same examples, their gfx90a or gfx942 code objects on the AMD GPU.
  for example in vector_add block_reduce async_chain jacobi math parallel_loops; do
    MGPU_DEVICE=rocm ./$example || status=1
  done
fi
# What a kernel computes from its subgroups' size and layout differs on
# AMD GPUs of gfx9, whose waves have 64 lanes (the host's have 32): those
# programs are run and reported, not compared.
subgroup_size_dependent=" divergent-loops shuffle subgroup-ops subgroup-reduce "
# The integration suite: what each program prints (memref addresses aside;
# printf lines in any order) and its exit status must be the host backend's.
normalize() {
  sed -E 's/base@ = 0x[0-9a-f]+/base@ = ADDRESS/' "$1" | { [[ $2 == printf ]] && sort || cat; }
}
passed=0 failed=0
for program in integration/*.status; do
  name=$(basename "$program" .status)
  MGPU_DEVICE=$device ./integration/$name >integration/$name.$device 2>integration/$name.$device.err
  got=$?
  want=$(cat "$program")
  if [[ $device == rocm && $subgroup_size_dependent == *" $name "* ]]; then
    echo "integration/$name: ran (exit status $got); its output depends on the subgroup size (see integration/$name.$device)"
    continue
  fi
  if [[ $got != "$want" ]] ||
    ! diff <(normalize integration/$name.host "$name") \
      <(normalize integration/$name.$device "$name") >integration/$name.diff; then
    echo "integration/$name: FAILED (exit status $got, expected $want; see integration/$name.diff and .$device.err)"
    failed=$((failed + 1))
    status=1
  else
    passed=$((passed + 1))
  fi
done
echo "integration: $passed passed, $failed failed on $device"
# The host target against plain C++ loops, on this machine's CPU.
./host_bench || status=1
exit $status
RUN
chmod +x "$out/run.sh"
echo "gpu_check: wrote $out/ (run $out/run.sh on the GPU machine)"
