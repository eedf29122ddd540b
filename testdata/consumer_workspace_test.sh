#!/bin/bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds and tests testdata/consumer, a workspace that pulls mlir-offload in
# as @offload with nothing but local_repository + offload_dependencies() (no
# .bazelrc), from two copies of this checkout at different paths, each with
# its own Bazel output base and every action in Bazel's sandbox, both against
# a real HTTP remote cache: nginx's WebDAV module on localhost, as a team's
# cache would be. The first build fills the cache; in the second, every
# action of offload_cc_library must be a remote cache hit (Bazel's execution
# log says so), and the objects must be byte-identical to the first build's.
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

# Builds and tests the consumer in checkout $1 with output base $2, execution
# log $3. Bazel reads the machine's bazelrc and no other; every flag here is
# one a team would put on its CI's command line. Tests always run (a cached
# result would prove nothing about the second checkout).
build_consumer() {
  local consumer="$1/testdata/consumer" base="$2" log="$3"
  echo "== consumer in $consumer"
  (cd "$consumer" && bazel --batch --nohome_rc \
    --output_user_root="$tmp/root" --output_base="$base" \
    test --spawn_strategy=sandboxed --symlink_prefix=/ \
    --remote_cache="$cache" --nocache_test_results \
    --execution_log_json_file="$log" \
    --test_output=errors --noshow_progress //...)
}

start_cache
first="$tmp/a/offload"
second="$tmp/b/other/place/mlir-offload"
copy_checkout "$first"
copy_checkout "$second"
build_consumer "$first" "$tmp/base-a" "$tmp/exec-a.json"
build_consumer "$second" "$tmp/base-b" "$tmp/exec-b.json"

status=0
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
exit $status
