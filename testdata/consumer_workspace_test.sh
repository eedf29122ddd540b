#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds and tests testdata/consumer, a workspace that pulls mlir-offload in
# as @offload with nothing but local_repository,
# offload_standin_dependencies() and offload_dependencies() (no .bazelrc),
# from two copies of this checkout at different paths, each with its own
# Bazel output base and every action in Bazel's sandbox, both against a real
# HTTP remote cache: nginx's WebDAV module on localhost, as a team's cache
# would be. The first build fills the cache; in the second, every
# action of offload_cc_library must be a remote cache hit (Bazel's execution
# log says so), and the objects must be byte-identical to the first build's.
# Both builds must be quiet (no sandbox debug log, nothing printed by our
# actions), and the consumer's own @llvm and @cuda must stay its own beside
# @offload_llvm and @offload_cuda. Then, in the first output base, with every
# CUDA toolkit hidden: a CUDA library fails, saying why, and a host-only one
# builds and its tests pass.
#
# Runs Bazel inside `bazel test`, so it is tagged local: it reads the real
# checkout, which $TEST_SRCDIR/.../WORKSPACE links to.
set -euo pipefail

workspace_file="$TEST_SRCDIR/$TEST_WORKSPACE/WORKSPACE"
checkout=$(dirname "$(readlink -f "$workspace_file")")
tmp=${TEST_TMPDIR:?}
export HOME="$tmp/home"
mkdir -p "$HOME"

if [[ -e $checkout/testdata/consumer/.bazelrc ]]; then
  echo "FAILED: testdata/consumer has a .bazelrc; a consumer must need none"
  exit 1
fi

# The cache: nginx with WebDAV PUT, everything under $tmp.
start_cache() {
  local dir="$tmp/nginx"
  mkdir -p "$dir/store" "$dir/body"
  # As root, nginx's workers would drop to www-data, who cannot write here.
  local user=""
  [[ $(id -u) == 0 ]] && user="user root;"
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  cat >"$dir/nginx.conf" <<EOF
daemon off;
$user
worker_processes 2;
pid $dir/nginx.pid;
error_log $dir/error.log;
events { worker_connections 256; }
http {
  access_log $dir/access.log;
  client_body_temp_path $dir/body;
  proxy_temp_path $dir/body;
  fastcgi_temp_path $dir/body;
  uwsgi_temp_path $dir/body;
  scgi_temp_path $dir/body;
  server {
    listen 127.0.0.1:$port;
    root $dir/store;
    client_max_body_size 0;
    location / {
      dav_methods PUT;
      create_full_put_path on;
      dav_access user:rw;
    }
  }
}
EOF
  nginx -e "$dir/error.log" -c "$dir/nginx.conf" -p "$dir" &
  nginx_pid=$!
  trap 'kill $nginx_pid 2>/dev/null || true' EXIT
  cache="http://127.0.0.1:$port"
  # Up when a PUT comes back as a GET.
  for _ in $(seq 50); do
    if python3 - "$cache" <<'EOF' 2>/dev/null; then
import sys, urllib.request
url = sys.argv[1] + "/probe"
urllib.request.urlopen(urllib.request.Request(url, data=b"ok", method="PUT"), timeout=2)
sys.exit(urllib.request.urlopen(url, timeout=2).read() != b"ok")
EOF
      echo "== remote cache at $cache (nginx $(nginx -v 2>&1 | sed 's/.*\///'))"
      return
    fi
    sleep 0.2
  done
  echo "FAILED: nginx did not come up"; tail -5 "$dir/error.log"; exit 1
}

# A copy of the sources: no Bazel output links, no .git.
copy_checkout() {
  mkdir -p "$1"
  (cd "$checkout" && tar -c --exclude='./bazel-*' --exclude='*/bazel-*' \
    --exclude=./.git .) | tar -x -C "$1"
}

# Runs Bazel in the consumer of checkout $1 with output base $2; the rest is
# the command and its flags. Bazel reads the machine's bazelrc and no other.
consumer_bazel() {
  local consumer="$1/testdata/consumer" base="$2"
  shift 2
  (cd "$consumer" && bazel --batch --nohome_rc \
    --output_user_root="$tmp/root" --output_base="$base" "$@")
}

# Every flag here is one a team would put on its CI's command line, the
# consumer having no .bazelrc: every action in linux-sandbox, with its debug
# mode off (Debian's system bazelrc turns it on: a debug log from every
# action, and every sandbox kept on disk).
sandboxed=(--spawn_strategy=sandboxed --nosandbox_debug --symlink_prefix=/)

# Builds and tests the consumer in checkout $1 with output base $2, execution
# log $3, output in $4. Tests always run (a cached result would prove nothing
# about the second checkout).
build_consumer() {
  echo "== consumer in $1/testdata/consumer"
  consumer_bazel "$1" "$2" test "${sandboxed[@]}" \
    --remote_cache="$cache" --nocache_test_results \
    --execution_log_json_file="$3" \
    --test_output=errors --noshow_progress //... 2>&1 | tee "$4"
}

start_cache
first="$tmp/a/offload"
second="$tmp/b/other/place/mlir-offload"
copy_checkout "$first"
copy_checkout "$second"
build_consumer "$first" "$tmp/base-a" "$tmp/exec-a.json" "$tmp/build-a.log"
build_consumer "$second" "$tmp/base-b" "$tmp/exec-b.json" "$tmp/build-b.log"

status=0
# Quiet: no line of linux-sandbox's debug log, and no output from an action
# on a .mlir source (Bazel shows one as "INFO: From <progress message>:").
for log in "$tmp/build-a.log" "$tmp/build-b.log"; do
  if grep -E -m 3 'src/main/tools/[a-z0-9_-]+\.cc:[0-9]+:|^INFO: From [^:]*\.mlir' "$log"; then
    echo "FAILED: the consumer's build printed the lines above"
    status=1
  fi
done
# offload_cc_library's actions (their mnemonics in build_defs/offload.bzl) in
# the second build: all remote cache hits.
python3 - "$tmp/exec-b.json" <<'EOF' || status=1
import json, sys
text = open(sys.argv[1]).read()
decoder, spawns, at = json.JSONDecoder(), [], 0
while True:
    while at < len(text) and text[at].isspace():
        at += 1
    if at == len(text):
        break
    spawn, at = decoder.raw_decode(text, at)
    spawns.append(spawn)
ours = [s for s in spawns if s.get("mnemonic", "").startswith("Offload")]
hits = [s for s in ours if s.get("remoteCacheHit")]
all_hits = [s for s in spawns if s.get("remoteCacheHit")]
print("second build: %d of %d offload_cc_library actions were remote cache hits "
      "(%d of %d actions in all)" % (len(hits), len(ours), len(all_hits), len(spawns)))
for s in ours:
    if not s.get("remoteCacheHit"):
        print("FAILED: not a cache hit: %s (%s)" % (s.get("progressMessage"), s.get("runner")))
sys.exit(0 if ours and len(hits) == len(ours) else 1)
EOF

# bazel-out/<cpu>-fastbuild: k8 on x86_64, aarch64 on Arm hosts.
bin_a=$(echo "$tmp"/base-a/execroot/consumer/bazel-out/*-fastbuild/bin/_offload/scale_objects)
bin_b=${bin_a/base-a/base-b}
for file in scale.o scale.ll scale.llvm.mlir; do
  if cmp "$bin_a/$file" "$bin_b/$file"; then
    echo "identical from both checkouts: $file ($(stat -c %s "$bin_a/$file") bytes)"
  else
    echo "FAILED: $file differs between $first and $second"
    status=1
  fi
done
# Neither checkout's path may end up in an output.
for path in "$first" "$second" "$tmp"; do
  if grep -q -F "$path" "$bin_a/scale.o" "$bin_b/scale.o"; then
    echo "FAILED: $path appears in scale.o"
    status=1
  fi
done

# The consumer's @llvm and @cuda are its own (own_repositories_test includes
# their headers), and mlir-offload's are beside them under their own names.
external="$tmp/base-a/external"
for file in llvm/include/consumer_llvm.h cuda/include/consumer_cuda.h \
  offload_llvm/lib/libMLIR.so.22.1 offload_cuda/bin/ptxas; do
  [[ -e $external/$file ]] || { echo "FAILED: no external/$file"; status=1; }
done
for file in llvm/lib/libMLIR.so.22.1 cuda/bin/ptxas; do
  [[ ! -e $external/$file ]] || { echo "FAILED: the consumer's @${file%%/*} is mlir-offload's: it has $file"; status=1; }
done

# No CUDA toolkit: OFFLOAD_CUDA_TOOLKIT, which @offload_cuda takes in place of
# any other place, names an empty directory. In the first output base, so
# that nothing compiles again: what needs @offload_cuda fails saying so, and
# the host-only library builds and its tests pass, so nothing fetches it.
no_toolkit="$tmp/no-cuda-toolkit"
mkdir -p "$no_toolkit"
echo "== consumer with OFFLOAD_CUDA_TOOLKIT=$no_toolkit"
if OFFLOAD_CUDA_TOOLKIT=$no_toolkit consumer_bazel "$first" "$tmp/base-a" \
  build --nobuild --noshow_progress //:scale >"$tmp/no-toolkit.log" 2>&1; then
  echo "FAILED: //:scale, for CUDA, built with no CUDA toolkit"
  status=1
elif grep -q -F "OFFLOAD_CUDA_TOOLKIT=$no_toolkit holds no bin/ptxas" "$tmp/no-toolkit.log"; then
  echo "with no CUDA toolkit, //:scale fails: $(grep -o -m 1 'offload_cuda: OFFLOAD_CUDA_TOOLKIT=.*' "$tmp/no-toolkit.log")"
else
  echo "FAILED: //:scale with no CUDA toolkit failed, but not for that:"
  tail -20 "$tmp/no-toolkit.log"
  status=1
fi
if ! OFFLOAD_CUDA_TOOLKIT=$no_toolkit consumer_bazel "$first" "$tmp/base-a" \
  test "${sandboxed[@]}" --nocache_test_results --test_output=errors \
  --noshow_progress //:scale_host_test //:own_repositories_test; then
  echo "FAILED: the host-only library and its tests, with no CUDA toolkit"
  status=1
fi
exit $status
