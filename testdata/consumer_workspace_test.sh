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
# @offload_llvm and @offload_cuda. Then, in the first output base: a
# prebuilt tool set that lacks a tool fails, saying which; with no prebuilt
# tools, the consumer's libraries and every target of @offload//tools load
# and analyse, the rule then runs @offload's own tools, and the compiler's
# generated sources (mlir-tblgen, the pipelines' options) build; and with
# every CUDA toolkit hidden, a CUDA library fails, saying why, and a
# host-only one builds and its tests pass.
#
# The arguments are the compiler's tools that the rule runs (offload-opt,
# offload-translate), as this checkout's build made them for its own rules
# and tests. The consumer takes them as a prebuilt tool set
# ($OFFLOAD_PREBUILT_TOOLS, docs/bazel.md), so the nested builds compile no
# compiler: every tool the rule runs must be one of them, and nothing of
# @offload//tools may build. That leaves unproven here that the compiler's
# C++ compiles and links as an external repository, in the sandbox, with no
# .bazelrc, into tools that make the same objects from either checkout:
# //testdata:consumer_workspace_from_source_test (tagged manual) runs this
# script with no arguments, and its nested builds do all of that (8 to 16
# minutes on 2 cores). Its compile commands differ from the ones the outer
# build runs on every test only in the paths Bazel gives an external
# repository (external/offload, its bin directory), the same that the
# runtime's compiles here go through, and the generated sources' paths,
# which are built here.
#
# Runs Bazel inside `bazel test`, so it is tagged local: it reads the real
# checkout, which $TEST_SRCDIR/.../WORKSPACE links to.
set -euo pipefail

workspace_file="$TEST_SRCDIR/$TEST_WORKSPACE/WORKSPACE"
checkout=$(dirname "$(readlink -f "$workspace_file")")
tmp=${TEST_TMPDIR:?}
export HOME="$tmp/home"
mkdir -p "$HOME"

# The tools handed in, as a prebuilt tool set: a directory of them.
if (($#)); then
  prebuilt="$tmp/prebuilt-tools"
  mkdir -p "$prebuilt"
  for tool in "$@"; do
    ln -s "$(readlink -f "$tool")" "$prebuilt/${tool##*/}"
  done
  export OFFLOAD_PREBUILT_TOOLS=$prebuilt
fi

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
  echo "== consumer in $1/testdata/consumer${OFFLOAD_PREBUILT_TOOLS:+, with OFFLOAD_PREBUILT_TOOLS=$OFFLOAD_PREBUILT_TOOLS} [${SECONDS}s]"
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
# Each build's actions by mnemonic, and the packages of @offload it built
# (for the record: they do not depend on the machine's load). In the second,
# every offload_cc_library action (their mnemonics in build_defs/offload.bzl)
# must be a remote cache hit. With tools handed in, every offload-opt and
# offload-translate that the rule ran must be one of them, and nothing of
# @offload//tools may build.
for build in a b; do
  python3 - "$tmp/exec-$build.json" "$build" "${OFFLOAD_PREBUILT_TOOLS:-}" <<'EOF' || status=1
import collections, json, os, sys
path, build, prebuilt = sys.argv[1:]
text = open(path).read()
decoder, spawns, at = json.JSONDecoder(), [], 0
while True:
    while at < len(text) and text[at].isspace():
        at += 1
    if at == len(text):
        break
    spawn, at = decoder.raw_decode(text, at)
    spawns.append(spawn)
name = {"a": "first", "b": "second"}[build]
mnemonics = collections.Counter(s.get("mnemonic", "") for s in spawns)
all_hits = [s for s in spawns if s.get("remoteCacheHit")]
print("%s build: %d actions, %d of them remote cache hits: %s" % (
    name, len(spawns), len(all_hits),
    ", ".join("%s %d" % item for item in sorted(mnemonics.items()))))
# The package of @offload that each action builds for, by its first output.
built = collections.Counter()
for s in spawns:
    outputs = [o["path"] for o in s.get("actualOutputs", []) if "/external/offload/" in o["path"]]
    if outputs:
        relative = outputs[0].split("/external/offload/", 1)[1]
        built[relative.split("/_objs/")[0] if "/_objs/" in relative else os.path.dirname(relative)] += 1
print("  actions for @offload's packages: %s" % (", ".join("%s %d" % item for item in sorted(built.items())) or "none"))
status = 0
ours = [s for s in spawns if s.get("mnemonic", "").startswith("Offload")]
if not ours:
    print("FAILED: no offload_cc_library action in the %s build" % name)
    status = 1
if build == "b":
    hits = [s for s in ours if s.get("remoteCacheHit")]
    print("second build: %d of %d offload_cc_library actions were remote cache hits" % (len(hits), len(ours)))
    for s in ours:
        if not s.get("remoteCacheHit"):
            print("FAILED: not a cache hit: %s (%s)" % (s.get("progressMessage"), s.get("runner")))
            status = 1
if prebuilt:
    for s in ours:
        tool = s["commandArgs"][0]
        if s["mnemonic"] != "OffloadLlc" and not tool.startswith("external/offload_tools/"):
            print("FAILED: %s ran %s, not a tool of OFFLOAD_PREBUILT_TOOLS" % (s.get("progressMessage"), tool))
            status = 1
    for package in built:
        if package == "tools" or package.startswith("tools/"):
            print("FAILED: the %s build built @offload//%s, with tools handed in" % (name, package))
            status = 1
sys.exit(status)
EOF
done

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

# A prebuilt tool set without offload-translate (an empty file as its
# offload-opt, which is never run): analysis fails, naming what is missing.
incomplete="$tmp/incomplete-tools"
mkdir -p "$incomplete"
: >"$incomplete/offload-opt"
echo "== consumer with OFFLOAD_PREBUILT_TOOLS=$incomplete [${SECONDS}s]"
if OFFLOAD_PREBUILT_TOOLS=$incomplete consumer_bazel "$first" "$tmp/base-a" \
  build --nobuild --noshow_progress //:scale_host >"$tmp/incomplete.log" 2>&1; then
  echo "FAILED: //:scale_host built with a prebuilt tool set lacking offload-translate"
  status=1
elif grep -q -F "OFFLOAD_PREBUILT_TOOLS=$incomplete holds no offload-translate." "$tmp/incomplete.log"; then
  echo "with no offload-translate in the tool set, //:scale_host fails: $(grep -o -m 1 'offload_tools: OFFLOAD_PREBUILT_TOOLS=.*' "$tmp/incomplete.log")"
else
  echo "FAILED: //:scale_host with an incomplete tool set failed, but not for that:"
  tail -20 "$tmp/incomplete.log"
  status=1
fi

# With no prebuilt tools, as a workspace without them builds: the consumer's
# libraries and all of @offload//tools load and analyse as @offload, and the
# rule runs @offload's own tools, in the execution configuration; and the
# compiler's generated sources build under external/offload.
echo "== consumer with no prebuilt tools: analysis, and the compiler's generated sources [${SECONDS}s]"
from_source_bazel() {
  (unset OFFLOAD_PREBUILT_TOOLS; consumer_bazel "$first" "$tmp/base-a" "$@")
}
if ! from_source_bazel aquery --noshow_progress \
  'mnemonic("OffloadLower|OffloadTranslate", //... + @offload//tools:all)' >"$tmp/from-source.aquery" 2>"$tmp/from-source.log"; then
  echo "FAILED: with no prebuilt tools, the consumer and @offload//tools do not analyse:"
  tail -20 "$tmp/from-source.log"
  status=1
else
  echo "with no prebuilt tools, the consumer and @offload//tools analyse"
  for tool in offload-opt offload-translate; do
    if ! grep -q -E "bin/external/offload/tools/$tool " "$tmp/from-source.aquery"; then
      echo "FAILED: with no prebuilt tools, offload_cc_library does not run @offload//tools:$tool"
      status=1
    fi
  done
fi
generated=$(from_source_bazel query --noshow_progress \
  'kind("genrule|_gentbl", deps(@offload//tools:offload-opt + @offload//tools:offload-translate))' 2>"$tmp/generated.log") || {
  echo "FAILED: query of the compiler's generated sources"; tail -20 "$tmp/generated.log"; status=1; }
if [[ -n $generated ]] && from_source_bazel build "${sandboxed[@]}" --noshow_progress $generated >>"$tmp/generated.log" 2>&1; then
  echo "the compiler's generated sources build under external/offload: $(wc -w <<<"$generated") targets"
else
  echo "FAILED: the compiler's generated sources did not build:"
  tail -20 "$tmp/generated.log"
  status=1
fi

# No CUDA toolkit: OFFLOAD_CUDA_TOOLKIT, which @offload_cuda takes in place of
# any other place, names an empty directory. In the first output base, so
# that nothing compiles again: what needs @offload_cuda fails saying so, and
# the host-only library builds and its tests pass, so nothing fetches it.
no_toolkit="$tmp/no-cuda-toolkit"
mkdir -p "$no_toolkit"
echo "== consumer with OFFLOAD_CUDA_TOOLKIT=$no_toolkit [${SECONDS}s]"
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
echo "== done [${SECONDS}s]"
exit $status
