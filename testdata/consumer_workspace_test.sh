#!/bin/bash
# Builds and tests testdata/consumer, a workspace that pulls mlir-offload in
# as @offload, from two copies of this checkout at different paths, each with
# its own Bazel output base and every action in Bazel's sandbox
# (--spawn_strategy=sandboxed). The objects that offload_cc_library makes
# must be byte-identical between the two, and the consumer's test must pass
# in both.
#
# Runs Bazel inside `bazel test`, so it is tagged local: it reads the real
# checkout, which $TEST_SRCDIR/.../WORKSPACE links to.
set -euo pipefail

workspace_file="$TEST_SRCDIR/$TEST_WORKSPACE/WORKSPACE"
checkout=$(dirname "$(readlink -f "$workspace_file")")
tmp=${TEST_TMPDIR:?}
export HOME="$tmp/home"
mkdir -p "$HOME"

# A copy of the sources: no Bazel output links, no .git.
copy_checkout() {
  mkdir -p "$1"
  (cd "$checkout" && tar -c --exclude='./bazel-*' --exclude='*/bazel-*' \
    --exclude=./.git .) | tar -x -C "$1"
}

# Builds and tests the consumer in checkout $1 with output base $2.
build_consumer() {
  local consumer="$1/testdata/consumer" base="$2"
  echo "== consumer in $consumer"
  (cd "$consumer" && bazel --batch --nohome_rc \
    --output_user_root="$tmp/root" --output_base="$base" \
    test --spawn_strategy=sandboxed --nosandbox_debug --symlink_prefix=/ \
    --test_output=errors --noshow_progress //...)
}

first="$tmp/a/offload"
second="$tmp/b/other/place/mlir-offload"
copy_checkout "$first"
copy_checkout "$second"
build_consumer "$first" "$tmp/base-a"
build_consumer "$second" "$tmp/base-b"

status=0
bin=execroot/consumer/bazel-out/k8-fastbuild/bin/_offload/scale_objects
for file in scale.o scale.ll scale.llvm.mlir; do
  if cmp "$tmp/base-a/$bin/$file" "$tmp/base-b/$bin/$file"; then
    echo "identical from both checkouts: $file ($(stat -c %s "$tmp/base-a/$bin/$file") bytes)"
  else
    echo "FAILED: $file differs between $first and $second"
    status=1
  fi
done
# Neither checkout's path may end up in an output.
for path in "$first" "$second" "$tmp"; do
  if grep -q -F "$path" "$tmp/base-a/$bin/scale.o" "$tmp/base-b/$bin/scale.o"; then
    echo "FAILED: $path appears in scale.o"
    status=1
  fi
done
exit $status
