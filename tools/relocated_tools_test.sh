#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The tools work out of bazel-bin: each tool, the plugin and libmgpu.so are
# copied into a folder of their own and run from there with no
# LD_LIBRARY_PATH. Those that link Debian's libLLVM.so and libMLIR.so find
# them through an absolute run path (build_defs/llvm_runpath.bzl); the runner
# finds libmgpu.so beside itself and MLIR's runner utilities in that LLVM.
set -euo pipefail
unset LD_LIBRARY_PATH

runfiles="${TEST_SRCDIR}"
built="${runfiles}/${TEST_WORKSPACE}"
readelf="${runfiles}/offload_llvm/bin/llvm-readelf"
program="${built}/testdata/tools/Inputs/twice.mlir"
mlir_opt="${runfiles}/offload_llvm/bin/mlir-opt"
dir="${TEST_TMPDIR}/relocated"
work="${TEST_TMPDIR}/work"
mkdir -p "${dir}" "${work}"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

for file in offload-opt offload-translate offload-runner offload-lsp-server \
  offload-reduce liboffload_plugin.so; do
  cp "${built}/tools/${file}" "${dir}/"
done
cp "${built}/offload_runtime/libmgpu.so" "${dir}/"

# The run path of each that links the shared LLVM: entries relative to the
# binary ($ORIGIN) or absolute; one absolute entry holds both libraries, and
# none is in Bazel's output, which would work here and nowhere else.
for file in offload-runner offload-lsp-server offload-reduce liboffload_plugin.so; do
  runpath=$("${readelf}" --dynamic-table "${dir}/${file}" |
    sed -n 's/.*(RUNPATH) *Library runpath: \[\(.*\)\]$/\1/p')
  [[ -n "${runpath}" ]] || fail "${file} has no RUNPATH"
  found=""
  IFS=: read -ra entries <<<"${runpath}"
  for entry in "${entries[@]}"; do
    case "${entry}" in
      "\$ORIGIN"*) ;;
      /*)
        case "${entry}" in
          */execroot/* | */bazel-out/* | */_bazel_* | */sandbox/*)
            fail "${file}: run path entry ${entry} is in Bazel's output"
            ;;
        esac
        if [[ -f "${entry}/libMLIR.so.22.1" && -f "${entry}/libLLVM.so.22.1" ]]; then
          found="${entry}"
        fi
        ;;
      *) fail "${file}: run path entry '${entry}' is neither absolute nor \$ORIGIN-relative" ;;
    esac
  done
  [[ -n "${found}" ]] || fail "${file}: no run path entry holds libMLIR.so.22.1 and libLLVM.so.22.1 (${runpath})"
  echo "ok: ${file} finds LLVM in ${found}"
done

expected='[0,  2,  4,  6]'
cp "${program}" "${work}/twice.mlir"
cd "${work}"

# offload-opt: the host pipeline.
"${dir}/offload-opt" twice.mlir --offload-lower-to-host -o host.mlir
grep -q "gpu.binary @kernels" host.mlir || fail "offload-opt made no gpu.binary"
echo "ok: offload-opt"

# offload-translate: #offload.loader's translation.
"${dir}/offload-translate" --mlir-to-llvmir host.mlir -o host.ll
grep -q "mgpuModuleLoadObjects" host.ll || fail "offload-translate: no call to mgpuModuleLoadObjects"
echo "ok: offload-translate"

# offload-runner, with no --shared-libs: libmgpu.so beside it, the runner
# utilities from the LLVM it links.
MGPU_DEVICE=host "${dir}/offload-runner" --entry-point-result=void host.mlir >run.out
grep -qF "${expected}" run.out || fail "offload-runner printed $(cat run.out), not ${expected}"
echo "ok: offload-runner"

# offload-lsp-server starts (a missing library would stop it before main);
# offload-reduce reduces. Not the GPU program: MLIR 22's reducer (Debian's
# mlir-reduce-22 too) crashes verifying a candidate that keeps a
# gpu.launch_func without its gpu.module.
"${dir}/offload-lsp-server" --version | grep -q "LLVM version" || fail "offload-lsp-server --version"
cat >reduce.mlir <<'EOF'
func.func @keep() {
  return
}
func.func @drop() {
  return
}
EOF
cat >interesting.sh <<'EOF'
#!/bin/sh
grep -q "@keep" "$1" && exit 1
exit 0
EOF
chmod +x interesting.sh
"${dir}/offload-reduce" reduce.mlir -reduction-tree="traversal-mode=0 test=${work}/interesting.sh" -o reduced.mlir
grep -q "@keep" reduced.mlir || fail "offload-reduce lost @keep"
if grep -q "@drop" reduced.mlir; then fail "offload-reduce kept @drop"; fi
echo "ok: offload-lsp-server, offload-reduce"

# The plugin in Debian's mlir-opt, its dialect and its pipeline.
"${mlir_opt}" --load-dialect-plugin="${dir}/liboffload_plugin.so" \
  --load-pass-plugin="${dir}/liboffload_plugin.so" twice.mlir \
  --pass-pipeline='builtin.module(offload-lower-to-host)' -o plugin.mlir
MGPU_DEVICE=host "${dir}/offload-runner" --entry-point-result=void plugin.mlir >plugin.out
grep -qF "${expected}" plugin.out || fail "the plugin's program printed $(cat plugin.out), not ${expected}"
echo "ok: liboffload_plugin.so"
