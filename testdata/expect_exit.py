# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs a command and fails unless it exits with the given code.

Usage: expect_exit.py CODE COMMAND [ARGS...]

`not` accepts any failure; the error tests also insist on exit code 1, so that
a crash or an abort (which exit otherwise) fails them.
"""
import subprocess
import sys

expected = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status != expected:
    sys.exit("expect_exit.py: %s exited with %d, expected %d" % (sys.argv[2], status, expected))
