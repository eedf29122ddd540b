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
bazel build -c opt //bench:launch_bench //offload_runtime:libmgpu.so
bin=$(bazel info -c opt bazel-bin 2>/dev/null)
rm -rf "$out"
mkdir -p "$out"
cp "$bin/bench/launch_bench" "$bin/offload_runtime/libmgpu.so" "$out/"
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
exit $status
RUN
chmod +x "$out/run.sh"
echo "gpu_check: wrote $out/ (run $out/run.sh on the GPU machine)"
