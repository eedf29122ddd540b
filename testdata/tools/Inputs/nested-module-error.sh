#!/bin/sh
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# mlir-reduce's interestingness test: exit 1 (interesting) while the input
# still makes offload-opt's host pipeline report the nested module.
offload-opt "$1" --offload-lower-to-host 2>&1 | grep -q "nested builtin.module @nested" && exit 1
exit 0
