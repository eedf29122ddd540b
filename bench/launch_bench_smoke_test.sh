#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# The benchmark runs against the test driver and prints its table, with the
# driver calls per launch that the runtime promises: (a) upstream's IR and
# (b) ours cost one launch and one synchronize, like (c) the driver alone,
# plus one cuCtxGetCurrent each (the check that the runtime's context is
# current, runtime.md).
set -uo pipefail
output=$("$1" 1000 2>&1) || { echo "FAIL: launch_bench exited $?: $output"; exit 1; }
echo "$output"
failed=0
grep -qE '^\(a\) upstream IR \+ libmgpu.so +1000 +[0-9.]+ +4.00$' <<<"$output" || { echo "FAIL: row (a)"; failed=$((failed + 1)); }
grep -qE '^\(b\) #offload.loader IR \+ libmgpu.so +1000 +[0-9.]+ +4.00$' <<<"$output" || { echo "FAIL: row (b)"; failed=$((failed + 1)); }
grep -qE '^\(c\) CUDA driver directly +1000 +[0-9.]+ +2.00$' <<<"$output" || { echo "FAIL: row (c)"; failed=$((failed + 1)); }
echo "launch_bench: $((3 - failed)) passed, $failed failed"
exit $failed
