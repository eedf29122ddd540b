#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""The docs cannot lie: runs the examples of README.md and docs/*.md.

Every fenced `mlir`, `sh` and `python` block carries a decision, an HTML
comment (invisible once rendered) on the line right above its fence; several
comments may be stacked there:

  <!-- run -->            sh: the block runs as a bash script (-e, pipefail).
                          python: the block is the BUILD file of a package of
                          a temporary workspace, analysed by Bazel.
  <!-- run: workspace --> python: the block is that workspace's WORKSPACE
                          (exactly one in all the docs).
  <!-- run: CMD -->       the block is the input of the shell command CMD,
                          as the file `%s` (or the `file:` name); with
                          `output`, the block is CMD's expected output.
  <!-- norun: REASON -->  the block is not runnable, and REASON says why.
  <!-- file: NAME -->     the block is written to NAME in the working
                          directory, for the runs after it (a decision too,
                          if a later run of the docs uses NAME).
  <!-- output -->         the block is the exact output (stdout and stderr)
                          of the last run above it (or of its own `run:`).
  <!-- output: lines -->  each non-blank line of the block is in that output,
                          in order, as a substring of one line; `...` in a
                          line stands for any text.
  <!-- exit: N -->        the run's expected exit status (default 0).
  <!-- env: K=V ... -->   exported before the run (bash words; $FAKE_CUDA_DRIVER
                          is the runtime's test driver, which loads objects
                          and runs no kernel).
  <!-- from: DOC NAME... --> copies files that DOC's `file:` blocks define.
  <!-- requires: FEATURE --> runs the block only once the tools have FEATURE
                          (see FEATURES); until then it is reported, skipped.

A block of those three languages without a decision fails the test.

Each document runs in a working directory of its own, in document order,
which holds the checkout's sources (symbolic links) and `bazel-bin`, the
build's outputs that this test depends on; `PATH` has the tools
(offload-opt, ...), LLVM's as `llc-22`, `clang++-22`, `mlir-opt-22`, ...,
and a `bazel` that accepts only `bazel build` of targets the test already
has. Kernels run on the host target (MGPU_DEVICE=host, OFFLOAD_CACHE=off).

Besides, in the docs and in every folder's README.md (whose paths may be
relative to their folder, and whose files may be named alone): every
relative link (and its #anchor), every backquoted path of a checkout folder
and every `//package:target` label must exist; every `offload-...` name in
backquotes must be a pass (ODS), a pipeline, a tool or a debug type of the
code; every MGPU_* and OFFLOAD_* name must be a variable that the code reads
(or a name of the runtime's C header); and every message that a table quotes
(a backquoted span in a column headed `message`, with `...` and `<name>` for
what varies) must be one that the code's string literals can make.

Under `bazel test //docs:docs_test`, everything comes from the runfiles and
the checkout (through the WORKSPACE file the test depends on). By hand:
  docs/docs_test.py --checkout . --bazel-bin DIR [--only docs/x.md] [--no-bazel]
where DIR holds tools/, offload_runtime/, ... as bazel-bin does.
"""

import argparse
import difflib
import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

DECIDED_LANGUAGES = {"mlir", "sh", "python"}
KEYS = {"run", "norun", "file", "output", "exit", "env", "from", "requires"}
DECISIONS = {"run", "norun", "file", "output"}
RUN_ONLY = {"exit", "env", "from", "requires"}
MARKER = re.compile(r"^<!--\s*([a-z]+)(?:\s*:\s*(.*?))?\s*-->$")
FENCE = re.compile(r"^(\s*)```\s*(.*)$")
SNIPPET_TIMEOUT_S = 300
# LLVM tools that the docs call by Debian's names, from @offload_llvm.
LLVM_TOOLS = {"llc-22": "llc", "mlir-opt-22": "mlir-opt",
              "mlir-translate-22": "mlir-translate", "ld.lld-22": "ld.lld",
              "clang-22": "clang", "clang++-22": "clang"}
# The features a snippet can require: each a module that offload-opt rejects
# once the feature is there.
FEATURES = {
    # The verifier of #offload.host rejects a CPU, or a feature, that LLVM
    # does not know.
    "host-cpu-verifier": 'gpu.module @m [#offload.host<triple = '
                         '"x86_64-linux-gnu", cpu = "no-such-cpu">] {}\n',
    "host-feature-verifier": 'gpu.module @m [#offload.host<triple = '
                             '"x86_64-linux-gnu", features = "+no-such-feature">] {}\n',
}


@dataclass
class Block:
    doc: str
    line: int
    lang: str
    text: str
    marks: dict = field(default_factory=dict)

    def where(self):
        return f"{self.doc}:{self.line}"


@dataclass
class Doc:
    path: str
    text: str
    blocks: list = field(default_factory=list)


class Failures:
    def __init__(self):
        self.items = []

    def add(self, where, message, detail=""):
        self.items.append((where, message, detail))
        print(f"FAIL {where}: {message}")
        lines = detail.rstrip().splitlines()
        for line in lines[:60]:
            print("  | " + line)
        if len(lines) > 60:
            print(f"  | ... ({len(lines) - 60} more lines)")


# ---------------------------------------------------------------- parsing


def parse_doc(path, text, failures):
    """The document's fenced blocks, each with the markers right above it."""
    doc = Doc(path, text)
    lines = text.splitlines()
    pending, block, indent = [], None, 0
    for number, line in enumerate(lines, 1):
        if block is not None:
            if line.strip() == "```":
                doc.blocks.append(block)
                block = None
            else:
                block.text += (line[indent:] if not line[:indent].strip() else line.lstrip()) + "\n"
            continue
        marker = MARKER.match(line.strip())
        if marker and marker.group(1) in KEYS:
            pending.append((number, marker.group(1), marker.group(2) or ""))
            continue
        if marker and line.strip().startswith("<!--"):
            failures.add(f"{path}:{number}", f"unknown marker '{marker.group(1)}'")
            continue
        fence = FENCE.match(line)
        if fence:
            indent = len(fence.group(1))
            lang = fence.group(2).split()[0] if fence.group(2) else ""
            block = Block(path, number, lang, "")
            for at, key, value in pending:
                if key in block.marks:
                    failures.add(f"{path}:{at}", f"'{key}' given twice for one block")
                block.marks[key] = value
            pending = []
            continue
        if pending:
            failures.add(f"{path}:{pending[0][0]}",
                         "marker not on the line right above a fenced block")
            pending = []
    if block is not None:
        failures.add(block.where(), "fenced block never closed")
    if pending:
        failures.add(f"{path}:{pending[0][0]}", "marker not on the line right above a fenced block")
    return doc


def check_decisions(docs, failures):
    """Every mlir/sh/python block is decided, and the markers make sense."""
    files = {(d.path, b.marks["file"]) for d in docs for b in d.blocks if "file" in b.marks}
    used = set()
    for doc in docs:
        for block in doc.blocks:
            for name in block.marks.get("from", "").split()[1:]:
                used.add((normalize_doc(block.marks["from"].split()[0]), name))
    for doc in docs:
        runs = [b for b in doc.blocks if "run" in b.marks]
        for block in doc.blocks:
            marks, where = block.marks, block.where()
            if block.lang in DECIDED_LANGUAGES and not marks.keys() & DECISIONS:
                failures.add(where, f"`{block.lang}` block without a decision: mark it "
                             "<!-- run... -->, <!-- norun: why --> or <!-- file: NAME -->")
            if "norun" in marks:
                if not marks["norun"]:
                    failures.add(where, "norun without a reason")
                if marks.keys() - {"norun"}:
                    failures.add(where, "norun with other markers")
            for key in sorted(marks.keys() & RUN_ONLY):
                if "run" not in marks:
                    failures.add(where, f"'{key}' without 'run'")
            if "exit" in marks and not marks["exit"].isdigit():
                failures.add(where, f"exit status '{marks['exit']}' is not a number")
            if "requires" in marks and marks["requires"] not in FEATURES:
                failures.add(where, f"unknown feature '{marks['requires']}'; "
                             f"known: {', '.join(sorted(FEATURES))}")
            if marks.get("output", "") not in ("", "lines"):
                failures.add(where, "output takes no value, or 'lines'")
            if block.lang == "python" and marks.get("run", "") not in ("", "workspace"):
                failures.add(where, "a python block runs as a BUILD file (run) "
                             "or as the WORKSPACE (run: workspace)")
            if "run" in marks and not marks["run"] and block.lang not in ("sh", "python"):
                failures.add(where, f"a `{block.lang}` block runs through a command: "
                             "<!-- run: CMD -->")
            if "from" in marks:
                source, *names = marks["from"].split()
                for name in names:
                    if (normalize_doc(source), name) not in files:
                        failures.add(where, f"{source} has no <!-- file: {name} --> block")
            if "file" in marks and "run" not in marks:
                name = marks["file"]
                later = [b for b in runs if b.line > block.line]
                if not any(name in b.text or name in b.marks["run"] for b in later) \
                        and (doc.path, name) not in used:
                    failures.add(where, f"file {name} is used by no run")


def normalize_doc(name):
    return name if name == "README.md" or name.startswith("docs/") else "docs/" + name


# --------------------------------------------------- links, paths, labels


def slug(heading):
    """GitHub's anchor for a heading."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def outside_blocks(text):
    """(line number, line) of the lines outside fenced blocks and their fences."""
    in_block = False
    for number, line in enumerate(text.splitlines(), 1):
        if in_block:
            in_block = line.strip() != "```"
        elif FENCE.match(line):
            in_block = True
        else:
            yield number, line


def anchors(text):
    found, seen = set(), {}
    for _, line in outside_blocks(text):
        heading = re.match(r"^#{1,6}\s+(.*)$", line)
        if heading:
            base = slug(heading.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def check_links(checkout, docs, failures):
    for doc in docs:
        for number, line in outside_blocks(doc.text):
            for target in re.findall(r"\]\(([^)\s]+)\)", line):
                if re.match(r"^[a-z]+:", target):
                    continue
                path, _, anchor = target.partition("#")
                base = os.path.dirname(os.path.join(checkout, doc.path))
                full = os.path.normpath(os.path.join(base, path)) if path else \
                    os.path.join(checkout, doc.path)
                where = f"{doc.path}:{number}"
                if not os.path.exists(full):
                    failures.add(where, f"link to {target}: no such file")
                elif anchor and full.endswith(".md"):
                    with open(full, encoding="utf-8") as f:
                        if anchor not in anchors(f.read()):
                            failures.add(where, f"link to {target}: no heading has that anchor")


def folder_readmes(checkout):
    """The README.md of each folder of the checkout, but its root's."""
    found = []
    for folder in sorted(source_folders(checkout)):
        for root, dirs, names in os.walk(os.path.join(checkout, folder)):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "bazel-")))
            if "README.md" in names:
                found.append(os.path.relpath(os.path.join(root, "README.md"), checkout))
    return found


def source_folders(checkout):
    return {e for e in os.listdir(checkout)
            if os.path.isdir(os.path.join(checkout, e))
            and not e.startswith((".", "bazel-"))}


PATH_WORD = re.compile(r"^([\w.+-]+)(/[\w.*+-]+)+/?$")
LABEL = re.compile(r"(?<![\w:@])(?:@offload)?(//[\w./+-]*(?::[\w./+-]*)?)")


def code_spans(doc):
    """(line number, text) of inline code and of sh blocks' lines."""
    for number, line in outside_blocks(doc.text):
        for span in re.findall(r"`([^`]+)`", line):
            yield number, span
    for block in doc.blocks:
        if block.lang == "sh":
            for offset, line in enumerate(block.text.splitlines(), 1):
                yield block.line + offset, line


# A file named alone in a folder's README: one of that folder's, found
# anywhere below it.
FILE_WORD = re.compile(r"^[\w*+-][\w.*+-]*\.(?:\*|cc|cpp|c|h|inc|def|td|py|bzl|sh|ll|mlir|"
                       r"spvasm|hsaco|lds|cl|in)$")


def path_base(checkout, doc, first, folders):
    """Where `first`/... named in `doc` lies: a folder of the checkout, or,
    in a folder's README and in docs/, an entry of the document's folder;
    None for anything else (a path of an installation, a tool's output)."""
    if first in (".", ".."):
        return None
    if first in folders:
        return checkout
    here = os.path.dirname(os.path.join(checkout, doc.path))
    if here != checkout and os.path.exists(os.path.join(here, first)):
        return here
    return None


def generated_or_external(folder, name):
    """Whether a BUILD file below `folder` makes `name` (its outs), or a
    source there includes it (a header of LLVM's or of a vendor's)."""
    pattern = r'[^/"<>]*'.join(re.escape(part) for part in name.split("*"))
    made = re.compile(r'\bouts?\s*=\s*\[?[^\]]*"' + pattern + '"')
    included = re.compile(r'#include\s*[<"](?:[^>"]*/)?' + pattern + '[>"]')
    for root, dirs, names in os.walk(folder):
        dirs[:] = [d for d in dirs if not d.startswith((".", "bazel-"))]
        for entry in names:
            if entry in ("BUILD", "BUILD.bazel"):
                wanted = made
            elif entry.endswith((".h", ".cc", ".cpp")):
                wanted = included
            else:
                continue
            with open(os.path.join(root, entry), encoding="utf-8", errors="replace") as f:
                if wanted.search(f.read()):
                    return True
    return False


def check_paths(checkout, docs, failures):
    """Each backquoted path of the checkout exists, or is made by a BUILD
    file of its folder; in a folder's README, paths relative to the folder,
    and files named alone (`Foo.cpp`, `status.*`, `tests/`) somewhere below
    it, too. `*` is a glob; `...` and `<name>` stand for anything."""
    folders = source_folders(checkout)
    for doc in docs:
        folder_readme = doc.path != "README.md" and os.path.basename(doc.path) == "README.md"
        here = os.path.dirname(os.path.join(checkout, doc.path))
        for number, span in code_spans(doc):
            for word in re.split(r"[\s=,;()'\"]+", span):
                if "..." in word:
                    continue
                where = f"{doc.path}:{number}"
                match = PATH_WORD.match(word)
                base = match and path_base(checkout, doc, match.group(1), folders)
                if base:
                    full = os.path.join(base, word.rstrip("/"))
                    if not glob.glob(full) and not generated_or_external(
                            os.path.dirname(full), os.path.basename(full)):
                        failures.add(where, f"`{word}`: no such file in the checkout")
                elif folder_readme and (FILE_WORD.match(word) or re.match(r"^[\w.+-]+/$", word)):
                    name = word.rstrip("/")
                    if name not in folders and not glob.glob(
                            os.path.join(here, "**", name), recursive=True) \
                            and not generated_or_external(here, name):
                        failures.add(where, f"`{word}`: no such file in {os.path.dirname(doc.path)}/")


def doc_labels(docs, checkout):
    """{label: first place}, for labels of this repository's packages."""
    folders = source_folders(checkout)
    labels = {}
    for doc in docs:
        for number, span in code_spans(doc):
            for label in LABEL.findall(span):
                package = label[2:].split(":")[0]
                if (not package or package.split("/")[0] not in folders or "<" in span
                        or "*" in label or label.endswith(":")):
                    continue
                labels.setdefault(label, f"{doc.path}:{number}")
    return labels


# --------------------------------------------------------------- running


def matches(expected, output, mode, ordered=True):
    """None if `output` shows `expected`, else what is missing."""
    def clean(text):
        lines = [l.rstrip() for l in text.splitlines()]
        while lines and not lines[0]:
            lines.pop(0)
        while lines and not lines[-1]:
            lines.pop()
        return lines

    got = clean(output)
    if mode != "lines":
        want = clean(expected)
        if got == want:
            return None
        return "\n".join(difflib.unified_diff(want, got, "the doc", "the output", lineterm=""))
    at = 0
    for want in (l.strip() for l in expected.splitlines()):
        if not want:
            continue
        pattern = re.compile(".*".join(re.escape(p) for p in want.split("...")))
        if not ordered:
            at = 0
        while at < len(got) and not pattern.search(got[at]):
            at += 1
        if at == len(got):
            return f"not found{' (in order)' if ordered else ''}: {want}"
        at += 1
    return None


class Runner:
    """Runs the shell and mlir snippets of each document."""

    def __init__(self, checkout, bazel_bin, llvm, cuda, tmp, failures):
        self.checkout, self.bazel_bin, self.tmp = checkout, bazel_bin, tmp
        self.failures = failures
        self.features = {}
        self.counts = {"run": 0, "output": 0, "norun": 0, "skipped": 0}
        bin_dir = os.path.join(tmp, "bin")
        os.makedirs(bin_dir, exist_ok=True)
        for name, tool in LLVM_TOOLS.items():
            os.symlink(os.path.join(llvm, "bin", tool), os.path.join(bin_dir, name))
        shim = os.path.join(bin_dir, "bazel")
        with open(shim, "w") as f:
            f.write(BAZEL_SHIM.replace("@BAZEL_BIN@", bazel_bin))
        os.chmod(shim, 0o755)
        self.env = {
            "PATH": os.pathsep.join([bin_dir, os.path.join(bazel_bin, "tools"),
                                     "/usr/local/bin", "/usr/bin", "/bin"]),
            "HOME": os.path.join(tmp, "home"),
            "TMPDIR": tmp,
            "LANG": "C.UTF-8",
            "MGPU_DEVICE": "host",
            "OFFLOAD_CACHE": "off",
            "CUDA_ROOT": cuda,
            "FAKE_CUDA_DRIVER": os.path.join(bazel_bin, "offload_runtime", "testing",
                                             "libfake_cuda.so"),
        }
        os.makedirs(self.env["HOME"], exist_ok=True)

    def workdir(self, doc):
        path = os.path.join(self.tmp, "work", doc.path.replace("/", "_"))
        os.makedirs(path)
        for entry in os.listdir(self.checkout):
            if not entry.startswith((".", "bazel-")):
                os.symlink(os.path.join(self.checkout, entry), os.path.join(path, entry))
        os.symlink(self.bazel_bin, os.path.join(path, "bazel-bin"))
        return path

    def shell(self, script, cwd, env_words=""):
        preamble = f"export {env_words}\n" if env_words else ""
        try:
            result = subprocess.run(
                ["bash", "-e", "-o", "pipefail", "-c", preamble + script], cwd=cwd,
                env=self.env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                timeout=SNIPPET_TIMEOUT_S)
        except subprocess.TimeoutExpired as e:
            return 124, (e.stdout or b"").decode(errors="replace") + "\n(timed out)"
        return result.returncode, result.stdout.decode(errors="replace")

    def has_feature(self, name):
        if name not in self.features:
            probe = os.path.join(self.tmp, f"feature-{name}.mlir")
            with open(probe, "w") as f:
                f.write(FEATURES[name])
            status, _ = self.shell(f"offload-opt {shlex.quote(probe)}", self.tmp)
            self.features[name] = status != 0
        return self.features[name]

    def run_doc(self, doc, files):
        cwd, last = self.workdir(doc), None
        for block in doc.blocks:
            marks = block.marks
            if "norun" in marks:
                self.counts["norun"] += 1
            if block.lang == "python" and "run" in marks:
                last = STARLARK
            if last is STARLARK and "output" in marks and "run" not in marks:
                continue  # Bazel's errors, checked with the analysis
            if block.lang == "python" or not marks.keys() & {"run", "file", "output"}:
                continue
            if "requires" in marks and not self.has_feature(marks["requires"]):
                print(f"SKIP {block.where()}: until the tools have {marks['requires']}")
                self.counts["skipped"] += 1
                last = SKIPPED
                continue
            if last is SKIPPED and "output" in marks and "run" not in marks:
                continue
            if "from" in marks:
                source, *names = marks["from"].split()
                for name in names:
                    with open(os.path.join(cwd, name), "w") as f:
                        f.write(files[(normalize_doc(source), name)])
            if "file" in marks:
                with open(os.path.join(cwd, marks["file"]), "w") as f:
                    f.write(block.text)
            if "run" in marks:
                last = self.run_block(block, cwd)
            if "output" in marks:
                self.check_output(block, last)

    def run_block(self, block, cwd):
        marks, command = block.marks, block.marks["run"]
        if not command:
            script = block.text
        elif "output" in marks:
            script = command
        else:
            name = marks.get("file") or f".block-{block.line}.{block.lang or 'txt'}"
            if "file" not in marks:
                with open(os.path.join(cwd, name), "w") as f:
                    f.write(block.text)
            script = command.replace("%s", shlex.quote(name))
        self.counts["run"] += 1
        status, output = self.shell(script, cwd, marks.get("env", ""))
        want = int(marks.get("exit", "0") or 0)
        print(f"ran  {block.where()}: exit status {status}")
        if status != want:
            self.failures.add(block.where(), f"exit status {status}, expected {want}", output)
            return None
        return output

    def check_output(self, block, output):
        if output is None:
            self.failures.add(block.where(), "an output block with no successful run above it")
            return
        self.counts["output"] += 1
        problem = matches(block.text, output, block.marks["output"])
        if problem:
            self.failures.add(block.where(), "the output differs from the doc",
                              problem + "\n--- the whole output:\n" + output)


STARLARK = object()  # the last run was a BUILD snippet
SKIPPED = object()  # the last run waits for a feature
BAZEL_SHIM = r"""#!/bin/bash
# docs_test's bazel: `bazel build` of what the test already has in its data
# (as @BAZEL_BIN@/<package>/<name>); anything else is for a norun block.
if [[ $1 != build ]]; then
  echo "docs_test: 'bazel $1' does not run in the docs test: mark the block norun" >&2
  exit 2
fi
shift
for label in "$@"; do
  package=${label#//}; package=${package%%:*}; name=${label##*:}
  if [[ $label != //*:* || ! -e @BAZEL_BIN@/$package/${name/#all/} ]]; then
    echo "docs_test: $label is not in the test's data (docs/BUILD.bazel)" >&2
    exit 2
  fi
done
"""


# -------------------------------------------------------------- Starlark


def starlark_packages(docs):
    """(package name, block, its output blocks) of each BUILD snippet, and
    the WORKSPACE blocks."""
    packages, workspaces = [], []
    for doc in docs:
        for block in doc.blocks:
            if "run" in block.marks and block.lang != "python" and packages:
                packages[-1][2].append(None)  # no output block after this
            elif "output" in block.marks and packages and None not in packages[-1][2] \
                    and packages[-1][1].doc == doc.path:
                packages[-1][2].append(block)
            if block.lang != "python" or "run" not in block.marks:
                continue
            if block.marks["run"] == "workspace":
                workspaces.append(block)
            else:
                stem = re.sub(r"\W", "_", doc.path.replace(".md", ""))
                packages.append((f"{stem}_{block.line}", block, []))
    return [(p, b, [o for o in outputs if o]) for p, b, outputs in packages], workspaces


def check_starlark(docs, files, labels, checkout, tmp, bazel, failures):
    """Analyses the BUILD snippets and queries the labels in one workspace."""
    packages, workspaces = starlark_packages(docs)
    if len(workspaces) != 1:
        failures.add("docs", f"{len(workspaces)} <!-- run: workspace --> blocks; "
                     "the BUILD snippets need exactly one")
        return 0
    workspace = os.path.join(tmp, "starlark")
    os.makedirs(workspace)
    with open(os.path.join(workspace, "WORKSPACE"), "w") as f:
        f.write(workspaces[0].text)
    repo = re.search(r'local_repository\(\s*name\s*=\s*"offload",\s*path\s*=\s*"([^"]+)"',
                     workspaces[0].text)
    if not repo or os.path.isabs(repo.group(1)):
        failures.add(workspaces[0].where(), "no local_repository @offload at a relative path")
        return 0
    link = os.path.join(workspace, repo.group(1))
    os.makedirs(os.path.dirname(link), exist_ok=True)
    os.symlink(checkout, link)
    with open(os.path.join(workspace, ".bazelignore"), "w") as f:
        f.write(repo.group(1) + "\n")
    for package, block, _ in packages:
        write_package(os.path.join(workspace, package), block, files)

    root = os.path.join(tmp, "bazel-root")
    base = [bazel, "--nohome_rc", f"--output_user_root={root}",
            f"--output_base={root}/base"]
    env = dict(os.environ, HOME=os.path.join(tmp, "home"))
    try:
        result = subprocess.run(
            base + ["build", "--nobuild", "--keep_going", "--noshow_progress",
                    "--color=no", "--curses=no"] + [f"//{p}:all" for p, _, _ in packages],
            cwd=workspace, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        output = result.stdout.decode(errors="replace")
        check_analysis(packages, output, result.returncode, failures)
        if labels:
            check_labels(labels, checkout, base, workspace, env, failures)
    finally:
        subprocess.run(base + ["shutdown"], cwd=workspace, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return len(packages)


def write_package(path, block, files):
    """The snippet as a BUILD file, with the sources it names."""
    os.makedirs(path)
    with open(os.path.join(path, "BUILD.bazel"), "w") as f:
        f.write(block.text)
    for name in re.findall(r'"([\w./-]+\.(?:mlir|cc|cpp|c|h|bc))"', block.text):
        os.makedirs(os.path.dirname(os.path.join(path, name)), exist_ok=True)
        with open(os.path.join(path, name), "w") as f:
            f.write(files.get((block.doc, name), ""))


def bazel_messages(output):
    """Bazel's output, split into its ERROR/WARNING/INFO messages."""
    messages = []
    for line in output.splitlines():
        if re.match(r"^(ERROR|WARNING|INFO|DEBUG):", line) or not messages:
            messages.append(line)
        else:
            messages[-1] += "\n" + line
    return messages


def check_analysis(packages, output, status, failures):
    messages = bazel_messages(output)
    attributed = False
    for package, block, outputs in packages:
        mine = [m for m in messages if f"/{package}/BUILD" in m or f"//{package}:" in m]
        errors = "\n".join(m for m in mine if m.startswith("ERROR"))
        attributed = attributed or bool(errors)
        want = int(block.marks.get("exit", "0") or 0)
        print(f"analysed {block.where()} as //{package}: "
              f"{'errors' if errors else 'no error'}")
        if want == 0 and errors:
            failures.add(block.where(), "Bazel's analysis fails", "\n".join(mine))
        elif want != 0 and not errors:
            failures.add(block.where(), "Bazel's analysis was expected to fail")
        for expected in outputs:
            # Bazel analyses targets in parallel: its errors come in any order.
            problem = matches(expected.text, "\n".join(mine), "lines", ordered=False)
            if problem:
                failures.add(expected.where(), "Bazel's errors differ from the doc",
                             problem + "\n--- Bazel said:\n" + "\n".join(mine))
    if status != 0 and not attributed:
        failures.add("docs", f"bazel exited with {status}", output)


def check_labels(labels, checkout, base, workspace, env, failures):
    """Each label of the docs names a target of this repository."""
    patterns = {label: "@offload" + (label if ":" in label or label.endswith("/...")
                                     else f"{label}:{label.rsplit('/', 1)[-1]}")
                for label in labels}
    queried = sorted({p for l, p in patterns.items() if not l.endswith(".bzl")})
    result = subprocess.run(
        base + ["query", "--keep_going", "--output=label", "--noshow_progress",
                " + ".join(queried)],
        cwd=workspace, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    found = set(result.stdout.decode().split())
    for label, pattern in sorted(patterns.items()):
        if label.endswith(".bzl"):  # loaded, not built: a file of the package
            ok = os.path.isfile(os.path.join(checkout, label[2:].replace(":", "/")))
        elif pattern.endswith(("/...", ":all")):
            prefix = pattern.rsplit("/...", 1)[0].rsplit(":all", 1)[0]
            ok = any(f.startswith(prefix) for f in found)
        else:
            ok = pattern in found
        if not ok:
            failures.add(labels[label], f"`{label}` is no target of this repository")
    print(f"queried {len(labels)} labels")


# ------------------------------------------- names that the code must have


# What printf and formatv put into a literal: where a value goes.
PRINTF_CONVERSION = re.compile(r"%(?:l{0,2}|z)[sdiuxf]|\{\d+\}")
SOURCE_SUFFIXES = (".cpp", ".cc", ".c", ".h", ".inc", ".def", ".td", ".py", ".bzl", ".sh",
                   ".bazel", ".lds", ".in")


def is_test_path(path):
    """Tests, their data and the docs' own test: what the code is checked by,
    not what it does."""
    parts = path.split("/")
    return bool({"tests", "testing", "testdata"} & set(parts)) or parts[0] == "docs"


class Sources:
    """The checkout's source files (path relative to the checkout: text),
    read once; the docs' names are looked up in them."""

    def __init__(self, checkout, files=None):
        self.files = files if files is not None else self.read(checkout)
        self._literals = None

    @staticmethod
    def read(checkout):
        files = {}
        for folder in sorted(source_folders(checkout)):
            for root, dirs, names in os.walk(os.path.join(checkout, folder)):
                dirs[:] = sorted(d for d in dirs if not d.startswith((".", "bazel-")))
                for name in names:
                    if name.endswith(SOURCE_SUFFIXES) or name == "BUILD":
                        path = os.path.join(root, name)
                        with open(path, encoding="utf-8", errors="replace") as f:
                            files[os.path.relpath(path, checkout)] = f.read()
        return files

    def code(self):
        """(path, text) of the files that are no test."""
        return ((p, t) for p, t in sorted(self.files.items()) if not is_test_path(p))

    def passes(self):
        """Every name `offload-opt` or a Bazel target knows by an `offload-`
        word: passes (ODS), pipelines, tools, and LLVM_DEBUG's types."""
        names = set()
        for path, text in self.files.items():
            if path.endswith(".td"):
                names.update(re.findall(r'\bPass<\s*"([\w-]+)"', text))
            if path.endswith((".cpp", ".h")):
                names.update(re.findall(r'registerPipeline<[^>]*>\(\s*"([\w-]+)"', text))
                names.update(re.findall(r'#define\s+DEBUG_TYPE\s+"([\w-]+)"', text))
            if os.path.basename(path) in ("BUILD", "BUILD.bazel"):
                names.update(re.findall(r'\bname\s*=\s*"(offload-[\w.-]+)"', text))
        return names

    def literals(self):
        """The string literals of the code (not of its tests), adjacent ones
        joined and printf's conversions taken as breaks: one string to
        search, each literal between NULs, and the set of them."""
        if self._literals is None:
            found = []
            for path, text in self.code():
                if not path.endswith((".cpp", ".cc", ".c", ".h", ".inc", ".td", ".py", ".bzl")):
                    continue
                for run in re.finditer(r'"(?:[^"\\\n]|\\.)*"(?:\s*"(?:[^"\\\n]|\\.)*")*', text):
                    parts = re.findall(r'"((?:[^"\\\n]|\\.)*)"', run.group(0))
                    joined = "".join(parts).replace('\\"', '"').replace("\\'", "'") \
                        .replace("\\n", "\n").replace("\\\\", "\\")
                    found.extend(p for p in PRINTF_CONVERSION.split(joined) if p)
            self._literals = ("\0" + "\0".join(found) + "\0", set(found))
        return self._literals


# An `offload-` word of a backquoted span (`--offload-x` too): not a file
# name, nor a stem standing for several (`offload-lower-to-...`).
OFFLOAD_NAME = re.compile(r"(?<![\w/.])(?<!\w-)(offload-[a-z0-9]+(?:-[a-z0-9]+)*)"
                          r"(?![\w/-]|\.[a-z])")


def check_pass_names(docs, sources, failures):
    """Each `offload-...` name is a pass, a pipeline, a tool or a debug type."""
    known = sources.passes()
    for doc in docs:
        for number, span in code_spans(doc):
            for name in OFFLOAD_NAME.findall(span):
                if name not in known:
                    failures.add(f"{doc.path}:{number}", f"`{name}` is no pass, pipeline, tool "
                                 "or debug type of this repository")


ENVIRONMENT_NAME = re.compile(r"\b((?:MGPU|OFFLOAD)_[A-Z0-9_]*[A-Z0-9])\b")


def check_environment(docs, sources, failures):
    """Each MGPU_* and OFFLOAD_* name of the docs is read by the code (a
    string literal, or $NAME in a script, outside the tests), is a name of
    the runtime's C header, or is a macro that the code defines."""
    read, declared = set(), set()
    for path, text in sources.code():
        read.update(re.findall(r'"((?:MGPU|OFFLOAD)_\w+)"', text))
        if path.endswith(".sh"):
            read.update(re.findall(r"\$\{?((?:MGPU|OFFLOAD)_\w+)", text))
        if path.startswith("offload_runtime/include/"):
            declared.update(ENVIRONMENT_NAME.findall(text))
        declared.update(re.findall(r"^#define ((?:MGPU|OFFLOAD)_\w+)", text, re.M))
    for doc in docs:
        for number, line in enumerate(doc.text.splitlines(), 1):
            for name in ENVIRONMENT_NAME.findall(line):
                if name not in read and name not in declared:
                    failures.add(f"{doc.path}:{number}", f"{name}: no code reads it, the "
                                 "runtime's header does not declare it, and no macro is it")


# A placeholder in a quoted message: `...`, `<path>`, and the values that
# the code puts between its literals (@names, 'quoted', numbers, chips,
# features, attributes). What is left of the message are pieces of its text.
MESSAGE_HOLE = re.compile(r"\.\.\.|<[^<>]*>|(?<=@)(?:\"[^\"]*\"|[\w.$]+)|(?<=')[^']*(?=')"
                          r"|#[\w.]+(?:<(?:[^<>]|<[^<>]*>)*>)?|\+\w+|\b\w*_\w*\b|\bgfx\w+"
                          r"|(?<![\w./])\d+(?:\.\d+)*(?![\w/]|\.\w)|\b[A-Z]\b|%[\w.]+")


def message_cells(doc):
    """(line number, cell) of the columns headed `message` of the doc's
    tables: the quotes of the code's messages."""
    columns, previous = [], ""
    for number, line in outside_blocks(doc.text):
        if not line.startswith("|"):
            columns, previous = [], ""
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if all(re.fullmatch(r"-+", c) for c in cells):
            heads = [c.strip() for c in previous.strip().strip("|").split("|")]
            columns = [i for i, h in enumerate(heads) if h.startswith("message")]
        else:
            for i in columns:
                if i < len(cells):
                    yield number, cells[i]
        previous = line


def joinable(text, first=False, last=False):
    """Whether `text`, a literal or the end or the start of one where the
    code joins them, can be told from a few letters of any literal: four
    characters, or bounded by punctuation or spaces (" or ") where it
    meets the next one."""
    return len(text.strip()) >= 4 or ((first or not text[0].isalnum())
                                      and (last or not text[-1].isalnum()))


def message_in_code(message, literals):
    """Whether the code can print `message`: each piece between its
    placeholders is text of one literal, or the end of one, whole literals,
    then the start of one (where the code joins them)."""
    literals, whole = literals
    for piece in MESSAGE_HOLE.split(message):
        piece = piece.strip()
        if len(piece) < 3 or piece in literals:
            continue
        n = len(piece)
        ends = {j for j in range(1, n + 1)
                if joinable(piece[:j], first=True) and piece[:j] + "\0" in literals}
        seen = set()
        while ends:
            i = ends.pop()
            seen.add(i)
            if i == n or joinable(piece[i:], last=True) and "\0" + piece[i:] in literals:
                break
            ends.update(j for j in range(i + 1, n + 1)
                        if j not in seen and piece[i:j] in whole and joinable(piece[i:j]))
        else:
            return False
    return True


def check_messages(docs, sources, failures):
    """Each message that a doc's table quotes (a backquoted span of three
    words or more in a `message` column) is one that the code can print."""
    for doc in docs:
        for number, cell in message_cells(doc):
            for span in re.findall(r"`([^`]+)`", cell):
                if len(span.split()) >= 3 and not message_in_code(span, sources.literals()):
                    failures.add(f"{doc.path}:{number}",
                                 f"`{span}`: no message of the code reads so")


# ------------------------------------------------------------------ main


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checkout")
    parser.add_argument("--bazel-bin")
    parser.add_argument("--llvm", default="/usr/lib/llvm-22")
    parser.add_argument("--cuda", default="/usr/local/cuda")
    parser.add_argument("--only", action="append", help="run these documents' snippets only")
    parser.add_argument("--no-bazel", action="store_true", help="no Starlark, no labels")
    args = parser.parse_args()
    runfiles = os.environ.get("TEST_SRCDIR")
    if runfiles:
        main_repo = os.path.join(runfiles, os.environ["TEST_WORKSPACE"])
        checkout = os.path.dirname(os.path.realpath(os.path.join(main_repo, "WORKSPACE")))
        bazel_bin, llvm = main_repo, os.path.join(runfiles, "offload_llvm")
        cuda = os.path.join(runfiles, "offload_cuda")
        tmp = os.environ["TEST_TMPDIR"]
    else:
        if not args.checkout or not args.bazel_bin:
            parser.error("outside `bazel test`, --checkout and --bazel-bin are needed")
        checkout, bazel_bin = os.path.abspath(args.checkout), os.path.abspath(args.bazel_bin)
        llvm, cuda, tmp = args.llvm, args.cuda, tempfile.mkdtemp(prefix="docs_test.")

    failures = Failures()
    paths = ["README.md"] + sorted(f"docs/{n}" for n in os.listdir(os.path.join(checkout, "docs"))
                                   if n.endswith(".md")) + folder_readmes(checkout)
    docs = []
    for path in paths:
        with open(os.path.join(checkout, path), encoding="utf-8") as f:
            docs.append(parse_doc(path, f.read(), failures))
    files = {(d.path, b.marks["file"]): b.text for d in docs for b in d.blocks if "file" in b.marks}
    check_decisions(docs, failures)
    check_links(checkout, docs, failures)
    check_paths(checkout, docs, failures)
    sources = Sources(checkout)
    check_pass_names(docs, sources, failures)
    check_environment(docs, sources, failures)
    check_messages(docs, sources, failures)

    runner = Runner(checkout, bazel_bin, llvm, cuda, tmp, failures)
    for doc in docs:
        if not args.only or doc.path in args.only:
            runner.run_doc(doc, files)
    analysed = 0
    if not args.no_bazel:
        bazel = shutil.which("bazel") or "/usr/bin/bazel"
        analysed = check_starlark(docs, files, doc_labels(docs, checkout), checkout, tmp,
                                  bazel, failures)

    counts = runner.counts
    print(f"\n{counts['run']} snippets run, {counts['output']} outputs checked, "
          f"{analysed} BUILD snippets analysed, {counts['norun']} not runnable, "
          f"{counts['skipped']} waiting for a feature; {len(failures.items)} failures")
    return 1 if failures.items else 0


if __name__ == "__main__":
    sys.exit(main())
