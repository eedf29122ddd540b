#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Installs mlir-offload under a prefix:
#
#   bazel run //:install -- <prefix>
#
# the tools into <prefix>/bin, libmgpu.so and liboffload_plugin.so into
# <prefix>/lib, the mgpu headers into <prefix>/include/mgpu, and mgpu.pc,
# naming the prefix, into <prefix>/lib/pkgconfig. A relative prefix is
# relative to the directory `bazel run` was started in.
#
# build_defs/install.bzl makes this script the executable of each
# offload_install target and writes, beside it as <target>.manifest, one
# line per file: how to install it (exec, file or pkgconfig), where under
# the prefix, and where it is in the runfiles.
set -euo pipefail

die() {
  echo "install: error: $*" >&2
  exit 1
}

# Runs a command, whose error, if any, becomes ours: one line, exit 1.
run() {
  local output
  if ! output=$("$@" 2>&1); then
    die "${output:-$1 failed}"
  fi
}

(($# == 1)) || die "expected one argument, the prefix: bazel run //:install -- <prefix>"
prefix="$1"
[[ -n "${prefix}" ]] || die "the prefix is empty"
# mgpu.pc puts the prefix into compiler and linker flags (-Wl, splits at
# commas), unquoted.
if [[ "${prefix}" == *[!A-Za-z0-9/._+@-]* ]]; then
  die "the prefix '${prefix}' holds a character that pkg-config flags cannot carry (allowed: letters, digits, / . _ + @ -)"
fi
if [[ "${prefix}" != /* ]]; then
  prefix="${BUILD_WORKING_DIRECTORY:-${PWD}}/${prefix}"
fi

manifest="$0.manifest"
if [[ -d "$0.runfiles" ]]; then
  runfiles="$0.runfiles"
elif [[ -n "${RUNFILES_DIR:-}" ]]; then
  runfiles="${RUNFILES_DIR}"
elif [[ -n "${TEST_SRCDIR:-}" ]]; then
  runfiles="${TEST_SRCDIR}"
else
  die "no runfiles beside $0 and no RUNFILES_DIR: run it with bazel run"
fi
[[ -f "${manifest}" ]] || die "no ${manifest}: run this script through its Bazel target (bazel run //:install -- <prefix>)"

run mkdir -p -- "${prefix}"
prefix=$(cd "${prefix}" && pwd)

count=0
while read -r how destination source; do
  from="${runfiles}/${source}"
  to="${prefix}/${destination}"
  [[ -f "${from}" ]] || die "${source} is missing from the runfiles (${runfiles})"
  case "${how}" in
    exec) run install -D -m 0755 -- "${from}" "${to}" ;;
    file) run install -D -m 0644 -- "${from}" "${to}" ;;
    pkgconfig)
      run mkdir -p -- "$(dirname "${to}")"
      template=$(<"${from}")
      if ! { printf '%s\n' "${template//@PREFIX@/"${prefix}"}" >"${to}"; } 2>/dev/null; then
        die "cannot write ${to}"
      fi
      ;;
    *) die "unknown kind '${how}' in ${manifest}" ;;
  esac
  count=$((count + 1))
done <"${manifest}"

echo "install: ${count} files under ${prefix}; for pkg-config: PKG_CONFIG_PATH=${prefix}/lib/pkgconfig"
