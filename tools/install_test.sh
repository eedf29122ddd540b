#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# //:install's installer (tools/install.sh, as build_defs/install.bzl makes
# it) installs into a temporary prefix; then, with nothing on
# LD_LIBRARY_PATH, a C++ program built with plain clang++ and
# `pkg-config --cflags --libs mgpu` calls the installed runtime, and the
# installed offload-runner runs a program with the installed libmgpu.so.
set -euo pipefail
unset LD_LIBRARY_PATH

runfiles="${TEST_SRCDIR}"
installer="${runfiles}/${TEST_WORKSPACE}/tools/install_for_tests"
clang="${runfiles}/offload_llvm/bin/clang"
program="${runfiles}/${TEST_WORKSPACE}/testdata/tools/Inputs/twice.mlir"
work="${TEST_TMPDIR}/work"
prefix="${TEST_TMPDIR}/prefix"
mkdir -p "${work}"
cd "${work}"

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# expect_error WANT COMMAND...: exits 1 with exactly one line of stderr that
# holds WANT.
expect_error() {
  local want="$1" status=0
  shift
  "$@" >/dev/null 2>error.txt || status=$?
  ((status == 1)) || fail "$* exited with ${status}, not 1: $(cat error.txt)"
  (($(wc -l <error.txt) == 1)) || fail "$* printed more than one line: $(cat error.txt)"
  grep -qF -- "${want}" error.txt || fail "$* said '$(cat error.txt)', not '${want}'"
}

command -v pkg-config >/dev/null || fail "no pkg-config: tools/bootstrap.sh installs it (pkgconf)"

# What a user gets wrong: one line and exit 1 each.
expect_error "expected one argument, the prefix" "${installer}"
expect_error "holds a character that pkg-config flags cannot carry" "${installer}" "${TEST_TMPDIR}/a b"
echo "ok: the installer's errors"

"${installer}" "${prefix}" >install.out
grep -qF "under ${prefix};" install.out || fail "installer said: $(cat install.out)"
for tool in offload-opt offload-translate offload-runner offload-lsp-server offload-reduce; do
  [[ -x "${prefix}/bin/${tool}" ]] || fail "no executable ${prefix}/bin/${tool}"
done
for file in lib/libmgpu.so lib/liboffload_plugin.so include/mgpu/mgpu.h \
  include/mgpu/mgpu_abi.def lib/pkgconfig/mgpu.pc; do
  [[ -f "${prefix}/${file}" ]] || fail "no ${prefix}/${file}"
done
grep -qx "prefix=${prefix}" "${prefix}/lib/pkgconfig/mgpu.pc" || fail "mgpu.pc does not name ${prefix}"
echo "ok: the layout"

# A relative prefix is relative to where `bazel run` started.
mkdir -p started-here
BUILD_WORKING_DIRECTORY="${work}/started-here" "${installer}" relative >/dev/null
[[ -x "${work}/started-here/relative/bin/offload-runner" ]] || fail "a relative prefix went elsewhere"
grep -qx "prefix=${work}/started-here/relative" "${work}/started-here/relative/lib/pkgconfig/mgpu.pc" ||
  fail "the relative prefix's mgpu.pc does not name it absolutely"
echo "ok: a relative prefix"

# A program against the installed runtime, with pkg-config's flags alone.
cat >consumer.cc <<'EOF'
#include <mgpu/mgpu.h>

#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
  constexpr size_t kCount = 1000;
  MgpuStream stream = mgpuStreamCreate();
  auto *device = static_cast<uint32_t *>(
      mgpuMemAlloc(kCount * sizeof(uint32_t), stream, /*hostShared=*/false));
  mgpuMemset32(device, 0xC0FFEEu, kCount, stream);
  std::vector<uint32_t> host(kCount, 0);
  mgpuMemcpy(host.data(), device, kCount * sizeof(uint32_t), stream);
  mgpuStreamSynchronize(stream);
  for (size_t i = 0; i < kCount; ++i) {
    if (host[i] != 0xC0FFEEu) {
      std::printf("element %zu is %#x\n", i, host[i]);
      return 1;
    }
  }
  mgpuMemFree(device, stream);
  mgpuStreamDestroy(stream);
  std::printf("%zu elements set and copied back\n", kCount);
  return 0;
}
EOF
flags=$(PKG_CONFIG_PATH="${prefix}/lib/pkgconfig" pkg-config --cflags --libs mgpu)
read -ra flags <<<"${flags}"
"${clang}" --driver-mode=g++ -std=c++17 consumer.cc "${flags[@]}" -o consumer
MGPU_DEVICE=host ./consumer >consumer.out || fail "the program failed: $(cat consumer.out)"
grep -qx "1000 elements set and copied back" consumer.out || fail "the program printed $(cat consumer.out)"
echo "ok: a program built with pkg-config's flags runs against the installed libmgpu.so"

# The installed runner finds the installed libmgpu.so (<bin>/../lib) and the
# runner utilities in the LLVM it links.
"${prefix}/bin/offload-opt" "${program}" --offload-lower-to-host -o host.mlir
MGPU_DEVICE=host "${prefix}/bin/offload-runner" --entry-point-result=void host.mlir \
  -debug-only=offload-runner >run.out 2>run.err
grep -qF "[0,  2,  4,  6]" run.out || fail "offload-runner printed $(cat run.out)"
grep -qx "offload-runner: loads ${prefix}/lib/libmgpu.so" run.err ||
  fail "offload-runner did not load the installed libmgpu.so: $(cat run.err)"
echo "ok: the installed offload-runner runs with the installed libmgpu.so"

# Without it, the runner says where it looked.
mv "${prefix}/lib/libmgpu.so" "${work}/libmgpu.so.away"
expect_error "offload-runner: error: cannot find libmgpu.so; looked in ${prefix}/bin, ${prefix}/lib, " \
  "${prefix}/bin/offload-runner" --entry-point-result=void host.mlir
echo "ok: a missing libmgpu.so is an error that names where it was looked for"
