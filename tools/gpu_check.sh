#!/usr/bin/env bash
# Builds the programs that check mlir-offload on a real GPU and gathers them,
# with libmgpu.so, in one folder that a machine with an NVIDIA driver and no
# Bazel or LLVM runs as it is:
#   tools/gpu_check.sh [folder]      # here (default folder: gpu_check/)
#   gpu_check/run.sh                 # there
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-gpu_check}
tools/bootstrap.sh >/dev/null
examples=(vector_add block_reduce async_chain jacobi math parallel_loops)
# Static with respect to our libraries: the folder holds whole programs.
flags=(-c opt --dynamic_mode=off)
targets=(//bench:launch_bench //offload_runtime:libmgpu.so //examples:two_chips_sm90_test)
for example in "${examples[@]}"; do
  targets+=("//examples:${example}_test")
done
bazel build "${flags[@]}" "${targets[@]}"
bin=$(bazel info "${flags[@]}" bazel-bin 2>/dev/null)
rm -rf "$out"
mkdir -p "$out"
cp "$bin/bench/launch_bench" "$bin/offload_runtime/libmgpu.so" "$out/"
for example in "${examples[@]}"; do
  cp "$bin/examples/${example}_test" "$out/$example"
done
cp "$bin/examples/two_chips_sm90_test" "$out/two_chips"
chmod u+w "$out"/*
cat >"$out/run.sh" <<'RUN'
#!/usr/bin/env bash
# Runs on a machine with an NVIDIA GPU and driver (libcuda.so.1).
set -uo pipefail
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader || true
# launch_bench's upstream IR loads its module in a global constructor and
# unloads it in a global destructor: stderr must stay empty.
./launch_bench 100000 2>stderr.txt
status=$?
if [[ -s stderr.txt ]]; then
  echo "FAILED: launch_bench printed on stderr:"
  cat stderr.txt
  status=1
fi
# The examples: each compares the GPU's results with its CPU reference.
for example in vector_add block_reduce async_chain jacobi math parallel_loops; do
  ./$example || status=1
done
# One binary with sm_80 and sm_90 cubins; which one loads, only the test
# driver tells (//examples:two_chips_sm*_test).
./two_chips || status=1
exit $status
RUN
chmod +x "$out/run.sh"
echo "gpu_check: wrote $out/ (run $out/run.sh on the GPU machine)"
