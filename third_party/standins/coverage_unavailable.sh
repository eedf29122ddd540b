#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
echo "bazel coverage needs Bazel's remote_coverage_tools, which this offline build replaces with a stand-in." >&2
exit 1
