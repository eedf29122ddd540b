#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The BUILD graph points one way (docs/building.md, "Layers"):
#
#   tools -> registration -> pipelines -> {conversion -> transforms,
#         translation, target/*} -> {dialects, abi}
#
# Compiled code sees the runtime only through its ABI header
# (//offload_runtime:mgpu_headers, bound to MLIR types in abi/), each target
# sits beside the others on target/common, each lowering in conversion/
# beside the others on conversion/common, and
# the runtime and its test driver contain no compiler code. Below all of them,
# compiler and runtime alike, object_format/ (what an object's bytes are)
# depends on nothing of ours and nothing of LLVM. Each rule is a
# `bazel query` on this checkout; a violation prints the offending path.
#
# Runs Bazel inside `bazel test` (tagged local): the checkout is found through
# the WORKSPACE file that the test depends on.
set -uo pipefail

workspace_file="$TEST_SRCDIR/$TEST_WORKSPACE/WORKSPACE"
checkout=$(dirname "$(readlink -f "$workspace_file")")
tmp=${TEST_TMPDIR:?}
export HOME="$tmp/home"
mkdir -p "$HOME"
cd "$checkout" || exit 1

bazel_query() {
  bazel --nohome_rc --output_user_root="$tmp/root" --output_base="$tmp/base" \
    query --noshow_progress --keep_going "$@" 2>"$tmp/query.err"
}
trap 'bazel --nohome_rc --output_user_root="$tmp/root" --output_base="$tmp/base" shutdown >/dev/null 2>&1' EXIT

failures=0
checks=0

# The siblings of each layer are found, not listed, so that a new lowering,
# target or backend falls under the rules by being there: every package of
# conversion/ and of target/ but common/, and every folder of
# offload_runtime/ whose sources register a backend (MGPU_REGISTER_BACKEND).
packages_but_common() {
  local dir
  for dir in "$1"/*/; do
    dir=${dir%/}
    [[ -f $dir/BUILD.bazel && ${dir##*/} != common ]] && echo "${dir##*/}"
  done
}
mapfile -t lowerings < <(packages_but_common conversion)
mapfile -t targets < <(packages_but_common target)
mapfile -t backends < <(grep -lE '^MGPU_REGISTER_BACKEND\(' offload_runtime/*/*.cc |
  cut -d/ -f2 | sort -u)
# union PARENT NAME...: the query //PARENT/NAME/... + ... for every NAME.
union() {
  local parent="$1" name out=""
  shift
  for name in "$@"; do
    out+="${out:+ + }//$parent/$name/..."
  done
  echo "$out"
}
# alternatives NAME...: NAME|NAME|..., for a regular expression.
alternatives() { (IFS='|'; echo "$*"); }
# A rule among siblings holds of fewer than two only vacuously: finding
# fewer means the search above no longer matches the tree.
for layer in lowerings targets backends; do
  declare -n found="$layer"
  checks=$((checks + 1))
  if ((${#found[@]} < 2)); then
    echo "FAIL: found ${#found[@]} $layer (${found[*]}); the rules among them would hold of nothing"
    failures=$((failures + 1))
  else
    echo "ok: $layer: ${found[*]}"
  fi
  unset -n found
done
# forbid NAME FROM FORBIDDEN: no target in FROM may depend on one in FORBIDDEN.
forbid() {
  local name="$1" from="$2" forbidden="$3"
  checks=$((checks + 1))
  local found
  found=$(bazel_query "deps($from) intersect ($forbidden)")
  local status=$?
  if ((status != 0)); then
    echo "FAIL: $name: bazel query failed:"
    cat "$tmp/query.err"
    failures=$((failures + 1))
    return
  fi
  if [[ -n $found ]]; then
    local first
    first=$(head -1 <<<"$found")
    echo "FAIL: $name: $from depends on $(tr '\n' ' ' <<<"$found")"
    echo "  for example: $(bazel_query "somepath($from, $first)" | tr '\n' ' ')"
    failures=$((failures + 1))
  else
    echo "ok: $name"
  fi
}

compiler_layers="//abi/... + //dialects/... + //transforms/... + //conversion/... + //target/... + //translation/... + //pipelines/... + //registration/... + //tools/..."
runtime_except_abi="//offload_runtime/... - //offload_runtime:mgpu_headers"
llvm_libraries="@offload_llvm//:mlir + @offload_llvm//:llvm + @offload_llvm//:mlir_headers + @offload_llvm//:llvm_headers + @offload_llvm//:static_archives + @offload_llvm//:static_archives_system_libraries"
# What sits above each layer, tests aside.
above_bottom="//transforms/... + //conversion/... + //target/... + //translation/... + //pipelines/... + //registration/... + //tools/..."
above_middle="//pipelines/... + //registration/... + //tools/..."

forbid "dialects is a bottom layer" "//dialects/... - //dialects/cuda/tests/..." \
  "//abi/... + $above_bottom + ($runtime_except_abi)"
forbid "abi is a bottom layer: the runtime's ABI header as MLIR types" "//abi/... - //abi/tests/..." \
  "//dialects/... + $above_bottom + ($runtime_except_abi)"
forbid "transforms sit on the dialect and the ABI" "//transforms/..." \
  "//conversion/... + //target/... + //translation/... + $above_middle + ($runtime_except_abi)"
forbid "conversion sits on the transforms, below the pipelines" "//conversion/..." \
  "//target/... + //translation/... + $above_middle + ($runtime_except_abi)"
all_lowerings=$(union conversion "${lowerings[@]}")
for lowering in "${lowerings[@]}"; do
  forbid "conversion/$lowering sits beside the other lowerings" "//conversion/$lowering/..." \
    "$all_lowerings - //conversion/$lowering/... + //conversion:conversion"
done
forbid "conversion/common serves the lowerings alone" "//conversion/common/..." \
  "$all_lowerings + //conversion:conversion"
all_target_dialects=$(union dialects "${targets[@]}")
for target in "${targets[@]}"; do
  forbid "dialects/$target sits beside the other targets' attributes" "//dialects/$target/..." \
    "$all_target_dialects - //dialects/$target/..."
done
for target in "${targets[@]}"; do
  forbid "target/$target sits beside the other targets" "//target/$target/..." \
    "//target/... - //target/$target/... - //target/common/... + //transforms/... + //conversion/... + //translation/... + $above_middle + ($runtime_except_abi)"
done
forbid "target/common serves the targets alone" "//target/common/..." \
  "$(union target "${targets[@]}") + //transforms/... + //conversion/... + //translation/... + $above_middle + ($runtime_except_abi)"
forbid "translation sees the dialect and the runtime's ABI only" \
  "//translation/... - //translation/tests/..." \
  "//transforms/... + //conversion/... + //target/... + $above_middle + ($runtime_except_abi)"
forbid "pipelines sit beside translation and the targets" "//pipelines/..." \
  "//target/... + //translation/... + //registration/... + //tools/... + ($runtime_except_abi)"
forbid "registration is below the tools" "//registration/..." "//tools/..."
forbid "the runtime and its test driver contain no compiler code" \
  "//offload_runtime/... - //offload_runtime/tests/... - //offload_runtime/conformance/..." \
  "$compiler_layers + $llvm_libraries"
forbid "object_format is the bottom of compiler and runtime: nothing of ours, no LLVM" \
  "//object_format/... - //object_format/tests/..." \
  "$compiler_layers + //offload_runtime/... + $llvm_libraries"
runtime_backends=$(union offload_runtime "${backends[@]}")
forbid "the runtime's core names no backend: each registers itself" \
  "//offload_runtime:core" "$runtime_backends"
for backend in "${backends[@]}"; do
  forbid "offload_runtime/$backend sits beside the other backends" \
    "//offload_runtime/$backend/..." \
    "$runtime_backends - //offload_runtime/$backend/..."
done
forbid "offload-translate links no serializer and no pipeline" \
  "//tools:offload-translate" "//target/... + //pipelines/... + //conversion/... + //transforms/..."

# Includes say the same as the BUILD graph: a lower folder never names a
# higher one.
checks=$((checks + 1))
# names_sibling PARENT FOLDER...: the files of each PARENT/FOLDER that include
# another of the FOLDERs.
names_sibling() {
  local parent="$1"
  shift
  local folders folder
  folders=$(IFS='|'; echo "$*")
  for folder in "$@"; do
    grep -rE "#include \"$parent/($folders)/" "$parent/$folder" |
      grep -v "#include \"$parent/$folder/" | cut -d: -f1
  done
}
up=$({
  grep -rlE '#include "(abi|dialects|transforms|conversion|target|translation|pipelines|registration|tools|offload_runtime)/|#include [<"](mlir|llvm)/' object_format
  grep -rlE '#include "(abi|transforms|conversion|target|translation|pipelines|registration|tools)/' dialects
  grep -rlE '#include "(dialects|transforms|conversion|target|translation|pipelines|registration|tools)/' abi
  grep -rlE '#include "(conversion|target|translation|pipelines|registration|tools)/' transforms
  grep -rlE '#include "(target|translation|pipelines|registration|tools)/' conversion
  grep -rlE "#include \"conversion/($(alternatives "${lowerings[@]}"))/" conversion/common
  # Each lowering names no other.
  names_sibling conversion "${lowerings[@]}"
  grep -rlE '#include "(transforms|conversion|translation|pipelines|registration|tools)/' target
  grep -rlE "#include \"target/($(alternatives "${targets[@]}"))/" target/common
  # Each target names no other.
  names_sibling target "${targets[@]}"
  grep -rlE '#include "(transforms|conversion|target|pipelines|registration|tools)/' translation
  grep -rlE '#include "(target|translation|registration|tools)/' pipelines
  grep -rlE '#include "(abi|dialects|transforms|conversion|target|translation|pipelines|registration|tools)/|#include "(mlir|llvm)/' offload_runtime
  # The runtime's core includes no backend's header; a backend, no other's.
  grep -lE "#include \"offload_runtime/($(alternatives "${backends[@]}"))/" offload_runtime/*.cc offload_runtime/*.h
  for backend in "${backends[@]}"; do
    grep -rE "#include \"offload_runtime/($(alternatives "${backends[@]}"))/" "offload_runtime/$backend" |
      grep -v "#include \"offload_runtime/$backend/" | cut -d: -f1
  done
} 2>/dev/null)
if [[ -n $up ]]; then
  echo "FAIL: includes that point up a layer: $(tr '\n' ' ' <<<"$up")"
  failures=$((failures + 1))
else
  echo "ok: includes point down"
fi

echo "layering: $((checks - failures)) passed, $failures failed"
exit $((failures > 0))
