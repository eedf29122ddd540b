# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Talks to a language server over stdin/stdout as an editor would, and
prints what it answers, for FileCheck.

    lsp_exchange.py SERVER FILE [LINE:COLUMN ...]

Opens FILE, prints each diagnostic the server publishes for it, then for each
LINE:COLUMN (1-based, as an editor shows them) asks for the hover text and
the definition there and prints both. Fails if the server does not answer in
time or exits early.
"""

import json
import os
import pathlib
import subprocess
import sys
import threading


class Server:
    def __init__(self, argv):
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        self.next_id = 0

    def send(self, method, params, request=True):
        message = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.next_id += 1
            message["id"] = self.next_id
        body = json.dumps(message).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return message.get("id")

    def receive(self):
        length = None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit("the server closed its output")
            line = line.strip()
            if not line:
                break
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return json.loads(self.process.stdout.read(length))

    def wait_for(self, matches):
        while True:
            message = self.receive()
            if matches(message):
                return message


def main():
    server_path, file_path, positions = sys.argv[1], sys.argv[2], sys.argv[3:]
    # A hung server fails the test instead of hanging it.
    timer = threading.Timer(60, lambda: os._exit(3))
    timer.daemon = True
    timer.start()

    server = Server([server_path])
    uri = pathlib.Path(file_path).resolve().as_uri()
    id = server.send("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {}})
    init = server.wait_for(lambda m: m.get("id") == id)
    capabilities = init["result"]["capabilities"]
    print("capabilities: hover=%s definition=%s" % (
        bool(capabilities.get("hoverProvider")), bool(capabilities.get("definitionProvider"))))
    server.send("initialized", {}, request=False)
    text = pathlib.Path(file_path).read_text()
    server.send(
        "textDocument/didOpen",
        {"textDocument": {"uri": uri, "languageId": "mlir", "version": 1, "text": text}},
        request=False,
    )
    published = server.wait_for(
        lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri
    )
    diagnostics = published["params"]["diagnostics"]
    print("diagnostics: %d" % len(diagnostics))
    for d in diagnostics:
        start = d["range"]["start"]
        print("diagnostic %d:%d severity %d: %s" % (
            start["line"] + 1, start["character"] + 1, d["severity"], d["message"]))

    for position in positions:
        line, column = (int(x) - 1 for x in position.split(":"))
        where = {"textDocument": {"uri": uri}, "position": {"line": line, "character": column}}
        id = server.send("textDocument/hover", where)
        hover = server.wait_for(lambda m: m.get("id") == id).get("result")
        contents = hover["contents"]["value"] if hover else "(none)"
        print("hover %s: %s" % (position, " | ".join(l for l in contents.splitlines() if l.strip())))
        id = server.send("textDocument/definition", where)
        result = server.wait_for(lambda m: m.get("id") == id).get("result") or []
        for location in result if isinstance(result, list) else [result]:
            start = location["range"]["start"]
            print("definition %s: %s:%d:%d" % (
                position, location["uri"].rsplit("/", 1)[-1], start["line"] + 1, start["character"] + 1))

    id = server.send("shutdown", None)
    server.wait_for(lambda m: m.get("id") == id)
    server.send("exit", None, request=False)
    server.process.stdin.close()
    code = server.process.wait(timeout=30)
    print("exit code: %d" % code)


if __name__ == "__main__":
    main()
