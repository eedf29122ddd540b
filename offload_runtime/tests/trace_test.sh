#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# MGPU_TRACE: the trace of trace_program is valid Chrome trace JSON with the
# calls it made, whether the program exits, fails in the runtime (exit 1) or
# aborts; without MGPU_TRACE no file appears; an unwritable path is one
# warning, and the program still runs.
set -uo pipefail
program=$(realpath "$1")
checker="$2"
tmp=${TEST_TMPDIR:?}
fail() { echo "FAIL: $*" >&2; exit 1; }
export MGPU_DEVICE=host

check() {  # ending, expected status, lines the trace must have
  local ending=$1 expected=$2
  shift 2
  local trace="$tmp/$ending.json"
  MGPU_TRACE="$trace" "$program" "$ending" 2>"$tmp/$ending.err"
  local status=$?
  [[ $status == "$expected" ]] || fail "$ending: exit status $status, not $expected: $(cat "$tmp/$ending.err")"
  local events
  events=$(python3 "$checker" "$trace") || fail "$ending: $events"
  for line in "$@"; do
    grep -qxF -- "$line" <<<"$events" || fail "$ending: no '$line' in the trace:"$'\n'"$events"
  done
  echo "$ending: $(tail -1 <<<"$events")"
}

common=(
  "thread stream mgpuStreamCreate"
  "thread memory mgpuMemAlloc bytes=256 hostShared=0"
  "thread memory mgpuMemcpy bytes=256 destination=ptr source=ptr stream=ptr"
  "thread memory mgpuMemset32 destination=ptr bytes=256 stream=ptr"
  "stream device fill stream=ptr"
  "thread event mgpuEventRecord event=ptr stream=ptr"
  "stream device record event stream=ptr"
  "thread event mgpuEventSynchronize event=ptr"
  "thread stream mgpuStreamSynchronize stream=ptr"
)
check exit 0 "${common[@]}" \
  "thread memory mgpuMemFree pointer=ptr" "thread stream mgpuStreamDestroy stream=ptr"
check error 1 "${common[@]}" \
  "thread launch mgpuLaunchKernel kernel=? grid=1x1x1 block=1x1x1 sharedMemoryBytes=0 stream=ptr error=the kernel handle is null (a failed mgpuModuleGetFunction?)"
check abort 134 "${common[@]}"
# Names are JSON strings that any reader decodes: a byte that is not UTF-8
# is written as the text \xHH, quotes and backslashes are escaped, and
# UTF-8 stays as it is.
check name 0 "${common[@]}" \
  'thread module mgpuModuleGetFunction module=(nil) kernel=k\xFF"\xé error=the module is null (a failed mgpuModuleLoad?) looking up '"'"'k\xFF"\xé'"'"

# A FIFO that no process reads: one line, and the program runs untraced
# (once, the first call blocked for ever).
mkfifo "$tmp/fifo"
output=$(MGPU_TRACE="$tmp/fifo" timeout 20 "$program" exit 2>&1)
status=$?
[[ $status == 0 ]] || fail "FIFO trace: exit status $status: $output"
[[ $output == "mgpu: MGPU_TRACE: cannot write '$tmp/fifo': No such device or address (a FIFO that no process reads?); not tracing" ]] ||
  fail "FIFO trace: unexpected output: $output"

# A file that takes nothing: the same, not a trace lost without a word.
output=$(MGPU_TRACE=/dev/full "$program" exit 2>&1)
status=$?
[[ $status == 0 ]] || fail "full trace: exit status $status"
[[ $output == "mgpu: MGPU_TRACE: cannot write '/dev/full': No space left on device; not tracing" ]] ||
  fail "full trace: unexpected output: $output"

# No MGPU_TRACE, no file.
(cd "$tmp" && mkdir -p untraced && cd untraced && "$program" exit) || fail "untraced run failed"
[[ -z $(ls "$tmp/untraced") ]] || fail "a file appeared without MGPU_TRACE: $(ls "$tmp/untraced")"

# A path that cannot be written: one line, then the program runs untraced.
output=$(MGPU_TRACE=/nonexistent/dir/trace.json "$program" exit 2>&1)
status=$?
[[ $status == 0 ]] || fail "unwritable trace: exit status $status"
[[ $output == "mgpu: MGPU_TRACE: cannot write '/nonexistent/dir/trace.json': No such file or directory; not tracing" ]] ||
  fail "unwritable trace: unexpected output: $output"
echo "trace: 8 passed, 0 failed"
