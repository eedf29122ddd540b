# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Validates a trace written by MGPU_TRACE and prints its events for
FileCheck.

    check_trace.py TRACE.json

Fails (exit 1, saying why) unless the file is one JSON array of Chrome
trace events as chrome://tracing and Perfetto read them: metadata events
("ph": "M") naming the process and each track, and complete events
("ph": "X") with a name, a category, a non-negative start and duration in
microseconds, a pid, a tid on a named track and an args object. Then prints
one line per complete event, in the file's order:

    <thread|stream> <category> <name> key=value ...

with pointers shown as "ptr" (their values change from run to run).
"""

import json
import sys


def fail(message):
    print("check_trace: FAILED: " + message)
    sys.exit(1)


def main():
    path = sys.argv[1]
    try:
        with open(path, encoding="utf-8") as f:
            events = json.load(f)
    except (OSError, ValueError) as e:
        fail("%s is not a JSON trace: %s" % (path, e))
    if not isinstance(events, list) or not events:
        fail("the trace is not a non-empty JSON array")

    named_tracks, processes = {}, set()
    for event in events:
        if event.get("ph") != "M":
            continue
        if event.get("name") == "process_name":
            processes.add(event["pid"])
        elif event.get("name") == "thread_name":
            named_tracks[(event["pid"], event["tid"])] = event["args"]["name"]
        elif event.get("name") == "process_labels":
            if not isinstance(event.get("args", {}).get("labels"), str):
                fail("process_labels without labels: %s" % event)
        else:
            fail("unknown metadata event %s" % event)

    lines = []
    for event in events:
        if event.get("ph") == "M":
            continue
        if event.get("ph") != "X":
            fail("event is neither complete nor metadata: %s" % event)
        for key, kind in [("name", str), ("cat", str), ("ts", (int, float)),
                          ("dur", (int, float)), ("pid", int), ("tid", int), ("args", dict)]:
            if not isinstance(event.get(key), kind):
                fail("event without a valid '%s': %s" % (key, event))
        if event["ts"] < 0 or event["dur"] < 0:
            fail("negative time: %s" % event)
        if event["pid"] not in processes:
            fail("event of an unnamed process: %s" % event)
        track = named_tracks.get((event["pid"], event["tid"]))
        if track is None:
            fail("event on an unnamed track: %s" % event)
        kind = "stream" if track.startswith("stream ") else "thread"
        args = []
        for key, value in event["args"].items():
            if isinstance(value, str) and value.startswith("0x"):
                value = "ptr"
            elif isinstance(value, list):
                value = "x".join(str(v) for v in value)
            args.append("%s=%s" % (key, value))
        lines.append(" ".join([kind, event["cat"], event["name"]] + args))

    for line in lines:
        print(line)
    print("check_trace: %d events on %d tracks" % (len(lines), len(named_tracks)))


if __name__ == "__main__":
    main()
