# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs a command and fails unless it exits with the given code.

Usage: expect_exit.py [--times N] CODE COMMAND [ARGS...]

`not` accepts any failure; the error tests also insist on exit code 1, so that
a crash or an abort (which exit otherwise) fails them. With --times, the
command runs N times and must exit so every time (what a race does now and
then); the output of each run but the last is discarded.
"""
import subprocess
import sys

args = sys.argv[1:]
times = 1
if args[0] == "--times":
    times, args = int(args[1]), args[2:]
expected, command = int(args[0]), args[1:]
for run in range(times):
    last = run == times - 1
    quiet = {} if last else {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    status = subprocess.call(command, **quiet)
    if status != expected:
        sys.exit("expect_exit.py: %s exited with %d in run %d of %d, expected %d"
                 % (command[0], status, run + 1, times, expected))
